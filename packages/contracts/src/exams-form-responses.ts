// Contracts of the examiner's form-builder forms (issue 15): an exam form with a form of the form
// builder is filled for each candidate on the scoring screen, saved as a form response.
import { z } from 'zod';
import { answerInput, answerOutput, formDefinition } from './forms';
import { timestamp } from './paging';
import { id } from './shared-fields';

/** ExamSessions/{id}/Candidates/{candidateId}/Forms/{examFormId} */
export const examFormResponseParams = z.object({
  id: id('id'),
  candidateId: id('candidateId'),
  examFormId: id('examFormId'),
});

/** PUT: the answers (merged over the saved ones); `complete` when the examiner finishes the form. */
export const examFormResponseBody = z.object({
  answers: z.array(answerInput, { message: 'answers must be a list' }).max(2000),
  complete: z.boolean({ message: 'complete must be true or false' }).default(false),
});
export type ExamFormResponseBody = z.infer<typeof examFormResponseBody>;

/** The form to fill (the version answered, or the live one) and the candidate's saved response, if any. */
export const examFormResponseOutput = z.object({
  exam_form_id: z.uuid(),
  candidate_id: z.uuid(),
  form: formDefinition.extend({ id: z.uuid(), version: z.number().int() }),
  response: z
    .object({
      id: z.uuid(),
      progress: z.number().int(),
      completed_on: timestamp.nullable(),
      answers: z.array(answerOutput),
    })
    .nullable(),
});
export type ExamFormResponseOutput = z.infer<typeof examFormResponseOutput>;
