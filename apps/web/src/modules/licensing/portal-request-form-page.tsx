import type { AnswerInput, FormQuestion, ResponseOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState, NotFoundContent } from '../../platform/components/status';
import { FormRenderer } from '../responses/renderer/form-renderer';
import type { SaveOptions, SaveOutcome } from '../responses/renderer/renderer-types';
import { isSubmitted } from '../responses/response-format';
import {
  documentHref,
  responsesApi,
  responsesKeys,
  saveOutcomeOf,
  saveResponse,
  uploadAnswerFile,
} from '../responses/responses-api';
import { licensingApi, licensingKeys } from './licensing-api';

interface FillProps {
  response: ResponseOutput;
  form: NonNullable<ResponseOutput['form']>;
  requestId: string;
  onCompleted(): void;
}

function FillRequestForm({ response, form, requestId, onCompleted }: FillProps) {
  const queryClient = useQueryClient();
  const onSave = async (questions: AnswerInput[], opts: SaveOptions): Promise<SaveOutcome> => {
    try {
      const saved = await saveResponse(form, {
        id: response.id,
        form_id: response.form_id,
        current_page: opts.currentPage,
        complete: opts.complete,
        questions,
      });
      void queryClient.invalidateQueries({ queryKey: licensingKeys.request(requestId) });
      if (!saved) return { status: 'failed', message: 'There is no form to save.' };
      if (opts.complete) onCompleted();
      return { status: 'saved' };
    } catch (error) {
      return saveOutcomeOf(error);
    }
  };
  return (
    <FormRenderer
      form={form}
      mode="fill"
      initialAnswers={response.questions}
      currentPage={response.current_page}
      onSave={onSave}
      onUpload={(question: FormQuestion, file: File) =>
        uploadAnswerFile(response.id, question, file, form.document_type_id)
      }
      onPopulate={(group) => responsesApi.populateGroup(response.id, group.id)}
      documentHref={documentHref}
    />
  );
}

/** A form of the request with no response yet (an address opened directly): start it here. */
function StartForm(props: {
  requestId: string;
  formId: string;
  formName: string;
  subject: { user_id: string | null; service_id: string | null; vehicle_id: string | null };
  back: ReactNode;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => licensingApi.startForm(props.requestId, props.formId, props.subject),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: licensingKeys.request(props.requestId) }),
  });
  return (
    <Stack gap="md" align="flex-start">
      <PageHeader
        title={props.formName}
        description="This form has not been started yet."
        actions={props.back}
      />
      {start.isError ? (
        <Alert color="red" title="The form could not be started" role="alert">
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <Button onClick={() => start.mutate()} loading={start.isPending}>
        Start this form
      </Button>
    </Stack>
  );
}

/** `/portal/requests/:id/forms/:formId`: one form of a request, filled in (or read once completed). */
export function PortalRequestFormPage() {
  const { id = '', formId = '' } = useParams();
  const queryClient = useQueryClient();
  const [completed, setCompleted] = useState(false);
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  const responseId = request.data?.forms.find((f) => f.form_id === formId)?.response_id ?? '';
  const response = useQuery({
    queryKey: responsesKeys.one(responseId),
    queryFn: ({ signal }) => responsesApi.get(responseId, signal),
    enabled: !!responseId,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const back = (
    <Anchor component={Link} to={`/portal/requests/${id}`}>
      Back to the request
    </Anchor>
  );
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError)
    return <LoadFailure error={request.error} what="the request" onRetry={() => void request.refetch()} />;
  const requestForm = request.data.forms.find((f) => f.form_id === formId);
  if (!requestForm) return <NotFoundContent />;
  if (!responseId)
    return (
      <StartForm
        requestId={id}
        formId={formId}
        formName={requestForm.form_name}
        subject={request.data}
        back={back}
      />
    );
  if (response.isPending || (response.isFetching && !response.isFetchedAfterMount))
    return <LoadingState label="Loading the form…" />;
  if (response.isError)
    return <LoadFailure error={response.error} what="the form" onRetry={() => void response.refetch()} />;
  const r = response.data;
  const form = r.form;
  if (!form)
    return (
      <LoadFailure
        error={new Error('The form of this response is missing.')}
        what="the form"
        onRetry={() => void response.refetch()}
      />
    );
  const readOnly = isSubmitted(r) || !!request.data.deleted_at;
  return (
    <Stack gap="md">
      <PageHeader
        title={form.name}
        documentTitle={`${form.name} — ${request.data.license_name ?? 'Licence request'}`}
        description={
          readOnly
            ? 'Completed. Your answers are shown below.'
            : 'Answer the questions, save a draft to come back later, then complete the form.'
        }
        actions={back}
      />
      {completed ? (
        <Alert color="green" title="Form completed" role="status">
          <Text size="sm">
            Your answers were saved. Go back to the request to fill in its other forms, or review everything
            and submit it.
          </Text>
          <Group gap="md">
            {back}
            <Anchor component={Link} to={`/portal/requests/${id}/review`}>
              Review and submit the request
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {readOnly ? (
        <FormRenderer form={form} mode="read" initialAnswers={r.questions} documentHref={documentHref} />
      ) : (
        <FillRequestForm
          key={r.id}
          response={r}
          form={form}
          requestId={id}
          onCompleted={() => {
            setCompleted(true);
            void queryClient.invalidateQueries({ queryKey: responsesKeys.one(r.id) });
          }}
        />
      )}
    </Stack>
  );
}
