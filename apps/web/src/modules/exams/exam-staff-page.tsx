import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { examKeys, examsApi, personName } from './exams-api';

/** `/staff/exams/staff`: the people qualified to coordinate sessions and to examine candidates. */
export function ExamStaffPage() {
  const { viewer } = useSignedIn();
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'exams.write');
  return (
    <Stack gap="md">
      <PageHeader
        title="Coordinators and examiners"
        description="Sessions name their coordinators and examiners from these rosters."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Roster kind="ExamCoordinators" title="Coordinators" canWrite={canWrite} />
        <Roster kind="ExamExaminers" title="Examiners" canWrite={canWrite} />
      </SimpleGrid>
    </Stack>
  );
}

function Roster({
  kind,
  title,
  canWrite,
}: {
  kind: 'ExamCoordinators' | 'ExamExaminers';
  title: string;
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 300);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [flash, setFlash] = useState<{ text: string; error: boolean } | null>(null);
  const roster = useQuery({ queryKey: examKeys.list(kind), queryFn: () => examsApi.roster(kind) });
  const filter = kind === 'ExamCoordinators' ? 'ExamCoordinatorsFilter' : 'ExamExaminersFilter';
  const people = useQuery({
    queryKey: examKeys.list(filter, { search: text }),
    queryFn: () => examsApi.people(filter, text),
    enabled: canWrite && text.length >= 2,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: examKeys.all });
  const add = useMutation({
    mutationFn: (userId: string) => examsApi.addToRoster(kind, userId),
    onSuccess: (s) => {
      setFlash({ text: `${personName(s)} added.`, error: false });
      refresh();
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/${kind}/${id}`),
    onSuccess: () => {
      setFlash({ text: `${removing?.name ?? 'The person'} removed.`, error: false });
      setRemoving(null);
      refresh();
    },
    onError: (e) => {
      setRemoving(null);
      setFlash({ text: errorMessage(e), error: true });
    },
  });
  const id = `${kind}-title`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {roster.isPending ? <LoadingState label={`Loading ${title.toLowerCase()}…`} /> : null}
      {roster.data?.items.length === 0 ? <Text>Nobody yet.</Text> : null}
      <List spacing="xs">
        {(roster.data?.items ?? []).map((s) => (
          <List.Item key={s.id}>
            <Group gap="sm">
              <Text>
                {personName(s)}
                {s.internal ? '' : ' (outside the office)'}
                {s.function_as ? `, ${s.function_as}` : ''}
                {s.active ? '' : ' (inactive)'}
              </Text>
              {canWrite ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${personName(s)} from the ${title.toLowerCase()}`}
                  onClick={() => setRemoving({ id: s.id, name: personName(s) })}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      {canWrite ? (
        <Stack gap="xs" mt="md">
          <TextInput
            label={`Find a person to add to the ${title.toLowerCase()}`}
            description="Two letters or more of a name or email"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {text.length >= 2 && people.data?.items.length === 0 ? (
            <Text size="sm">Nobody matches.</Text>
          ) : null}
          <List spacing="xs">
            {(people.data?.items ?? []).map((p) => (
              <List.Item key={p.id}>
                <Group gap="sm">
                  <Text size="sm">
                    {personName(p)}
                    {p.email ? ` · ${p.email}` : ''}
                  </Text>
                  {p.on_roster ? (
                    <Text size="sm" c="dimmed">
                      already on the roster
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => add.mutate(p.id)}
                      aria-label={`Add ${personName(p)}`}
                    >
                      Add
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {flash ? (
        <Alert mt="sm" color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
          {flash.text}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove from the ${title.toLowerCase()}?`}
        message={`${removing?.name ?? ''} will no longer be offered for new sessions.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </Paper>
  );
}
