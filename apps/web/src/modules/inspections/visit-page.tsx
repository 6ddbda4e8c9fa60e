import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CheckoutButton } from './checkout-button';
import { documentContentHref, inspectionKeys, inspectionsApi, visitWhen } from './inspections-api';
import { statusLabel } from './visit-calendar-page';

/** `/staff/inspections/visits/:id`: a visit, its inspections, and who has it checked out. */
export function VisitPage() {
  const { id = '' } = useParams();
  const { viewer, account } = useSignedIn();
  const [checkedOut, setCheckedOut] = useState<string | null>(null);
  const visit = useQuery({ queryKey: inspectionKeys.visit(id), queryFn: () => inspectionsApi.visit(id) });
  const inspections = useQuery({
    queryKey: inspectionKeys.visitInspections(id),
    queryFn: () => inspectionsApi.visitInspections(id),
  });
  const checkouts = useQuery({
    queryKey: inspectionKeys.checkouts(id),
    queryFn: () => inspectionsApi.checkouts(id),
  });
  if (visit.isPending) return <LoadingState label="Loading the visit…" />;
  if (visit.isError)
    return <LoadFailure error={visit.error} what="the visit" onRetry={() => void visit.refetch()} />;
  const v = visit.data;
  const open = checkouts.data?.items[0];
  const canWrite = hasPermission(viewer, 'inspections.write');

  return (
    <Stack gap="md">
      <PageHeader
        title={`Visit to ${v.service_name ?? 'a service'}`}
        description={visitWhen(v)}
        actions={
          <Button variant="default" component={Link} to="/staff/inspections">
            All visits
          </Button>
        }
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <Text>{statusLabel[v.status] ?? v.status}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Inspectors
            </Text>
            <Text>{v.inspector_ids.length}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Checked out
            </Text>
            <Text>
              {open
                ? `By ${open.user_id === account?.id ? 'you' : (open.user_name ?? 'another inspector')} since ${new Date(open.checked_out_at).toLocaleString()}`
                : 'No'}
            </Text>
          </div>
        </SimpleGrid>
        {v.notes ? <Text mt="sm">{v.notes}</Text> : null}
        {canWrite ? (
          <Group mt="md">
            {open?.user_id === account?.id ? (
              <Button component={Link} to={`/staff/inspections/field/${v.id}`} variant="light">
                Open the field work
              </Button>
            ) : (
              <CheckoutButton visitId={v.id} onDone={setCheckedOut} />
            )}
          </Group>
        ) : null}
        {checkedOut ? (
          <Text size="sm" role="status" mt="sm">
            {checkedOut}
          </Text>
        ) : null}
      </Paper>
      <section aria-labelledby="inspections-heading">
        <Title order={2} size="h3" id="inspections-heading" mb="sm">
          Inspections
        </Title>
        {inspections.isPending ? <LoadingState label="Loading inspections…" /> : null}
        {inspections.isSuccess && inspections.data.length === 0 ? (
          <Text>This visit has no inspections.</Text>
        ) : null}
        {inspections.data?.length ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Number</Table.Th>
                  <Table.Th scope="col">Inspects</Table.Th>
                  <Table.Th scope="col">Template</Table.Th>
                  <Table.Th scope="col">Outcome</Table.Th>
                  <Table.Th scope="col">Deficiencies</Table.Th>
                  <Table.Th scope="col">Report</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inspections.data.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/inspections/${i.id}`}>
                        {i.number ?? 'Inspection'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {i.entity === 'vehicle' ? (i.vehicle_name ?? 'Vehicle') : (i.service_name ?? 'Service')}
                    </Table.Td>
                    <Table.Td>{i.template ?? '—'}</Table.Td>
                    <Table.Td>
                      {i.outcome ?? '—'}
                      {i.submitted ? (
                        <Badge ml="xs" color="green" variant="light">
                          Submitted
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{i.deficiencies.length}</Table.Td>
                    <Table.Td>
                      {i.pdf_document_id ? (
                        <Anchor href={documentContentHref(i.pdf_document_id)} target="_blank" rel="noopener">
                          {`PDF report of ${i.number ?? 'the inspection'}`}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </section>
    </Stack>
  );
}
