import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { LoadingState, MessagePage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { ChecklistSection } from './checklist-section';
import { DeficienciesEditor } from './deficiencies-editor';
import { FeesEditor } from './fees-editor';
import { FieldComments } from './field-comments';
import { InspectionFields } from './inspection-fields';
import { fieldDb } from './offline/field-db';
import {
  addDeficiencyWork,
  completeInspectionWork,
  removeDeficiencyWork,
  saveChecklistWork,
  saveInspectionWork,
} from './offline/field-store';
import { OnlineStatus } from './offline/online-status';
import { syncIfOnline, useAutoSync, useLive } from './offline/use-field';
import { subjectOf } from './offline/visit-summary';

/**
 * `/staff/inspections/field/:visitId/:inspectionId`: an inspection worked on from this device, with or
 * without a connection: checklist, deficiencies with photos, fees, outcome and signature, mark complete.
 * Everything is kept in IndexedDB first and uploaded in order by the sync.
 */
export function FieldInspectionPage() {
  const { visitId = '', inspectionId = '' } = useParams();
  const { account } = useSignedIn();
  const userId = account?.id ?? '';
  useAutoSync();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const visit = useLive(async () => (await fieldDb().visits.get(visitId)) ?? null, visitId);
  const work = useLive(async () => (await fieldDb().work.get(inspectionId)) ?? null, inspectionId);
  const photos = useLive(
    () => fieldDb().photos.where('inspection_id').equals(inspectionId).toArray(),
    inspectionId,
  );
  if (visit === undefined || work === undefined)
    return <LoadingState label="Reading the inspection on this device…" />;
  const inspection = visit?.bundle.inspections.find((i) => i.id === inspectionId);
  if (!visit || !work || !inspection)
    return (
      <MessagePage title="This inspection is not on this device">
        <Text>
          Check its visit out on{' '}
          <Anchor component={Link} to="/staff/inspections/mine">
            My visits
          </Anchor>{' '}
          to work on it here.
        </Text>
      </MessagePage>
    );
  const { bundle } = visit;
  const subject = subjectOf(inspection);
  const template = bundle.templates.find((t) => t.id === inspection.ip_template_id);
  const locked = work.completed;
  const localPhotos: Record<string, number> = {};
  // Photos not uploaded yet (an uploaded one is among the deficiency's documents).
  for (const p of photos ?? [])
    if (!p.document_id) localPhotos[p.deficiency_client_id] = (localPhotos[p.deficiency_client_id] ?? 0) + 1;
  const changed = () => syncIfOnline(visitId, userId);

  return (
    <Stack gap="lg">
      <PageHeader
        title={`${inspection.number ?? 'Inspection'}: ${subject}`}
        description={`${inspection.template ?? 'Inspection'} at ${bundle.visit.service_name ?? 'the service'}`}
        actions={
          <Button variant="default" component={Link} to={`/staff/inspections/field/${visitId}`}>
            Back to the visit
          </Button>
        }
      />
      <OnlineStatus />
      {locked ? (
        <Alert color="blue" title="Marked complete" role="status">
          This inspection is submitted when the visit syncs; it can no longer be changed on this device.
        </Alert>
      ) : null}
      {notice ? (
        <Text role="status" size="sm">
          {notice}
        </Text>
      ) : null}
      <ChecklistSection
        key={`checklist-${inspection.id}`}
        bundle={bundle}
        templateId={inspection.ip_template_id}
        answers={work.answers}
        readOnly={locked}
        savedMessage="The checklist was saved on this device."
        onSave={async (answers) => {
          try {
            await saveChecklistWork(inspectionId, answers, subject);
            changed();
            return { status: 'saved' };
          } catch (e) {
            return { status: 'failed', message: (e as Error).message };
          }
        }}
      />
      <Divider />
      <DeficienciesEditor
        deficiencies={work.inspection.deficiencies ?? []}
        lists={bundle}
        entity={inspection.entity}
        disabled={locked}
        withPhotos
        localPhotos={localPhotos}
        onAdd={async (d, files) => {
          await addDeficiencyWork(inspectionId, d, files);
          setNotice('The deficiency was kept on this device.');
          changed();
        }}
        onRemove={async (index) => {
          await removeDeficiencyWork(inspectionId, index);
          changed();
        }}
      />
      <Divider />
      <FeesEditor
        fees={work.inspection.fees ?? []}
        choices={bundle.extra_fees}
        disabled={locked}
        onChange={async (fees) => {
          await saveInspectionWork(inspectionId, { fees });
          changed();
        }}
      />
      <Divider />
      <InspectionFields
        key={`sign-off-${inspection.id}`}
        initial={{
          ip_status_id: work.inspection.ip_status_id,
          outcome: work.inspection.outcome,
          notes: work.inspection.notes,
          signer_name: work.inspection.signer_name,
          signature: work.inspection.signature,
        }}
        statuses={bundle.statuses}
        resultSet={template?.result_set}
        disabled={locked}
        saveLabel="Keep outcome and sign-off"
        onSave={async (values) => {
          await saveInspectionWork(inspectionId, values);
          changed();
        }}
      />
      <Divider />
      <FieldComments bundle={bundle} inspectionId={inspectionId} onAdded={changed} />
      {!locked ? (
        <Group>
          <Button onClick={() => setAsking(true)}>Mark the inspection complete</Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={asking}
        title="Mark this inspection complete?"
        message="It is submitted with its checklist and the PDF report is made when the visit syncs. You cannot change it on this device afterwards."
        confirmLabel="Mark complete"
        busy={false}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void completeInspectionWork(inspectionId, subject).then(
            () => {
              setNotice('Marked complete: it is submitted when the visit syncs.');
              changed();
            },
            (e: Error) => setNotice(e.message),
          );
        }}
      />
    </Stack>
  );
}
