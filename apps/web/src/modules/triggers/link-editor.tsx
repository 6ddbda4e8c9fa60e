import {
  type ChainLink,
  planTriggerChain,
  type TriggerAction,
  type TriggerConfigurationTriggerOutput,
  triggerActionLabels,
} from '@licensure/contracts';
import { Alert, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { ActionRow } from './action-row';
import { activityText, type Option, triggerKeys, triggersApi } from './triggers-api';

export interface LinkDraft {
  id: string;
  trigger_id: string;
  sort_order: number;
  actions: TriggerAction[];
  saved: boolean;
  activity?: { last_fired_at: string | null; failed_count: number };
}

interface Props {
  configurationId: string;
  draft: LinkDraft;
  triggers: Option[];
  allLinks: TriggerConfigurationTriggerOutput[];
  canWrite: boolean;
  onRemoved: () => void;
}

const newAction = (): TriggerAction => ({
  kind: 'createAlert',
  alert_type_id: '',
  value: '',
  next_trigger_id: null,
});

/** The ordered actions a configuration runs for one trigger, the chain they start, and their firings. */
export function LinkEditor({ configurationId, draft, triggers, allLinks, canWrite, onRemoved }: Props) {
  const client = useQueryClient();
  const [triggerId, setTriggerId] = useState(draft.trigger_id);
  const [rows, setRows] = useState(() =>
    draft.actions.map((action) => ({ key: crypto.randomUUID(), action })),
  );
  const actions = useMemo(() => rows.map((r) => r.action), [rows]);
  const [message, setMessage] = useState<string | null>(null);
  const nameOf = (id: string) => triggers.find((t) => t.value === id)?.label ?? 'a trigger';

  // The chain as it would run with this draft, over the enterprise's other configuration triggers.
  const plan = useMemo(() => {
    const others = allLinks.filter((l) => l.id !== draft.id && !l.removed);
    const linksOf = (id: string): ChainLink[] => [
      ...others.filter((l) => l.trigger_id === id),
      ...(id === triggerId ? [{ trigger_id: triggerId, actions }] : []),
    ];
    return planTriggerChain({ trigger_id: triggerId, links: [{ trigger_id: triggerId, actions }] }, linksOf);
  }, [allLinks, draft.id, triggerId, actions]);

  const save = useMutation({
    mutationFn: () =>
      triggersApi.saveLink({
        id: draft.id,
        trigger_configuration_id: configurationId,
        trigger_id: triggerId,
        sort_order: draft.sort_order,
        actions,
      }),
    onSuccess: async () => {
      setMessage('Saved.');
      await client.invalidateQueries({ queryKey: triggerKeys.links });
    },
    onError: (error) => setMessage(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => triggersApi.removeLink(draft.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: triggerKeys.links });
      onRemoved();
    },
    onError: (error) => setMessage(errorMessage(error)),
  });
  const logs = useQuery({
    queryKey: triggerKeys.logs(draft.id),
    queryFn: () => triggersApi.logs(draft.id),
    enabled: draft.saved,
    refetchInterval: 5_000,
  });

  const move = (i: number, delta: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + delta, 0, item!);
      return next;
    });

  return (
    <Card withBorder component="section" aria-label={`When ${nameOf(triggerId)}`}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          When: {nameOf(triggerId)}
        </Title>
        <NativeSelect
          label="Event (trigger)"
          value={triggerId}
          onChange={(e) => setTriggerId(e.currentTarget.value)}
          data={triggers}
          description={triggers.find((t) => t.value === triggerId)?.means}
          disabled={!canWrite}
        />
        {rows.map((row, i) => (
          <ActionRow
            key={row.key}
            index={i}
            count={rows.length}
            action={row.action}
            triggers={triggers}
            onChange={(a) => setRows((list) => list.map((x, j) => (j === i ? { ...x, action: a } : x)))}
            onMove={(d) => move(i, d)}
            onRemove={() => setRows((list) => list.filter((_, j) => j !== i))}
          />
        ))}
        <Stack gap={4} aria-live="polite">
          <Title order={3} size="h4">
            Chain preview
          </Title>
          {plan.infiniteFound ? (
            <Alert color="red" title="Loop found" role="alert">
              The chain comes back to {nameOf(plan.loopAt ?? triggerId)} on the same record. Nothing will run
              when it fires until the loop is removed.
            </Alert>
          ) : plan.steps.length === 0 ? (
            <Text size="sm">No actions yet.</Text>
          ) : (
            <ol>
              {plan.steps.map((s) => (
                <li key={s.index}>
                  {nameOf(s.trigger_id)}: {triggerActionLabels[s.action.kind]}
                </li>
              ))}
            </ol>
          )}
        </Stack>
        {canWrite ? (
          <Group>
            <Button
              variant="default"
              onClick={() => setRows((list) => [...list, { key: crypto.randomUUID(), action: newAction() }])}
            >
              Add action
            </Button>
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              Save actions
            </Button>
            {draft.saved ? (
              <Button
                variant="default"
                color="red"
                onClick={() => remove.mutate()}
                loading={remove.isPending}
              >
                Remove trigger
              </Button>
            ) : null}
          </Group>
        ) : null}
        {message ? (
          <Text role="status" size="sm">
            {message}
          </Text>
        ) : null}
        {draft.saved ? (
          <Stack gap={4}>
            <Title order={3} size="h4">
              Firings
            </Title>
            {draft.activity ? <Text size="sm">{activityText(draft.activity)}</Text> : null}
            {logs.data && logs.data.length > 0 ? (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Record</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data.map((log) => (
                    <Table.Tr key={log.id}>
                      <Table.Td>{new Date(log.created_at).toLocaleString()}</Table.Td>
                      <Table.Td>{log.object_id}</Table.Td>
                      <Table.Td>{log.infiniteFound ? 'Stopped: loop found' : log.status}</Table.Td>
                      <Table.Td>
                        {log.actions
                          .map(
                            (s) =>
                              `${triggerActionLabels[s.action.kind]}: ${s.outcome}${s.message ? ` (${s.message})` : ''}`,
                          )
                          .join('; ') || 'None'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm">Not fired yet.</Text>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
