import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../platform/components/page-header';
import { LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { Comparison } from './conflict-comparison';
import { fieldDb, type OutboxEntry } from './offline/field-db';
import { OnlineStatus } from './offline/online-status';
import { keepMine, retryEntry, syncVisit, takeServers } from './offline/sync-engine';
import { useAutoSync, useLive, useOnline } from './offline/use-field';
import { describeEntry, stateLabel, syncSummary } from './offline/visit-summary';

/**
 * `/staff/inspections/sync`: what waits on this device to be uploaded, in order; the last sync of each
 * visit; conflicts (the server's record changed since checkout) to resolve, and refused changes.
 */
export function SyncStatusPage() {
  const { account } = useSignedIn();
  const userId = account?.id ?? '';
  const online = useOnline();
  useAutoSync();
  const visits = useLive(() => fieldDb().visits.where('user_id').equals(userId).toArray(), userId);
  const entries = useLive(() => fieldDb().outbox.orderBy('seq').toArray(), 'all');
  const runs = useLive(() => fieldDb().syncs.toArray(), 'all');
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  if (visits === undefined || entries === undefined) return <LoadingState label="Reading this device…" />;
  const bundleOf = (visitId: string) => visits.find((v) => v.id === visitId)?.bundle;
  const problems = entries.filter((e) => e.state !== 'pending');
  const syncAll = async () => {
    setBusy(true);
    try {
      for (const v of visits) await syncVisit(v.id, userId);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Sync status"
        description="Changes made on this device go to the server in the order they were made."
        actions={
          <Button onClick={() => void syncAll()} loading={busy} disabled={!online || visits.length === 0}>
            Sync now
          </Button>
        }
      />
      <OnlineStatus />
      <section aria-labelledby="last-heading">
        <Title order={2} size="h3" id="last-heading" mb="sm">
          Last sync
        </Title>
        {visits.length === 0 ? <Text>No visit is checked out to this device.</Text> : null}
        <Stack gap="xs">
          {visits.map((v) => {
            const run = runs?.find((r) => r.visit_id === v.id);
            const left = entries.filter((e) => e.visit_id === v.id).length;
            return (
              <Text key={v.id} role="status">
                {`${v.bundle.visit.service_name ?? 'Visit'}: ${syncSummary(run, left)}`}
              </Text>
            );
          })}
        </Stack>
      </section>
      {problems.length > 0 ? (
        <section aria-labelledby="conflicts-heading">
          <Title order={2} size="h3" id="conflicts-heading" mb="sm">
            To resolve
          </Title>
          <Stack gap="md">
            {problems.map((e) => (
              <Paper key={e.seq} withBorder p="md">
                <Stack gap="sm">
                  <Text fw={600}>{describeEntry(e, bundleOf(e.visit_id))}</Text>
                  <Alert color={e.state === 'conflict' ? 'orange' : 'red'} title={stateLabel[e.state]}>
                    {e.message ?? ''}
                  </Alert>
                  <Comparison entry={e} />
                  <Group gap="sm">
                    {e.state === 'conflict' && e.server ? (
                      <Button
                        variant="default"
                        onClick={() =>
                          void keepMine(e.seq as number).then(async () => {
                            if (online) await syncVisit(e.visit_id, userId);
                          })
                        }
                      >
                        Keep my version
                      </Button>
                    ) : null}
                    {e.state === 'error' ? (
                      <Button variant="default" onClick={() => void retryEntry(e.seq as number)}>
                        Try again
                      </Button>
                    ) : null}
                    <Button variant="default" color="red" onClick={() => setDiscarding(e)}>
                      {e.state === 'conflict' && e.server ? "Use the server's version" : 'Discard my change'}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </section>
      ) : null}
      <section aria-labelledby="queue-heading">
        <Title order={2} size="h3" id="queue-heading" mb="sm">
          Waiting to upload
        </Title>
        {entries.length === 0 ? <Text>Nothing waits: every change is on the server.</Text> : null}
        {entries.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Order</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                  <Table.Th scope="col">Made</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e, n) => (
                  <Table.Tr key={e.seq}>
                    <Table.Td>{n + 1}</Table.Td>
                    <Table.Td>{describeEntry(e, bundleOf(e.visit_id))}</Table.Td>
                    <Table.Td>{new Date(e.queued_at).toLocaleString()}</Table.Td>
                    <Table.Td>{stateLabel[e.state]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </section>
      <ConfirmDialog
        opened={discarding !== null}
        title="Drop your change?"
        message="Your change to this record is removed from this device and the server's version is kept. This cannot be undone."
        confirmLabel="Drop my change"
        danger
        busy={false}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const e = discarding;
          setDiscarding(null);
          if (e?.seq !== undefined) void takeServers(e.seq);
        }}
      />
    </Stack>
  );
}
