import type { AnswerInput } from '@licensure/contracts';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/errors';
import { LoadingState } from '../../platform/components/status';
import { FormRenderer } from '../responses/renderer/form-renderer';
import { saveOutcomeOf } from '../responses/responses-api';
import { examKeys, examsApi } from './exams-api';

/**
 * The form-builder form of an exam form, filled by the examiner for one candidate with the applicants'
 * renderer; saved as the candidate's form response for this exam form and shown again when reopened.
 */
export function ExamFormSection(props: {
  sessionId: string;
  candidateId: string;
  examFormId: string;
  examFormName: string;
}) {
  const { sessionId, candidateId, examFormId } = props;
  const client = useQueryClient();
  const key = examKeys.session(sessionId, `form-${candidateId}-${examFormId}`);
  const loaded = useQuery({
    queryKey: key,
    queryFn: () => examsApi.examFormResponse(sessionId, candidateId, examFormId),
  });
  const headingId = `exam-form-${examFormId}`;
  const save = async (answers: AnswerInput[], complete: boolean) => {
    try {
      const saved = await examsApi.saveExamFormResponse(sessionId, candidateId, examFormId, {
        answers,
        complete,
      });
      client.setQueryData(key, saved);
      return {
        status: 'saved' as const,
        message: complete ? `${saved.form.name} is complete.` : `${saved.form.name}: draft saved.`,
      };
    } catch (error) {
      return saveOutcomeOf(error);
    }
  };
  const response = loaded.data?.response;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {loaded.data ? `${props.examFormName}: ${loaded.data.form.name}` : `${props.examFormName}: form`}
        </Title>
        {response ? (
          <Badge variant="light" color={response.progress === 2 ? 'green' : 'blue'}>
            {response.progress === 2 ? 'Complete' : 'Draft'}
          </Badge>
        ) : null}
      </Group>
      {loaded.isPending ? <LoadingState label="Loading the form…" /> : null}
      {loaded.isError ? (
        <Text role="alert">The form could not be loaded: {errorMessage(loaded.error)}</Text>
      ) : null}
      {loaded.data ? (
        <FormRenderer
          // The answers saved for this candidate start the renderer afresh when another is chosen.
          key={`${candidateId}-${examFormId}-${response?.id ?? 'new'}`}
          form={loaded.data.form}
          mode="fill"
          staff
          initialAnswers={response?.answers ?? []}
          completeLabel="Complete the form"
          onSave={(answers, opts) => save(answers, opts.complete)}
        />
      ) : null}
    </Paper>
  );
}
