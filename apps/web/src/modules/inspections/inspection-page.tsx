import type { AnswerInput, FoundDeficiency, InspectionInput, InspectionOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { saveOutcomeOf } from '../responses/responses-api';
import { ChecklistSection } from './checklist-section';
import { CommentsSection } from './comments-section';
import { CorrectionsReview } from './corrections-review';
import { DeficienciesEditor } from './deficiencies-editor';
import { FeesEditor } from './fees-editor';
import { InspectionFields } from './inspection-fields';
import { documentContentHref, inspectionInputOf, inspectionKeys, inspectionsApi } from './inspections-api';

const STALE =
  'Someone changed this inspection after you opened it (an inspector uploading field work, or another member of staff). Load it again to see their changes, then make yours.';

/**
 * `/staff/inspections/:id`: an inspection online: its checklist, deficiencies, fees, outcome and
 * sign-off, comments, submit (checklists, PDF report, submit flag) and the report.
 */
export function InspectionPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const inspection = useQuery({
    queryKey: inspectionKeys.inspection(id),
    queryFn: () => inspectionsApi.inspection(id),
  });
  const visitId = inspection.data?.visit_id ?? null;
  const bundle = useQuery({
    queryKey: inspectionKeys.bundle(visitId ?? ''),
    queryFn: () => inspectionsApi.bundle(visitId as string),
    enabled: !!visitId,
  });
  const canWrite = hasPermission(viewer, 'inspections.write');

  const save = async (changes: Partial<InspectionInput>, submit = false) => {
    const current = inspection.data as InspectionOutput;
    try {
      const saved = await inspectionsApi.saveInspection(
        id,
        { ...inspectionInputOf(current), ...changes, updated_at: current.updated_at },
        submit,
      );
      client.setQueryData(inspectionKeys.inspection(id), saved);
      void client.invalidateQueries({ queryKey: inspectionKeys.bundle(visitId ?? '') });
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !submit) throw new Error(STALE);
      throw error;
    }
  };
  const submit = useMutation({
    mutationFn: () => save({}, true),
    onSuccess: () => {
      setAsking(false);
      setNotice({ text: 'The inspection was submitted and its PDF report kept.', error: false });
    },
    onError: (e) => {
      setAsking(false);
      setNotice({ text: `The inspection was not submitted: ${errorMessage(e)}`, error: true });
    },
  });

  if (inspection.isPending) return <LoadingState label="Loading the inspection…" />;
  if (inspection.isError)
    return (
      <LoadFailure error={inspection.error} what="the inspection" onRetry={() => void inspection.refetch()} />
    );
  const i = inspection.data;
  const b = bundle.data;
  const locked = i.submitted || !canWrite;
  const checklist = b?.checklists.find((c) => c.inspection_id === i.id && c.client_id);
  const response = checklist ? b?.responses.find((r) => r.checklist_id === checklist.id) : undefined;
  const template = b?.templates.find((t) => t.id === i.ip_template_id);
  const subject = i.entity === 'vehicle' ? (i.vehicle_name ?? 'Vehicle') : (i.service_name ?? 'Service');

  const saveChecklist = async (answers: AnswerInput[]) => {
    if (!visitId) return { status: 'failed' as const, message: 'This inspection is not part of a visit.' };
    try {
      const clientId = checklist?.client_id ?? crypto.randomUUID();
      const answer = await inspectionsApi.sync(visitId, [
        {
          op_id: crypto.randomUUID(),
          kind: 'checklist',
          ...(checklist ? { base_updated_at: checklist.updated_at } : {}),
          checklist: { client_id: clientId, inspection_id: i.id, name: subject },
          answers,
        },
      ]);
      const result = answer.results[0];
      await client.invalidateQueries({ queryKey: inspectionKeys.bundle(visitId) });
      if (result?.status === 'applied' || result?.status === 'unchanged') return { status: 'saved' as const };
      return { status: 'failed' as const, message: result?.message ?? 'The checklist was not saved.' };
    } catch (error) {
      return saveOutcomeOf(error);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Inspection ${i.number ?? ''}`.trim()}
        description={`${i.template ?? 'Inspection'} of ${subject}${i.service_name && i.entity === 'vehicle' ? `, ${i.service_name}` : ''}`}
        actions={
          visitId ? (
            <Button variant="default" component={Link} to={`/staff/inspections/visits/${visitId}`}>
              Back to the visit
            </Button>
          ) : null
        }
      />
      {i.submitted ? (
        <Alert color="green" title="Submitted">
          <Text size="sm">
            {`Submitted ${i.submitted_at ? new Date(i.submitted_at).toLocaleString() : ''}. `}
            {i.pdf_document_id ? (
              <Anchor href={documentContentHref(i.pdf_document_id)} target="_blank" rel="noopener">
                Open the PDF report
              </Anchor>
            ) : null}
          </Text>
        </Alert>
      ) : null}
      {notice ? (
        <Alert color={notice.error ? 'red' : 'green'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      ) : null}
      {bundle.isPending && visitId ? <LoadingState label="Loading the checklist…" /> : null}
      {b ? (
        <ChecklistSection
          bundle={b}
          templateId={i.ip_template_id}
          answers={response?.questions ?? []}
          readOnly={locked}
          savedMessage="The checklist was saved."
          onSave={saveChecklist}
        />
      ) : null}
      <Divider />
      <DeficienciesEditor
        deficiencies={i.deficiencies}
        lists={b ?? { deficiencies: [], deficiency_categories: [] }}
        entity={i.entity}
        disabled={locked}
        onAdd={async (d) => {
          await save({
            deficiencies: [
              ...(inspectionInputOf(i).deficiencies ?? []),
              { ...d, client_id: crypto.randomUUID() } as FoundDeficiency,
            ],
          });
        }}
        onRemove={async (index) => {
          await save({
            deficiencies: (inspectionInputOf(i).deficiencies ?? []).filter((_, n) => n !== index),
          });
        }}
      />
      <Divider />
      <FeesEditor
        fees={i.fees}
        choices={b?.extra_fees ?? []}
        disabled={locked}
        onChange={async (fees) => {
          await save({ fees });
        }}
      />
      <Divider />
      <InspectionFields
        key={i.id}
        initial={{
          ip_status_id: i.ip_status_id,
          outcome: i.outcome,
          notes: i.notes,
          signer_name: i.signer_name,
        }}
        statuses={b?.statuses ?? []}
        resultSet={template?.result_set}
        disabled={locked}
        signedOnServer={!!i.signer_name}
        onSave={async (values) => {
          await save({ ...values, signature: values.signature || undefined });
        }}
      />
      <Divider />
      {i.submitted ? (
        <>
          <CorrectionsReview inspection={i} canWrite={canWrite} />
          <Divider />
        </>
      ) : null}
      <CommentsSection inspectionId={i.id} canWrite={canWrite} />
      {!locked ? (
        <Group>
          <Button onClick={() => setAsking(true)}>Submit the inspection</Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={asking}
        title="Submit this inspection?"
        message="Its checklists are marked complete, the PDF report is made from what is recorded, and the inspection can no longer be changed."
        confirmLabel="Submit"
        busy={submit.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => submit.mutate()}
      />
    </Stack>
  );
}
