import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { moveAt, patchAt, RowButtons, useEditor, useField } from './editor-context';
import { newKey, type ProcessLinkDraft } from './license-draft';
import { licensingConfigApi, licensingConfigKeys, PROCESSES_BASE } from './licensing-config-api';

export function useProcesses() {
  return useQuery({
    queryKey: licensingConfigKeys.processes,
    queryFn: ({ signal }) => licensingConfigApi.processes(signal),
  });
}

/** The review processes a request for this licence goes through, in order. */
export function ProcessesTab() {
  const { draft, change, canWrite, confirm } = useEditor();
  const processes = useProcesses();
  const labelOf = (id: string) => processes.data?.find((p) => p.id === id)?.label ?? '';
  const add = () => {
    change((d) => ({
      ...d,
      processes: [...d.processes, { key: newKey(), stored: {}, process_id: '', required: true }],
    }));
    setTimeout(() => document.getElementById(`lc-processes-${draft.processes.length}-process_id`)?.focus());
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Reviewers move a request through these processes (such as a background check or an inspection).{' '}
        <Anchor component={Link} to={PROCESSES_BASE}>
          Manage processes and their statuses
        </Anchor>
      </Text>
      {processes.isError ? (
        <Text c="red.8" size="sm">
          The processes could not be loaded: {errorMessage(processes.error)}
        </Text>
      ) : null}
      {draft.processes.length === 0 ? <Text>No process is linked to this licence yet.</Text> : null}
      {draft.processes.map((p, i) => (
        <ProcessRow
          key={p.key}
          link={p}
          index={i}
          count={draft.processes.length}
          choices={(processes.data ?? [])
            .filter((c) => c.active || c.id === p.process_id)
            .map((c) => ({ value: c.id, label: c.label }))}
          onChange={(patch) => change((d) => ({ ...d, processes: patchAt(d.processes, i, patch) }))}
          onMove={(by) => change((d) => ({ ...d, processes: moveAt(d.processes, i, by) }))}
          onRemove={() =>
            confirm({
              title: 'Remove this process?',
              message: `“${labelOf(p.process_id) || `Process ${i + 1}`}” will no longer be part of this licence once you save it.`,
              confirmLabel: 'Remove process',
              onConfirm: () => change((d) => ({ ...d, processes: d.processes.filter((_, j) => j !== i) })),
            })
          }
        />
      ))}
      {canWrite ? (
        <Group>
          <Button variant="default" onClick={add}>
            Add process
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function ProcessRow(props: {
  link: ProcessLinkDraft;
  index: number;
  count: number;
  choices: { value: string; label: string }[];
  onChange(patch: Partial<ProcessLinkDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { link, index: i } = props;
  const { canWrite } = useEditor();
  const process = useField(`processes.${i}.process_id`);
  const n = `Process ${i + 1}`;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect
        {...process}
        label={n}
        required
        value={link.process_id}
        data={[{ value: '', label: 'Choose…' }, ...props.choices]}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ process_id: e.currentTarget.value })}
        w={320}
      />
      <Checkbox
        label={`${n} must be passed before approval`}
        checked={link.required}
        disabled={!canWrite}
        onChange={(e) => props.onChange({ required: e.currentTarget.checked })}
        mb={8}
      />
      {canWrite ? (
        <RowButtons
          name={n.toLowerCase()}
          first={i === 0}
          last={i === props.count - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      ) : null}
    </Group>
  );
}
