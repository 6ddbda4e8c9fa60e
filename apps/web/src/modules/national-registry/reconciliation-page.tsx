import {
  type RegistryMismatch,
  type RegistryResolutionAction,
  registryActionsFor,
  registryMismatchLabel,
} from '@licensure/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import {
  nationalRegistryApi,
  nationalRegistryKeys,
  type RegistryImportFailure,
} from './national-registry-api';

const actionLabel: Record<RegistryResolutionAction, string> = {
  accept: "Accept the registry's value onto the person",
  review: 'Mark reviewed: the difference stands',
  link: 'Link the registry number to a person',
};

/** `/staff/national-registry`: import the registry's export and resolve the mismatches it shows. */
export function ReconciliationPage() {
  const { viewer } = useSignedIn();
  const allowed = hasPermission(viewer, 'nationalRegistry.read');
  const canWrite = hasPermission(viewer, 'nationalRegistry.write');
  const list = useQuery({
    queryKey: nationalRegistryKeys.mismatches,
    queryFn: nationalRegistryApi.mismatches,
    enabled: allowed,
  });
  const [resolving, setResolving] = useState<RegistryMismatch | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!allowed) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader title="National Registry reconciliation" />
      <Text>
        Certifications from the National Registry's export compared with the state's people and credentials:
        names, levels and expiration dates that differ, registry certifications that lapsed while the state
        credential is active, and registry numbers that name nobody here.
      </Text>
      {canWrite ? <ImportPanel /> : null}
      <Title order={2} size="h3">
        Mismatches to resolve
      </Title>
      {done ? (
        <Alert
          color="green"
          title="Resolved"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDone(null)}
        >
          {done}
        </Alert>
      ) : null}
      {list.isPending ? <LoadingState label="Loading the mismatches…" /> : null}
      {list.isError ? <ErrorState title="The mismatches could not be loaded" error={list.error} /> : null}
      {list.data?.items.length === 0 ? <Text>No open mismatches.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Caption>{`${list.data.total} open mismatch${list.data.total === 1 ? '' : 'es'}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Registry number</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Mismatch</Table.Th>
                <Table.Th>State's value</Table.Th>
                <Table.Th>Registry's value</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((m) => (
                <Table.Tr key={`${m.registry_data_id}:${m.kind}`}>
                  <Table.Td>{m.registry_number}</Table.Td>
                  <Table.Td>
                    {m.person
                      ? `${m.person.first_name ?? ''} ${m.person.last_name ?? ''}`.trim()
                      : `Nobody here (registry: ${m.registry.first_name} ${m.registry.last_name})`}
                  </Table.Td>
                  <Table.Td>{registryMismatchLabel[m.kind]}</Table.Td>
                  <Table.Td>{m.state_value ?? '—'}</Table.Td>
                  <Table.Td>{m.registry_value}</Table.Td>
                  <Table.Td>
                    {canWrite ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setResolving(m)}
                        aria-label={`Resolve: ${registryMismatchLabel[m.kind]}, ${m.registry_number}`}
                      >
                        Resolve
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {resolving ? (
        <ResolveDialog
          mismatch={resolving}
          onClose={() => setResolving(null)}
          onResolved={(text) => {
            setResolving(null);
            setDone(text);
          }}
        />
      ) : null}
    </Stack>
  );
}

function ImportPanel() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const run = useMutation({
    mutationFn: (f: File) => nationalRegistryApi.importExport(f),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nationalRegistryKeys.mismatches }),
  });
  const failure = run.error as unknown as RegistryImportFailure | null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Import the registry's export
      </Title>
      <Group align="flex-end">
        <FileInput
          label="Registry export (CSV or XLSX)"
          description="Columns: Registry Number, First Name, Last Name, Certification Level, Expiration Date, Status"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          w={360}
        />
        <Button disabled={!file} loading={run.isPending} onClick={() => file && run.mutate(file)}>
          Import
        </Button>
      </Group>
      {run.isSuccess ? (
        <Alert color="green" title="Imported" role="status">
          {`${run.data.rows} certifications imported: ${run.data.linked} matched a person, ${run.data.unknown_numbers} with a registry number unknown here.`}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" title="Nothing was imported" role="alert">
          <Text size="sm">{failure.message}</Text>
          {failure.rows?.length ? (
            <List size="sm">
              {failure.rows.slice(0, 50).map((r) => (
                <List.Item key={`${r.row}:${r.field}`}>{`Row ${r.row}, ${r.field}: ${r.message}`}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

function ResolveDialog({
  mismatch,
  onClose,
  onResolved,
}: {
  mismatch: RegistryMismatch;
  onClose: () => void;
  onResolved: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const actions = registryActionsFor[mismatch.kind];
  const [action, setAction] = useState<RegistryResolutionAction>(actions[0] ?? 'review');
  const [reason, setReason] = useState('');
  const [userId, setUserId] = useState('');
  const save = useMutation({
    mutationFn: () =>
      nationalRegistryApi.resolve(mismatch.registry_data_id, {
        kind: mismatch.kind,
        action,
        reason: action === 'review' ? reason : undefined,
        user_id: action === 'link' ? userId.trim() : undefined,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: nationalRegistryKeys.mismatches });
      onResolved(
        `${registryMismatchLabel[mismatch.kind]} of ${mismatch.registry_number}: ${actionLabel[action].toLowerCase()}.`,
      );
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Resolve: ${registryMismatchLabel[mismatch.kind]}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{`Registry number ${mismatch.registry_number}. State: ${mismatch.state_value ?? '—'}. Registry: ${mismatch.registry_value}.`}</Text>
          <Radio.Group
            label="Resolution"
            value={action}
            onChange={(v) => setAction(v as RegistryResolutionAction)}
          >
            <Stack gap={4} mt={4}>
              {actions.map((a) => (
                <Radio key={a} value={a} label={actionLabel[a]} />
              ))}
            </Stack>
          </Radio.Group>
          {action === 'review' ? (
            <Textarea
              label="Reason"
              description="Why the difference stands (recorded in the change log)"
              required
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
            />
          ) : null}
          {action === 'link' ? (
            <TextInput
              label="Person's id"
              description="From the address of the person's page"
              required
              value={userId}
              onChange={(e) => setUserId(e.currentTarget.value)}
            />
          ) : null}
          {save.isError ? (
            <Alert color="red" role="alert" title="Not resolved">
              {(save.error as Error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
