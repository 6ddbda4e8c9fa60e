import type { AnswerInput, FormQuestion, ResponseOutput } from '@licensure/contracts';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { FormRenderer } from './renderer/form-renderer';
import type { SaveOptions, SaveOutcome } from './renderer/renderer-types';
import { formatDateTime, isSubmitted } from './response-format';
import {
  documentHref,
  responsesApi,
  responsesKeys,
  saveOutcomeOf,
  saveResponse,
  uploadAnswerFile,
} from './responses-api';

function BackLink() {
  return (
    <Anchor component={Link} to="/portal/forms">
      Back to my forms
    </Anchor>
  );
}

function FillResponse({
  response,
  form,
  onSubmitted,
}: {
  response: ResponseOutput;
  form: NonNullable<ResponseOutput['form']>;
  onSubmitted(saved: ResponseOutput): void;
}) {
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
      void queryClient.invalidateQueries({ queryKey: ['responses', 'list'] });
      if (!saved) return { status: 'failed', message: 'There is no form to save.' };
      if (opts.complete) onSubmitted(saved);
      return { status: 'saved' };
    } catch (error) {
      return saveOutcomeOf(error);
    }
  };

  const onUpload = (question: FormQuestion, file: File) =>
    uploadAnswerFile(response.id, question, file, form.document_type_id);

  return (
    <FormRenderer
      form={form}
      mode="fill"
      initialAnswers={response.questions}
      currentPage={response.current_page}
      onSave={onSave}
      onUpload={onUpload}
      onPopulate={(group) => responsesApi.populateGroup(response.id, group.id)}
      onPageChange={(page) =>
        void responsesApi.logProgress(
          response.id,
          `Page ${page + 1} of ${form.pages.length}: ${form.pages[page]?.title ?? ''}`,
        )
      }
      documentHref={documentHref}
    />
  );
}

/** `/portal/forms/responses/:id`: the applicant fills in (or resumes) a response, or reads a submitted one. */
export function PortalResponsePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const [submittedOn, setSubmittedOn] = useState<string | null>(null);
  const response = useQuery({
    queryKey: responsesKeys.one(id),
    queryFn: ({ signal }) => responsesApi.get(id, signal),
    // Always read what the server holds now (a draft resumes where it was saved), and never replace a
    // draft being filled in by a refetch while the applicant types.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  // A draft resumes from what the server holds now, never from an earlier visit's cached copy.
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
  const readOnly = isSubmitted(r) || form.applicant_access !== 'edit';
  return (
    <Stack gap="md">
      <PageHeader
        title={form.name}
        description={
          isSubmitted(r)
            ? `Submitted${r.completed_on ? ` on ${formatDateTime(r.completed_on)}` : ''}.`
            : (form.description ??
              'Answer the questions, save a draft to come back later, then complete the form.')
        }
        actions={<BackLink />}
      />
      {submittedOn !== null ? (
        <Alert color="green" title="Form submitted" role="status">
          Your answers were submitted{submittedOn ? ` on ${formatDateTime(submittedOn)}` : ''}. Staff will
          review them.
        </Alert>
      ) : null}
      {readOnly ? (
        <>
          {!isSubmitted(r) ? <Text>You may read this form but not change it.</Text> : null}
          <FormRenderer form={form} mode="read" initialAnswers={r.questions} documentHref={documentHref} />
        </>
      ) : (
        <FillResponse
          key={r.id}
          response={r}
          form={form}
          onSubmitted={(saved) => {
            setSubmittedOn(saved.completed_on ?? '');
            void queryClient.invalidateQueries({ queryKey: responsesKeys.one(r.id) });
          }}
        />
      )}
    </Stack>
  );
}
