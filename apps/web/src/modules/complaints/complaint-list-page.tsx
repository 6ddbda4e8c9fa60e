import type { ComplaintOutput } from '@licensure/contracts';
import { Anchor, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { BatchBar, BatchButton } from '../../platform/components/batch-bar';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { complaintKeys, complaintsApi, when } from './complaints-api';

const PER_PAGE = 25;

/** `/staff/complaints`: complaints paged and filtered on the server, with bulk assign, status and close. */
export function ComplaintListPage() {
  const { viewer, account } = useSignedIn();
  const me = account?.id ?? null;
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [closed, setClosed] = useState<string>('false');
  const [status, setStatus] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [mine, setMine] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  // Typing waits a moment before it searches; a newer search still aborts an older one in flight (the
  // query's signal: React Query cancels the request of a key no screen is waiting for any more).
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const query = {
    currentPage: page,
    numPerPage: PER_PAGE,
    search: searchText || undefined,
    closed: closed === 'any' ? undefined : closed,
    complaint_status_id: status ?? undefined,
    complaint_category_id: category ?? undefined,
    assigned_to: mine && me ? me : undefined,
    sortBy: 'received_at',
    reverse: true,
  };
  const list = useQuery({
    queryKey: complaintKeys.list(query),
    queryFn: ({ signal }) => complaintsApi.filter(query, signal),
    placeholderData: keepPreviousData,
  });
  const statuses = useQuery({
    queryKey: complaintKeys.list_('ComplaintStatuses'),
    queryFn: () => complaintsApi.list('ComplaintStatuses'),
  });
  const staff = useQuery({
    queryKey: complaintKeys.staff,
    queryFn: complaintsApi.staff,
    enabled: hasPermission(viewer, 'complaints.write'),
  });
  const categories = useQuery({
    queryKey: complaintKeys.list_('ComplaintCategories'),
    queryFn: () => complaintsApi.list('ComplaintCategories'),
  });
  const bulk = useMutation({
    mutationFn: complaintsApi.bulk,
    onSuccess: (r) => {
      setMessage({ text: `${r.updated} complaint${r.updated === 1 ? '' : 's'} updated.`, error: false });
      setChosen(new Set());
      setConfirmClose(false);
      void client.invalidateQueries({ queryKey: complaintKeys.all });
    },
    onError: (e) => {
      setConfirmClose(false);
      setMessage({ text: errorMessage(e), error: true });
    },
  });
  if (!hasPermission(viewer, 'complaints.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'complaints.write');
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  const statusChoices = (statuses.data?.items ?? []).map((s) => ({ value: s.id, label: s.label }));
  const ids = [...chosen];
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const reset = () => {
    setPage(1);
    setChosen(new Set());
  };
  return (
    <Stack gap="md">
      <PageHeader
        title="Complaints"
        description="Complaints against licensees, from the public and from staff."
        actions={
          canWrite ? (
            <Button component={Link} to="/staff/complaints/new">
              New complaint
            </Button>
          ) : null
        }
      />
      <Group align="flex-end">
        <TextInput
          label="Search complaints"
          description="Number, subject or complainant"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            reset();
          }}
        />
        <Select
          label="Open or closed"
          data={[
            { value: 'false', label: 'Open' },
            { value: 'true', label: 'Closed' },
            { value: 'any', label: 'All' },
          ]}
          value={closed}
          allowDeselect={false}
          onChange={(v) => {
            setClosed(v ?? 'false');
            reset();
          }}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={statusChoices}
          value={status}
          onChange={(v) => {
            setStatus(v);
            reset();
          }}
        />
        <Select
          label="Category"
          placeholder="Any"
          clearable
          data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
          value={category}
          onChange={(v) => {
            setCategory(v);
            reset();
          }}
        />
        <Checkbox
          label="Assigned to me"
          checked={mine}
          onChange={(e) => {
            setMine(e.currentTarget.checked);
            reset();
          }}
        />
      </Group>
      {canWrite ? (
        <BatchBar label="Bulk actions on the chosen complaints" count={ids.length}>
          <BatchButton
            count={ids.length}
            disabled={!me}
            onClick={() => bulk.mutate({ complaintIDs: ids, code: 'assign', value: me })}
          >
            Assign to me
          </BatchButton>
          <Select
            label="Assign to"
            placeholder="Choose a staff member"
            searchable
            data={(staff.data?.items ?? []).map((u) => ({
              value: u.id,
              label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.id,
            }))}
            value={assignee}
            onChange={setAssignee}
          />
          <BatchButton
            count={ids.length}
            disabled={!assignee}
            onClick={() => assignee && bulk.mutate({ complaintIDs: ids, code: 'assign', value: assignee })}
          >
            Assign
          </BatchButton>
          <Select
            label="New status"
            placeholder="Choose a status"
            data={statusChoices}
            value={bulkStatus}
            onChange={setBulkStatus}
          />
          <BatchButton
            count={ids.length}
            disabled={!bulkStatus}
            onClick={() =>
              bulkStatus && bulk.mutate({ complaintIDs: ids, code: 'status', value: bulkStatus })
            }
          >
            Set status
          </BatchButton>
          <BatchButton count={ids.length} onClick={() => setConfirmClose(true)}>
            Close
          </BatchButton>
        </BatchBar>
      ) : null}
      <ConfirmDialog
        opened={confirmClose}
        title="Close complaints"
        message={`Close ${ids.length} complaint${ids.length === 1 ? '' : 's'}? They leave the list of open complaints.`}
        confirmLabel="Close them"
        busy={bulk.isPending}
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => bulk.mutate({ complaintIDs: ids, code: 'close' })}
      />
      {message ? (
        <Text c={message.error ? 'red.8' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </Text>
      ) : null}
      {list.isPending ? <LoadingState label="Loading complaints…" /> : null}
      {list.isError ? <ErrorState title="The complaints could not be loaded" error={list.error} /> : null}
      {list.data && items.length === 0 ? <Text>No complaints match.</Text> : null}
      {items.length > 0 ? (
        // Its own scroll box on a narrow screen: the page itself never scrolls sideways.
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Caption>{`${list.data?.total ?? 0} complaint${list.data?.total === 1 ? '' : 's'}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {canWrite ? (
                  <Table.Th>
                    <Checkbox
                      aria-label="Choose every complaint on this page"
                      checked={items.every((c) => chosen.has(c.id))}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        for (const c of items) toggle(c.id, on);
                      }}
                    />
                  </Table.Th>
                ) : null}
                <Table.Th>Number</Table.Th>
                <Table.Th>About</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Assigned to</Table.Th>
                <Table.Th>Received</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c: ComplaintOutput) => (
                <Table.Tr key={c.id}>
                  {canWrite ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose complaint ${c.number ?? ''}`}
                        checked={chosen.has(c.id)}
                        onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Anchor component={Link} to={`/staff/complaints/${c.id}`}>
                      {c.number ?? 'Open'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.linked_subject_name ?? c.subject_name ?? '—'}</Table.Td>
                  <Table.Td>{c.category ?? '—'}</Table.Td>
                  <Table.Td>{`${c.status ?? '—'}${c.is_closed ? ' (closed)' : ''}`}</Table.Td>
                  <Table.Td>{c.assigned_name ?? 'Nobody'}</Table.Td>
                  <Table.Td>{when(c.received_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
