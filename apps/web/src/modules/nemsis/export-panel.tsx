import type { NemsisExportCheck, NemsisIssue } from '@licensure/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';

const severityLabel = { error: 'Error', warning: 'Warning' } as const;

/**
 * A NEMSIS export's panel: "Validate" writes the export and checks it against the NEMSIS XSD and the
 * national Schematron; the report (errors and warnings by element and record) shows, then Download.
 */
export function NemsisExportPanel(props: {
  headingId: string;
  title: string;
  check: () => Promise<NemsisExportCheck>;
  downloadUrl: string;
}) {
  const run = useMutation({ mutationFn: props.check });
  const result = run.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby={props.headingId}>
      <Title order={2} size="h3" id={props.headingId}>
        {props.title}
      </Title>
      <Text size="sm">
        The file is NEMSIS v3.5.1. It is checked against the NEMSIS schema and the national Schematron rules
        before you download it.
      </Text>
      <Group>
        <Button onClick={() => run.mutate()} loading={run.isPending}>
          Validate the export
        </Button>
      </Group>
      {run.isError ? (
        <Alert color="red" title="The export could not be validated" role="alert">
          {run.error instanceof Error ? run.error.message : 'Try again.'}
        </Alert>
      ) : null}
      {result ? <ValidationReport check={result} downloadUrl={props.downloadUrl} /> : null}
    </Stack>
  );
}

function ValidationReport({ check, downloadUrl }: { check: NemsisExportCheck; downloadUrl: string }) {
  const { report } = check;
  const shown = report.issues.length;
  return (
    <Stack gap="sm">
      <Alert
        color={report.valid ? 'green' : 'red'}
        title={
          report.valid
            ? 'Valid: the export passes the NEMSIS schema and rules'
            : 'Not valid: fix the errors below'
        }
        role="status"
      >
        <Text size="sm">
          {check.file_name}: {report.errors} {report.errors === 1 ? 'error' : 'errors'}, {report.warnings}{' '}
          {report.warnings === 1 ? 'warning' : 'warnings'}. Schema (XSD):{' '}
          {report.xsd_valid ? 'passed' : 'failed'}. Rules (Schematron):{' '}
          {report.schematron_valid ? 'passed' : 'failed'}. NEMSIS {report.version}.
        </Text>
      </Alert>
      {shown > 0 ? (
        <Table striped withTableBorder aria-label="Validation findings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Severity</Table.Th>
              <Table.Th scope="col">Element</Table.Th>
              <Table.Th scope="col">Record</Table.Th>
              <Table.Th scope="col">Where</Table.Th>
              <Table.Th scope="col">Finding</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.issues.map((issue, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's findings never reorder; two may be alike
              <IssueRow key={`${issue.source}-${issue.rule}-${issue.location}-${i}`} issue={issue} />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {shown < report.errors + report.warnings ? (
        <Text size="sm">
          The first {shown} of {report.errors + report.warnings} findings are listed.
        </Text>
      ) : null}
      <Group>
        <Anchor href={downloadUrl} download={check.file_name}>
          Download {check.file_name}
        </Anchor>
      </Group>
    </Stack>
  );
}

function IssueRow({ issue }: { issue: NemsisIssue }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Badge color={issue.severity === 'error' ? 'red' : 'yellow'} variant="light">
          {severityLabel[issue.severity]}
        </Badge>{' '}
        <Text span size="xs">
          ({issue.source === 'xsd' ? 'schema' : 'rule'}
          {issue.rule ? ` ${issue.rule}` : ''})
        </Text>
      </Table.Td>
      <Table.Td>{issue.element ?? '—'}</Table.Td>
      <Table.Td>{issue.record ?? '—'}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{issue.location ?? '—'}</Table.Td>
      <Table.Td>{issue.message}</Table.Td>
    </Table.Tr>
  );
}
