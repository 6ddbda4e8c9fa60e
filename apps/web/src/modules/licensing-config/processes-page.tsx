import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import {
  LICENCES_BASE,
  licensingConfigApi,
  licensingConfigKeys,
  PROCESSES_BASE,
  type ProcessRow,
  type ProcessStatusRow,
} from './licensing-config-api';
import { useProcesses } from './processes-tab';

type Errors = Record<string, string>;

function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    const out: Errors = {};
    for (const [k, v] of Object.entries(error.fields)) out[k.split('.').at(-1) ?? k] ??= v;
    return out;
  }
  return { _: errorMessage(error) };
}

const processTypes = [
  { value: 'application', label: 'Application review' },
  { value: '', label: 'Other' },
];

/** `/staff/processes` and `/staff/processes/:id`: review processes and the statuses of each. */
export function ProcessesPage() {
  const { id } = useParams();
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'licensing.read');
  const canWrite = hasPermission(viewer, 'licensing.write');
  const processes = useProcesses();
  if (!canRead) return <ForbiddenPage />;
  const selected = id ? processes.data?.find((p) => p.id === id) : undefined;

  return (
    <Stack gap="md">
      <PageHeader
        title="Processes"
        description={
          <>
            The review steps of licence requests (such as a background check), each with its statuses.{' '}
            <Anchor component={Link} to={LICENCES_BASE}>
              Licences
            </Anchor>
          </>
        }
        actions={
          canWrite && id ? (
            <Button component={Link} to={PROCESSES_BASE}>
              New process
            </Button>
          ) : null
        }
      />
      {processes.isPending ? <LoadingState label="Loading processes…" /> : null}
      {processes.isError ? (
        <ErrorState
          error={processes.error}
          title="Could not load the processes"
          onRetry={() => void processes.refetch()}
        />
      ) : null}
      {processes.data?.length === 0 ? <Text>There are no processes yet.</Text> : null}
      {processes.data && processes.data.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>
              <VisuallyHidden>Processes</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Process</Table.Th>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Active</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {processes.data.map((p) => (
                <Table.Tr key={p.id} aria-current={p.id === id ? 'true' : undefined}>
                  <Table.Th scope="row" fw={p.id === id ? 'bold' : 'normal'}>
                    <Anchor component={Link} to={`${PROCESSES_BASE}/${p.id}`}>
                      {p.label}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{p.code ?? ''}</Table.Td>
                  <Table.Td>{p.process_type === 'application' ? 'Application review' : 'Other'}</Table.Td>
                  <Table.Td>{p.active ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {id && processes.data && !selected ? <Text>There is no such process.</Text> : null}
      {id && selected ? (
        <>
          <ProcessForm key={selected.id} process={selected} canWrite={canWrite} />
          <ProcessStatuses key={`s-${selected.id}`} process={selected} canWrite={canWrite} />
        </>
      ) : null}
      {!id && canWrite ? <ProcessForm key="new" canWrite={canWrite} /> : null}
    </Stack>
  );
}

function ProcessForm({ process, canWrite }: { process?: ProcessRow; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState({
    label: process?.label ?? '',
    code: process?.code ?? '',
    process_type: process ? (process.process_type ?? '') : 'application',
    active: process?.active ?? true,
    sort_order: String(process?.sort_order ?? 0),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const input = {
        label: values.label.trim(),
        code: values.code.trim() || null,
        process_type: values.process_type || null,
        active: values.active,
        sort_order: Number(values.sort_order) || 0,
      };
      return process
        ? licensingConfigApi.updateProcess(process.id, input)
        : licensingConfigApi.createProcess(input);
    },
    onSuccess: async (row) => {
      setErrors({});
      setSaved(`Process “${row.label}” saved.`);
      await queryClient.invalidateQueries({ queryKey: licensingConfigKeys.processes });
      if (!process) navigate(`${PROCESSES_BASE}/${row.id}`);
    },
    onError: (error) => {
      setSaved('');
      setErrors(errorsOf(error));
    },
  });
  const submit = () => {
    if (!values.label.trim()) return setErrors({ label: 'Give the process a name.' });
    save.mutate();
  };
  const legend = process ? `Process ${process.label}` : 'New process';
  return (
    <Fieldset legend={legend} maw={720}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label="Process name"
            required
            value={values.label}
            error={errors.label}
            disabled={!canWrite}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, label: v }));
            }}
            w={280}
          />
          <TextInput
            label="Process code"
            value={values.code}
            error={errors.code}
            disabled={!canWrite}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, code: v }));
            }}
            w={160}
          />
          <NativeSelect
            label="Process kind"
            value={values.process_type}
            data={processTypes}
            error={errors.process_type}
            disabled={!canWrite}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, process_type: v }));
            }}
            w={200}
          />
        </Group>
        <Checkbox
          label="Process is active"
          checked={values.active}
          disabled={!canWrite}
          onChange={(e) => {
            const v = e.currentTarget.checked;
            setValues((s) => ({ ...s, active: v }));
          }}
        />
        {errors._ ? (
          <Text c="red.8" size="sm" role="alert">
            {errors._}
          </Text>
        ) : null}
        {canWrite ? (
          <Group gap="sm">
            <Button onClick={submit} loading={save.isPending}>
              {process ? 'Save process' : 'Create process'}
            </Button>
            <Text size="sm" role="status">
              {saved}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

function ProcessStatuses({ process, canWrite }: { process: ProcessRow; canWrite: boolean }) {
  const statuses = useQuery({
    queryKey: licensingConfigKeys.processStatuses(process.id),
    queryFn: ({ signal }) => licensingConfigApi.processStatuses(process.id, signal),
  });
  const nextOrder = ((statuses.data ?? []).reduce((m, s) => Math.max(m, s.sort_order), 0) || 0) + 10;
  return (
    <Stack gap="sm" component="section" aria-labelledby="process-statuses-heading">
      <Title order={2} size="h3" id="process-statuses-heading">
        Statuses of {process.label}
      </Title>
      <Text size="sm">
        A reviewer sets one of these statuses on each request; a final status ends the process.
      </Text>
      {statuses.isPending ? <LoadingState label="Loading statuses…" /> : null}
      {statuses.isError ? (
        <ErrorState
          error={statuses.error}
          title="Could not load the statuses"
          onRetry={() => void statuses.refetch()}
        />
      ) : null}
      {statuses.data?.length === 0 ? <Text>This process has no statuses yet.</Text> : null}
      {statuses.data?.map((s, i) => (
        <StatusRow key={s.id} processId={process.id} status={s} index={i} canWrite={canWrite} />
      ))}
      {canWrite ? (
        <StatusRow
          key={`new-${statuses.data?.length ?? 0}`}
          processId={process.id}
          index={statuses.data?.length ?? 0}
          sortOrder={nextOrder}
          canWrite={canWrite}
        />
      ) : null}
    </Stack>
  );
}

function StatusRow(props: {
  processId: string;
  status?: ProcessStatusRow;
  index: number;
  sortOrder?: number;
  canWrite: boolean;
}) {
  const { status, processId } = props;
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(status?.label ?? '');
  const [isFinal, setFinal] = useState(status?.is_final ?? false);
  const [outcome, setOutcome] = useState<ProcessStatusRow['outcome']>(status?.outcome ?? 'pending');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: licensingConfigKeys.processStatuses(processId) });
  const save = useMutation({
    mutationFn: () => {
      const input = {
        process_id: processId,
        label: label.trim(),
        code: status?.code ?? null,
        is_final: isFinal,
        outcome,
        active: status?.active ?? true,
        sort_order: status?.sort_order ?? props.sortOrder ?? 0,
      };
      return status
        ? licensingConfigApi.updateStatus(status.id, input)
        : licensingConfigApi.createStatus(input);
    },
    onSuccess: async () => {
      setErrors({});
      setSaved('Saved.');
      await refresh();
    },
    onError: (error) => {
      setSaved('');
      setErrors(errorsOf(error));
    },
  });
  const remove = useMutation({
    mutationFn: () => licensingConfigApi.removeStatus(status?.id ?? ''),
    onSuccess: refresh,
    onError: (error) => setErrors(errorsOf(error)),
  });
  const name = status ? `Status ${props.index + 1}` : 'New status';
  const submit = () => {
    if (!label.trim()) return setErrors({ label: 'Give the status a name.' });
    save.mutate();
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={`${name} label`}
        required={!status}
        value={label}
        error={errors.label}
        disabled={!props.canWrite}
        onChange={(e) => setLabel(e.currentTarget.value)}
        w={280}
      />
      <Checkbox
        label={`${name} is final`}
        checked={isFinal}
        disabled={!props.canWrite}
        onChange={(e) => setFinal(e.currentTarget.checked)}
        mb={8}
      />
      <NativeSelect
        label={`${name} means`}
        value={outcome}
        disabled={!props.canWrite}
        onChange={(e) => setOutcome(e.currentTarget.value as ProcessStatusRow['outcome'])}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'passed', label: 'Passed' },
          { value: 'failed', label: 'Failed: blocks approval when required' },
        ]}
        w={280}
      />
      {props.canWrite ? (
        <>
          <Button variant={status ? 'default' : 'filled'} onClick={submit} loading={save.isPending}>
            {status ? `Save status ${props.index + 1}` : 'Add status'}
          </Button>
          {status ? (
            <Button variant="default" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              Delete status {props.index + 1}
            </Button>
          ) : null}
        </>
      ) : null}
      <Text size="sm" role="status">
        {saved}
      </Text>
      {errors._ ? (
        <Text c="red.8" size="sm" role="alert">
          {errors._}
        </Text>
      ) : null}
    </Group>
  );
}
