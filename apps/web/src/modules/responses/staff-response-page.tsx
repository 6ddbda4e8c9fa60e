import { type FormQuestion, progress, type ResponseOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from './confirm-dialog';
import { FormRenderer } from './renderer/form-renderer';
import { formatDateTime, isSubmitted, responseStatus } from './response-format';
import { documentHref, responsePdfHref, responsesApi, responsesKeys } from './responses-api';

type Action = 'reopen' | 'clear';

function filesOf(response: ResponseOutput): { question: FormQuestion; documentId: string; name: string }[] {
  const questions = new Map(
    (response.form?.pages ?? []).flatMap((p) =>
      p.groups.flatMap((g) => g.questions.map((q) => [q.id, q] as const)),
    ),
  );
  return response.questions.flatMap((a) => {
    const question = questions.get(a.question_id);
    return question && a.document_id
      ? [{ question, documentId: a.document_id, name: a.file_name ?? 'Uploaded file' }]
      : [];
  });
}

/** `/staff/responses/:id`: a response read-only with the version it was answered on, its files and PDF. */
export function StaffResponsePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canWrite = hasPermission(viewer, 'responses.write');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const response = useQuery({
    queryKey: responsesKeys.one(id),
    queryFn: ({ signal }) => responsesApi.get(id, signal),
    staleTime: 0,
  });
  const act = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'reopen') {
        await responsesApi.reopen(id);
        return 'The response was reopened: the applicant can change it and complete it again.';
      }
      const result = await responsesApi.clearSignatures(id);
      return result.cleared === 1 ? '1 signature was cleared.' : `${result.cleared} signatures were cleared.`;
    },
    onSuccess: (message) => {
      setAsking(null);
      setDone(message);
      void queryClient.invalidateQueries({ queryKey: responsesKeys.all });
    },
  });

  if (response.isPending) return <LoadingState label="Loading the response…" />;
  if (response.isError)
    return <LoadFailure error={response.error} what="the response" onRetry={() => void response.refetch()} />;
  const r = response.data;
  const form = r.form;
  const files = filesOf(r);
  const signed = r.questions.some((a) => a.signature);
  const ask = (action: Action) => {
    act.reset();
    setDone(null);
    setAsking(action);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={form ? `Response: ${form.name}` : 'Response'}
        description={`Answered on version ${r.form_version}.`}
        actions={
          <>
            <Button
              component="a"
              href={responsePdfHref(r.id)}
              target="_blank"
              rel="noopener"
              variant="outline"
            >
              Open PDF
            </Button>
            {canWrite && isSubmitted(r) ? (
              <Button variant="default" onClick={() => ask('reopen')}>
                Reopen
              </Button>
            ) : null}
            {canWrite && signed ? (
              <Button variant="default" onClick={() => ask('clear')}>
                Clear signatures
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="response-facts-heading">
        <Title order={2} size="h4" id="response-facts-heading" mb="xs">
          About this response
        </Title>
        <dl className="read-only-answers">
          <div>
            <dt>Status</dt>
            <dd>{responseStatus(r.progress)}</dd>
          </div>
          <div>
            <dt>Form version</dt>
            <dd>Answered on version {r.form_version}</dd>
          </div>
          <div>
            <dt>{r.progress >= progress.submitted ? 'Completed on' : 'Last saved'}</dt>
            <dd>{formatDateTime(r.progress >= progress.submitted ? r.completed_on : r.updated_at)}</dd>
          </div>
          {r.user_id ? (
            <div>
              <dt>Person</dt>
              <dd>
                <Anchor component={Link} to={`/staff/people/${r.user_id}`}>
                  Open the person's profile
                </Anchor>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>All responses to this form</dt>
            <dd>
              <Anchor component={Link} to={`/staff/forms/${r.form_id}/responses`}>
                Responses{form ? ` to ${form.name}` : ''}
              </Anchor>
            </dd>
          </div>
        </dl>
      </Paper>
      <div aria-live="polite">
        {done ? (
          <Alert color="green" title="Done" role="status">
            {done}
          </Alert>
        ) : null}
      </div>
      {files.length > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="response-files-heading">
          <Title order={2} size="h4" id="response-files-heading" mb="xs">
            Files
          </Title>
          <List spacing={4}>
            {files.map((f) => (
              <List.Item key={f.documentId}>
                <Anchor href={documentHref(f.documentId)} target="_blank" rel="noopener">
                  {f.name}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  ({f.question.label})
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
      {form ? (
        <FormRenderer
          form={form}
          mode="read"
          staff
          initialAnswers={r.questions}
          documentHref={documentHref}
        />
      ) : (
        <Text>The form of this response could not be read.</Text>
      )}
      <ConfirmDialog
        opened={asking === 'reopen'}
        title="Reopen this response?"
        message="The applicant will be able to change the answers and must complete the form again."
        confirmLabel="Reopen response"
        busy={act.isPending}
        error={act.isError ? errorMessage(act.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => act.mutate('reopen')}
      />
      <ConfirmDialog
        opened={asking === 'clear'}
        title="Clear the signatures?"
        message="Every signature of this response will be removed; the applicant must sign again."
        confirmLabel="Clear signatures"
        danger
        busy={act.isPending}
        error={act.isError ? errorMessage(act.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => act.mutate('clear')}
      />
    </Stack>
  );
}
