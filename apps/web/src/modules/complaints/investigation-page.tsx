import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { NotesPanel } from '../notes/notes-panel';
import { ActivityTimeline } from './activity-timeline';
import { ComplaintDocuments } from './complaint-documents';
import { complaintKeys, complaintsApi, printUrl, when } from './complaints-api';
import { OutcomeForm, outcomeLabels, investigationStatusLabels as statusLabels } from './outcome-form';

/** `/staff/complaints/:id/investigations/:investigationId`: the confidential investigation. */
export function InvestigationPage() {
  const { id = '', investigationId = '' } = useParams();
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const inv = useQuery({
    queryKey: complaintKeys.investigation(investigationId),
    queryFn: () => complaintsApi.investigation(investigationId),
  });
  const activities = useQuery({
    queryKey: complaintKeys.activities(`investigation:${investigationId}`),
    queryFn: () => complaintsApi.investigationActivities(investigationId),
  });
  if (!hasPermission(viewer, 'investigations.read')) return <ForbiddenPage />;
  if (inv.isPending) return <LoadingState label="Loading the investigation…" />;
  if (inv.isError) return <ErrorState title="The investigation could not be loaded" error={inv.error} />;
  const i = inv.data;
  const canWrite = hasPermission(viewer, 'investigations.write');
  const refresh = () => void client.invalidateQueries({ queryKey: complaintKeys.all });
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Investigation of complaint ${i.complaint_number ?? ''}`}
        description="Confidential: only staff who may read investigations see this page."
        actions={
          <Group>
            <Anchor component={Link} to={`/staff/complaints/${id}`}>
              Back to the complaint
            </Anchor>
            <Button component="a" href={printUrl(i.id)} target="_blank" rel="noreferrer" variant="default">
              Print the investigation file
            </Button>
          </Group>
        }
      />
      <Paper withBorder p="md">
        <dl className="read-only-fields">
          <div>
            <dt>Status</dt>
            <dd>{statusLabels[i.status] ?? i.status}</dd>
          </div>
          <div>
            <dt>Opened</dt>
            <dd>{when(i.opened_at)}</dd>
          </div>
          <div>
            <dt>Outcome</dt>
            <dd>{outcomeLabels[i.outcome] ?? i.outcome}</dd>
          </div>
        </dl>
      </Paper>
      <ActivityTimeline
        complaintId={i.complaint_id}
        investigationId={i.id}
        activities={activities.data?.items ?? []}
        canLog={canWrite}
        onLogged={refresh}
      />
      <ComplaintDocuments complaintId={i.complaint_id} />
      <NotesPanel subject={{ complaint_id: i.complaint_id }} />
      {canWrite ? <OutcomeForm key={i.id} inv={i} onSaved={refresh} /> : null}
    </Stack>
  );
}
