// Routes of the form builder's definitions (fbforms, fbquestions, fbconditions, FBPackages): their
// queries, bodies and answers, built on the form tree of forms.ts.
import { z } from 'zod';
import {
  applicantAccessLevels,
  conditionFields,
  conditionOperators,
  formQuestion,
  packageInput,
  reimbursementRule,
  targetingOne,
} from './forms';
import { booleanish, listQuery, timestamp } from './paging';
import { id } from './shared-fields';

const optionalId = (name: string) => id(name).optional();

/** GET fbforms: sortBy name (default), updated_at or version; search on the name. */
export const formListQuery = listQuery.extend({
  form_type_id: optionalId('form_type_id'),
  active: booleanish.optional(),
});
export const formSortFields = ['name', 'updated_at', 'version'] as const;

/** GET fbforms/{id}: `?version=N` reads that frozen version. */
export const formGetQuery = z.object({
  version: z.coerce.number({ message: 'version must be a number' }).int().min(1).optional(),
});

/** GET fbforms/available: a form a portal applicant may start. */
export const availableForm = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  applicant_access: z.enum(applicantAccessLevels),
});

export const formAccess = z.object({
  form_id: id('form_id'),
  applicant_access: z.enum(applicantAccessLevels, {
    message: `applicant_access must be one of: ${applicantAccessLevels.join(', ')}`,
  }),
});

export const createViewBody = z.object({ formID: id('formID') });
export const createViewOutput = z.object({
  view_name: z.string(),
  /** Every column of the view; question columns name their question. */
  columns: z.array(z.object({ name: z.string(), question_id: z.uuid().nullable(), label: z.string() })),
});

export const documentTypeHistoryBody = z.object({
  FormId: id('FormId'),
  DocumentTypeId: id('DocumentTypeId'),
});

export const reimbursementRuleOutput = reimbursementRule.extend({
  form_id: z.uuid(),
  sort_order: z.number(),
});

/** fbquestions: a question of a group; without sort_order it goes last in its group. */
export const questionInput = formQuestion.extend({
  id: id('id').optional(),
  group_id: id('group_id'),
  sort_order: z.number().int().min(0).optional(),
  updated_at: z.string().max(64).optional(),
});
export const questionSaveBody = z.object({ question: questionInput });
export const questionOutput = formQuestion.extend({
  form_id: z.uuid(),
  group_id: z.uuid(),
  sort_order: z.number().int(),
  /** The form's version after the write. */
  form_version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const questionListQuery = listQuery.extend({
  form_id: optionalId('form_id'),
  group_id: optionalId('group_id'),
});

/** fbconditions: the form is the source question's. */
export const conditionInput = targetingOne(
  conditionFields.extend({
    id: id('id').optional(),
    sort_order: z.number().int().min(0).optional(),
    updated_at: z.string().max(64).optional(),
  }),
);
export const conditionSaveBody = z.object({ condition: conditionInput });
export const conditionOutput = z.object({
  id: z.uuid(),
  form_id: z.uuid(),
  target_group_id: z.uuid().nullable(),
  target_question_id: z.uuid().nullable(),
  source_question_id: z.uuid(),
  operator: z.enum(conditionOperators),
  value: z.string().nullable(),
  and_flag: z.boolean(),
  sort_order: z.number().int(),
  form_version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const conditionListQuery = listQuery.extend({
  form_id: optionalId('form_id'),
  target_group_id: optionalId('target_group_id'),
  target_question_id: optionalId('target_question_id'),
  source_question_id: optionalId('source_question_id'),
});

export const packageUpdateBody = z.object({
  package: packageInput.extend({ updated_at: z.string().max(64).optional() }),
});
export const packageOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  forms: z.array(z.object({ id: z.uuid(), name: z.string(), required: z.boolean(), sort_order: z.number() })),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PackageOutput = z.infer<typeof packageOutput>;
export const packageListQuery = listQuery.extend({ active: booleanish.optional() });
