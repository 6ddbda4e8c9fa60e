import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { CheckoutButton } from './checkout-button';
import { inspectionKeys, inspectionsApi, visitWhen } from './inspections-api';
import { fieldDb } from './offline/field-db';
import { forgetVisit } from './offline/field-store';
import { OnlineStatus } from './offline/online-status';
import { syncVisit } from './offline/sync-engine';
import { useAutoSync, useLive, useOnline } from './offline/use-field';

/**
 * `/staff/inspections/mine`: the visits on this device (open offline), the visits the signed-in
 * inspector is to inspect (check one out to download it), and the way to the sync status.
 */
export function MyVisitsPage() {
  const { viewer, account } = useSignedIn();
  const online = useOnline();
  useAutoSync();
  const userId = account?.id ?? '';
  const onDevice = useLive(() => fieldDb().visits.where('user_id').equals(userId).toArray(), userId);
  const waiting = useLive(() => fieldDb().outbox.toArray(), 'all');
  const [checkingIn, setCheckingIn] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const query = { userOnly: 'true', numPerPage: 50, sortBy: 'inspection_date', status: 'scheduled' };
  const scheduled = useQuery({
    queryKey: inspectionKeys.visits(query),
    queryFn: ({ signal }) => inspectionsApi.visits(query, signal),
  });
  const checkin = useMutation({
    mutationFn: async (visitId: string) => {
      const visit = await fieldDb().visits.get(visitId);
      if (visit?.checkout_id) await inspectionsApi.checkin(visit.checkout_id);
      await forgetVisit(visitId);
    },
    onSuccess: () => {
      setCheckingIn(null);
      setMessage('Checked in: the visit was removed from this device.');
    },
    onError: (e) => setMessage(errorMessage(e)),
  });
  if (!hasPermission(viewer, 'inspections.write')) return <ForbiddenPage />;
  const kept = new Set((onDevice ?? []).map((v) => v.id));
  const countFor = (visitId: string) => (waiting ?? []).filter((e) => e.visit_id === visitId);

  return (
    <Stack gap="lg">
      <PageHeader
        title="My visits"
        description="Check a visit out to work on it without a connection; your work uploads when you are back online."
        actions={
          <Button variant="default" component={Link} to="/staff/inspections/sync">
            Sync status
          </Button>
        }
      />
      <OnlineStatus />
      {message ? (
        <Text role="status" size="sm">
          {message}
        </Text>
      ) : null}
      <section aria-labelledby="device-heading">
        <Title order={2} size="h3" id="device-heading" mb="sm">
          On this device
        </Title>
        {onDevice === undefined ? <LoadingState label="Reading this device…" /> : null}
        {onDevice?.length === 0 ? <Text>No visit is checked out to this device.</Text> : null}
        {onDevice?.length ? (
          <Table.ScrollContainer minWidth={600}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Visit</Table.Th>
                  <Table.Th scope="col">Inspections</Table.Th>
                  <Table.Th scope="col">Waiting to upload</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {onDevice.map((v) => {
                  const entries = countFor(v.id);
                  const conflicts = entries.filter((e) => e.state !== 'pending').length;
                  return (
                    <Table.Tr key={v.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/staff/inspections/field/${v.id}`}>
                          {`${v.bundle.visit.service_name ?? 'Visit'}, ${visitWhen(v.bundle.visit)}`}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{v.bundle.inspections.length}</Table.Td>
                      <Table.Td>
                        {entries.length === 0
                          ? 'Nothing'
                          : `${entries.length} ${entries.length === 1 ? 'change' : 'changes'}${conflicts ? `, ${conflicts} to resolve` : ''}`}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!online || entries.length === 0}
                            onClick={() => void syncVisit(v.id, userId)}
                          >
                            Sync now
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!online || entries.length > 0}
                            onClick={() => setCheckingIn(v.id)}
                          >
                            Check in
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </section>
      <section aria-labelledby="scheduled-heading">
        <Title order={2} size="h3" id="scheduled-heading" mb="sm">
          Scheduled visits I inspect
        </Title>
        {!online ? <Text>Offline: the schedule shows again when the connection returns.</Text> : null}
        {online && scheduled.isPending ? <LoadingState label="Loading your visits…" /> : null}
        {online && scheduled.isError ? (
          <ErrorState
            error={scheduled.error}
            title="Your visits could not be loaded"
            onRetry={() => void scheduled.refetch()}
          />
        ) : null}
        {scheduled.isSuccess && scheduled.data.items.length === 0 ? (
          <Text>No visits are scheduled for you.</Text>
        ) : null}
        <Stack gap="sm">
          {(scheduled.data?.items ?? []).map((v) => (
            <Group key={v.id} gap="md" wrap="wrap">
              <Anchor component={Link} to={`/staff/inspections/visits/${v.id}`}>
                {`${v.service_name ?? 'Visit'}, ${visitWhen(v)}`}
              </Anchor>
              <Text size="sm">{`${v.inspection_count} ${v.inspection_count === 1 ? 'inspection' : 'inspections'}`}</Text>
              {kept.has(v.id) ? (
                <Text size="sm">On this device</Text>
              ) : online ? (
                <CheckoutButton visitId={v.id} onDone={setMessage} />
              ) : null}
            </Group>
          ))}
        </Stack>
      </section>
      <ConfirmDialog
        opened={checkingIn !== null}
        title="Check this visit in?"
        message="The checkout ends and the visit is removed from this device. Everything was uploaded already."
        confirmLabel="Check in"
        busy={checkin.isPending}
        error={checkin.isError ? errorMessage(checkin.error) : null}
        onCancel={() => setCheckingIn(null)}
        onConfirm={() => checkingIn && checkin.mutate(checkingIn)}
      />
    </Stack>
  );
}
