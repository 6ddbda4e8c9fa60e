import { Anchor, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { NotesPanel } from '../notes/notes-panel';
import { ActivityTimeline } from './activity-timeline';
import { ComplaintDocuments } from './complaint-documents';
import { ComplaintSubject } from './complaint-subject';
import { complaintKeys, complaintsApi, when } from './complaints-api';

const sources: Record<string, string> = {
  staff: 'Entered by staff',
  public: 'Public complaint form',
  portal: 'Portal (signed in)',
};

/** `/staff/complaints/:id`: the complaint, its status, activity timeline, documents and investigations. */
export function ComplaintPage() {
  const { id = '' } = useParams();
  const { viewer, account } = useSignedIn();
  const client = useQueryClient();
  const navigate = useNavigate();
  const complaint = useQuery({ queryKey: complaintKeys.one(id), queryFn: () => complaintsApi.get(id) });
  const activities = useQuery({
    queryKey: complaintKeys.activities(id),
    queryFn: () => complaintsApi.activities(id),
  });
  const seesInvestigations = hasPermission(viewer, 'investigations.read');
  const investigations = useQuery({
    queryKey: complaintKeys.investigations(id),
    queryFn: () => complaintsApi.investigations(id),
    enabled: seesInvestigations,
  });
  const statuses = useQuery({
    queryKey: complaintKeys.list_('ComplaintStatuses'),
    queryFn: () => complaintsApi.list('ComplaintStatuses'),
  });
  const [status, setStatus] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const save = useMutation({
    mutationFn: (statusId: string) =>
      complaintsApi.update(complaint.data!, { complaint_status_id: statusId }),
    onSuccess: () => {
      setMessage({ text: 'Status saved.', error: false });
      void client.invalidateQueries({ queryKey: complaintKeys.all });
    },
    onError: (e) => setMessage({ text: errorMessage(e), error: true }),
  });
  const open = useMutation({
    mutationFn: () => complaintsApi.openInvestigation(id, account?.id ?? ''),
    onSuccess: (inv) => navigate(`/staff/complaints/${id}/investigations/${inv.id}`),
    onError: (e) => setMessage({ text: errorMessage(e), error: true }),
  });
  if (!hasPermission(viewer, 'complaints.read')) return <ForbiddenPage />;
  if (complaint.isPending) return <LoadingState label="Loading the complaint…" />;
  if (complaint.isError)
    return <ErrorState title="The complaint could not be loaded" error={complaint.error} />;
  const c = complaint.data;
  const canWrite = hasPermission(viewer, 'complaints.write');
  const complainant = [c.complainant_first_name, c.complainant_last_name].filter(Boolean).join(' ');
  const facts: [string, string | null][] = [
    ['About (as reported)', c.subject_name],
    ['Linked to', c.linked_subject_name],
    ['Category', c.category],
    ['Status', `${c.status ?? '—'}${c.is_closed ? ' (closed)' : ''}`],
    ['Received', when(c.received_at)],
    ['Source', sources[c.source] ?? c.source],
    ['Assigned to', c.assigned_name ?? 'Nobody'],
    ['Complainant', complainant || null],
    ['Complainant email', c.complainant_email],
    ['Complainant phone', c.complainant_phone],
    ['Incident date', c.incident_date],
    ['Incident place', c.incident_location],
  ];
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Complaint ${c.number ?? ''}`}
        description="Confidential: the complainant's identity is never shown to the subject."
        actions={
          <Anchor component={Link} to="/staff/complaints">
            All complaints
          </Anchor>
        }
      />
      <Paper withBorder p="md">
        <dl className="read-only-fields">
          {facts
            .filter(([, v]) => v)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <Title order={2} size="h4">
          Description
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{c.description}</Text>
      </Paper>
      {canWrite ? (
        <Group align="flex-end">
          <Select
            label="Change status"
            data={(statuses.data?.items ?? []).map((s) => ({ value: s.id, label: s.label }))}
            value={status ?? c.complaint_status_id}
            onChange={setStatus}
            allowDeselect={false}
          />
          <Button
            disabled={!status || status === c.complaint_status_id}
            loading={save.isPending}
            onClick={() => status && save.mutate(status)}
          >
            Save status
          </Button>
        </Group>
      ) : null}
      {message ? (
        <Text c={message.error ? 'red.8' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </Text>
      ) : null}
      <ComplaintSubject complaint={c} canWrite={canWrite} />
      <ComplaintDocuments complaintId={id} />
      {seesInvestigations ? (
        <Stack gap="xs" component="section" aria-labelledby="investigations-heading">
          <Title order={2} size="h3" id="investigations-heading">
            Investigations
          </Title>
          {investigations.data && investigations.data.items.length === 0 ? (
            <Text>No investigation is open.</Text>
          ) : null}
          <List>
            {(investigations.data?.items ?? []).map((i) => (
              <List.Item key={i.id}>
                <Anchor component={Link} to={`/staff/complaints/${id}/investigations/${i.id}`}>
                  {`Investigation opened ${when(i.opened_at)} (${i.status})`}
                </Anchor>
              </List.Item>
            ))}
          </List>
          {hasPermission(viewer, 'investigations.write') ? (
            <Group>
              <Button variant="default" loading={open.isPending} onClick={() => open.mutate()}>
                Open an investigation
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
      <ActivityTimeline
        complaintId={id}
        activities={activities.data?.items ?? []}
        canLog={canWrite}
        onLogged={() => void client.invalidateQueries({ queryKey: complaintKeys.activities(id) })}
      />
      <NotesPanel subject={{ complaint_id: id }} />
    </Stack>
  );
}
