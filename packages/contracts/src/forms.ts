// Contracts of the form builder: the form tree, conditions, packages, responses and answers.
import { z } from 'zod';
import { optionalText, text } from './form-fields';
import { timestamp } from './paging';
import { referenceList } from './resource';
import { id } from './shared-fields';

/** The kinds of question the renderer knows. `FBQuestionTypes` records name and order them. */
export const questionKinds = [
  'short_text',
  'long_text',
  'number',
  'date',
  'select',
  'multi_select',
  'radio',
  'checkbox',
  'yes_no',
  'email',
  'phone',
  'address',
  'element_choice',
  'file',
  'signature',
  'instructions',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** Kinds whose choices are the question's own `options`. */
export const optionKinds: readonly QuestionKind[] = ['select', 'multi_select', 'radio'];

export const conditionOperators = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'is_answered',
  'is_not_answered',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

export const applicantAccessLevels = ['none', 'view', 'edit'] as const;
export type ApplicantAccess = (typeof applicantAccessLevels)[number];

/** Fields of a person, service or vehicle that an element may map a question to (populateGroup). */
export const elementFields = {
  user: [
    'first_name',
    'middle_name',
    'last_name',
    'suffix',
    'email',
    'phone',
    'birth_date',
    'national_ems_id',
    'street',
    'city',
    'state',
    'postal_code',
    'county_fips',
  ],
  service: [
    'name',
    'service_number',
    'street',
    'city',
    'state',
    'postal_code',
    'county_fips',
    'phone',
    'email',
    'website',
  ],
  vehicle: ['serial_number', 'unit_number', 'make', 'model', 'model_year', 'license_plate', 'plate_state'],
} as const;
const allElementFields = [...new Set(Object.values(elementFields).flat())];

const formsAccess = { module: 'forms', read: 'forms.read', write: 'forms.write' } as const;

/** The simple resources of the form builder, served by the platform's declarative CRUD. */
export const formResources = [
  referenceList('fb_form_types', 'fbformtypes', 'form_type', 'Form types', { ...formsAccess }),
  referenceList('fb_question_types', 'FBQuestionTypes', 'question_type', 'Question types', {
    ...formsAccess,
    fields: [
      {
        name: 'kind',
        label: 'Renders as',
        kind: 'select',
        options: questionKinds,
        required: true,
        listed: true,
      },
    ],
    unique: [['label'], ['kind']],
  }),
  referenceList('fb_elements', 'FBElements', 'element', 'Form elements', {
    ...formsAccess,
    singular: 'form element',
    fields: [
      {
        name: 'entity',
        label: 'Record',
        kind: 'select',
        options: ['user', 'service', 'vehicle'],
        required: true,
        listed: true,
      },
      {
        name: 'field_name',
        label: 'Field',
        kind: 'select',
        options: allElementFields,
        required: true,
        listed: true,
        help: 'The field of the person, service or vehicle this element reads',
      },
    ],
    filters: { entity: 'entity' },
  }),
  referenceList(
    'fb_form_position_permissions',
    'fbformpositionpermissions',
    'form_position_permission',
    'Form position permissions',
    {
      ...formsAccess,
      singular: 'form position permission',
      ownFields: [
        { name: 'form_id', label: 'Form', kind: 'uuid', required: true, ref: 'fbforms', listed: true },
        {
          name: 'position_id',
          label: 'Position',
          kind: 'uuid',
          required: true,
          ref: 'positions',
          listed: true,
        },
        { name: 'can_view', label: 'May view', kind: 'bool', defaultValue: true, listed: true },
        { name: 'can_edit', label: 'May edit', kind: 'bool', defaultValue: false, listed: true },
      ],
      unique: [['form_id', 'position_id']],
      filters: { form_id: 'form_id', formID: 'form_id', position_id: 'position_id' },
      defaultSort: 'created_at',
    },
  ),
] as const;

export const questionOption = z.object({
  id: id('option id'),
  label: text('option label', 500).min(1, 'option label is required'),
});

/** A question as the builder sends it and the renderer reads it. Ids are chosen by the client. */
export const formQuestion = z.object({
  id: id('question id'),
  kind: z.enum(questionKinds, { message: `kind must be one of: ${questionKinds.join(', ')}` }),
  label: text('label', 2000).min(1, 'label is required'),
  help_text: optionalText('help_text', 4000),
  required: z.boolean().default(false),
  required_message: optionalText('required_message', 500),
  format: optionalText('format', 500).refine((v) => {
    if (!v) return true;
    try {
      new RegExp(v);
      return true;
    } catch {
      return false;
    }
  }, 'format must be a valid regular expression'),
  format_message: optionalText('format_message', 500),
  min: z.number().nullable().optional().default(null),
  max: z.number().nullable().optional().default(null),
  options: z.array(questionOption).max(500).default([]),
  data_section_name: optionalText('data_section_name', 64),
  element_id: id('element_id').nullable().optional().default(null),
  document_type_id: id('document_type_id').nullable().optional().default(null),
});
export type FormQuestion = z.infer<typeof formQuestion>;

export const formGroup = z.object({
  id: id('group id'),
  title: optionalText('title', 500),
  description: optionalText('description', 4000),
  spot_check: z.boolean().default(false),
  populate_entity: z.enum(['user', 'service', 'vehicle']).nullable().optional().default(null),
  questions: z.array(formQuestion).max(500).default([]),
});
export type FormGroup = z.infer<typeof formGroup>;

export const formPage = z.object({
  id: id('page id'),
  title: text('title', 500).min(1, 'page title is required'),
  groups: z.array(formGroup).max(200).default([]),
});
export type FormPage = z.infer<typeof formPage>;

/** The fields of a condition, shared by the form tree's conditions and the fbconditions routes. */
export const conditionFields = z.object({
  id: id('condition id'),
  target_group_id: id('target_group_id').nullable().optional().default(null),
  target_question_id: id('target_question_id').nullable().optional().default(null),
  source_question_id: id('source_question_id'),
  operator: z.enum(conditionOperators, {
    message: `operator must be one of: ${conditionOperators.join(', ')}`,
  }),
  value: optionalText('value', 2000),
  and_flag: z.boolean().default(true),
});
/** A condition shows either a group or a question: the rule on a schema of condition fields. */
export const targetingOne = <
  T extends z.ZodType<{ target_group_id: string | null; target_question_id: string | null }>,
>(
  schema: T,
) =>
  schema.refine((c) => (c.target_group_id === null) !== (c.target_question_id === null), {
    message: 'a condition targets either a group or a question',
    path: ['target_group_id'],
  });
export const formCondition = targetingOne(conditionFields);
export type FormCondition = z.infer<typeof formCondition>;

export const reimbursementRule = z.object({
  id: id('rule id'),
  question_id: id('question_id').nullable().optional().default(null),
  description: text('description', 500).min(1, 'description is required'),
  amount: z.number({ message: 'amount must be a number' }).min(0, 'amount must be 0 or more'),
  max_amount: z.number().min(0, 'max_amount must be 0 or more').nullable().optional().default(null),
});
export type ReimbursementRule = z.infer<typeof reimbursementRule>;

/** The whole tree of a form: what the builder saves and what a version freezes. */
export const formDefinition = z.object({
  name: text('name', 200).min(1, 'name is required'),
  description: optionalText('description', 4000),
  form_type_id: id('form_type_id').nullable().optional().default(null),
  document_type_id: id('document_type_id').nullable().optional().default(null),
  // A new form reaches no applicant until staff open it: inactive, no applicant access.
  active: z.boolean().default(false),
  applicant_access: z.enum(applicantAccessLevels).default('none'),
  pages: z.array(formPage).max(100).default([]),
  conditions: z.array(formCondition).max(1000).default([]),
  reimbursement_rules: z.array(reimbursementRule).max(100).default([]),
});
export type FormDefinition = z.infer<typeof formDefinition>;

/**
 * POST fbforms and PUT fbforms/{id}: `{ form }`. POST may carry the form's own id (kept; a form of
 * this enterprise with that id is updated); `updated_at` as read refuses a stale edit (409).
 */
export const formSaveBody = z.object({
  form: formDefinition.extend({
    id: id('id').optional(),
    updated_at: z.string().max(64).optional(),
  }),
});

/** A form as the API returns it. */
export const formOutput = formDefinition.extend({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  version: z.number().int(),
  /** Whether any response was answered on this version (an edit then starts the next one). */
  has_responses: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FormOutput = z.infer<typeof formOutput>;

export const formSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  form_type_id: z.uuid().nullable(),
  version: z.number().int(),
  active: z.boolean(),
  applicant_access: z.enum(applicantAccessLevels),
  question_count: z.number().int(),
  response_count: z.number().int(),
  updated_at: timestamp,
});
export type FormSummary = z.infer<typeof formSummary>;

export const packageInput = z.object({
  name: text('name', 200).min(1, 'name is required'),
  description: optionalText('description', 4000),
  active: z.boolean().default(true),
  forms: z
    .array(z.object({ form_id: id('form_id'), required: z.boolean().default(true) }))
    .max(100)
    .default([]),
});
export const packageSaveBody = z.object({ package: packageInput });

/** One answer as the client sends it. */
export const answerInput = z.object({
  question_id: id('question_id'),
  value: z
    .string()
    .max(100_000, 'an answer must be at most 100,000 characters')
    .nullable()
    .optional()
    .default(null),
  /** A signature drawn by the applicant, as a PNG data URL. */
  signature: z
    .string()
    .max(2_000_000, 'the signature image is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'signature must be a PNG image')
    .nullable()
    .optional()
    .default(null),
  document_id: id('document_id').nullable().optional().default(null),
  file_name: optionalText('file_name', 500),
});
export type AnswerInput = z.infer<typeof answerInput>;

export const responseInput = z.object({
  id: id('id').optional(),
  form_id: id('form_id'),
  user_id: id('user_id').nullable().optional().default(null),
  service_id: id('service_id').nullable().optional().default(null),
  vehicle_id: id('vehicle_id').nullable().optional().default(null),
  license_request_id: id('license_request_id').nullable().optional().default(null),
  current_page: z.number().int().min(0).default(0),
  /** True to complete (submit) the response: every required answer must then be given. */
  complete: z.boolean().default(false),
  questions: z.array(answerInput).max(5000).default([]),
});
export type ResponseInput = z.infer<typeof responseInput>;

/** POST fbresponses and PUT fbresponses/{id}. `html` is accepted and ignored: PDFs come from data. */
export const responseSaveBody = z.object({
  response: responseInput,
  checklistID: id('checklistID').nullable().optional(),
  saveAnswers: z.boolean().default(true),
  getLess: z.boolean().default(false),
  html: z.string().max(5_000_000).nullable().optional(),
  connectionId: z.string().max(200).nullable().optional(),
});

export const answerOutput = z.object({
  question_id: z.uuid(),
  value: z.string().nullable(),
  signature: z.string().nullable(),
  document_id: z.uuid().nullable(),
  file_name: z.string().nullable(),
  document_type: z.string().nullable(),
});
export type AnswerOutput = z.infer<typeof answerOutput>;

export const responseOutput = z.object({
  id: z.uuid(),
  form_id: z.uuid(),
  form_version: z.number().int(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  license_request_id: z.uuid().nullable(),
  checklist_id: z.uuid().nullable(),
  progress: z.number().int(),
  current_page: z.number().int(),
  completed_on: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  questions: z.array(answerOutput),
  /** The definition of the version it was answered on (left out with getLess). */
  form: formDefinition.extend({ id: z.uuid(), version: z.number().int() }).optional(),
});
export type ResponseOutput = z.infer<typeof responseOutput>;

/** The fixed meaning of response and request progress. */
export const progress = { new: 0, inProgress: 1, submitted: 2 } as const;
