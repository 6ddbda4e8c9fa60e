// Contracts of licensing: licence configuration resources. The licence itself, its rules and
// requests have hand-written tables (packages/db/src/schema/licensing.ts).
import { z } from 'zod';
import { type FieldSpec, inputSchema } from './fields';
import { booleanish, listQuery, timestamp } from './paging';
import { referenceList } from './resource';

const configure = { module: 'licensing', read: 'licensing.read', write: 'licensing.write' } as const;
const requestParts = { module: 'licensing', read: 'requests.read', write: 'requests.write' } as const;

const licenseId: FieldSpec = {
  name: 'license_id',
  label: 'Licence',
  kind: 'uuid',
  required: true,
  ref: 'licenses',
  listed: true,
};
const categoryId: FieldSpec = {
  name: 'license_category_id',
  label: 'Category',
  kind: 'uuid',
  ref: 'licensecategories',
  listed: true,
};
const requestId: FieldSpec = {
  name: 'license_request_id',
  label: 'Request',
  kind: 'uuid',
  required: true,
  ref: 'LicenseRequests',
};

/**
 * The calculated fields a calculated charge may use: quantities read from the request when its
 * charges are worked out (LicensingModule/LicenseChargeCalculatedFields).
 */
export const chargeCalculatedFields = {
  flat: 'Once per request',
  levels: 'Per level applied for',
  vehicles: "Per vehicle in a service's application",
  days_late: 'Per day past the expiration date of the credential renewed',
  months_late: 'Per started month past the expiration date of the credential renewed',
} as const;
export type ChargeCalculatedField = keyof typeof chargeCalculatedFields;

export const licensingResources = [
  referenceList('license_categories', 'licensecategories', 'license_category', 'Licence categories', {
    ...configure,
    singular: 'licence category',
    fields: [
      licenseId,
      {
        name: 'allow_multiple_levels',
        label: 'A holder may hold several levels',
        kind: 'bool',
        listed: true,
      },
    ],
    unique: [['license_id', 'label']],
    filters: { license_id: 'license_id', licenseID: 'license_id' },
  }),
  referenceList(
    'license_category_levels',
    'licensecategorylevels',
    'license_category_level',
    'Category levels',
    {
      ...configure,
      singular: 'category level',
      fields: [
        licenseId,
        { ...categoryId, required: true },
        {
          name: 'certification_level_id',
          label: 'Certification level',
          kind: 'uuid',
          ref: 'CertificationLevels',
        },
        {
          name: 'months_valid',
          label: 'Months a credential is valid',
          kind: 'int',
          min: 1,
          max: 240,
          defaultValue: 24,
          required: true,
        },
        {
          name: 'expiration_rule',
          label: 'Expires',
          kind: 'select',
          options: ['exact', 'end_of_month', 'end_of_year'],
          defaultValue: 'end_of_month',
          required: true,
          help: 'On the same day, at the end of that month, or at the end of that year',
        },
      ],
      unique: [['license_category_id', 'label']],
      filters: {
        license_id: 'license_id',
        licenseID: 'license_id',
        license_category_id: 'license_category_id',
        licenseCategoryID: 'license_category_id',
      },
    },
  ),
  referenceList('license_statuses', 'licensestatuses', 'license_status', 'Licence statuses', {
    ...configure,
    singular: 'licence status',
  }),
  referenceList(
    'license_category_certification_statuses',
    'licensecategorycertificationstatuses',
    'license_category_certification_status',
    'Credential statuses',
    {
      ...configure,
      singular: 'credential status',
      fields: [
        licenseId,
        categoryId,
        {
          name: 'holder_state',
          label: 'Means the credential is',
          kind: 'select',
          options: ['active', 'inactive', 'expired', 'suspended', 'revoked'],
          defaultValue: 'active',
          required: true,
          listed: true,
        },
        { name: 'is_issued_status', label: 'Given on approval', kind: 'bool', listed: true },
      ],
      unique: [['license_id', 'license_category_id', 'label']],
      filters: {
        license_id: 'license_id',
        licenseID: 'license_id',
        license_category_id: 'license_category_id',
      },
    },
  ),
  referenceList(
    'license_category_certification_attributes',
    'licensecategorycertificationattributes',
    'license_category_certification_attribute',
    'Credential attributes',
    {
      ...configure,
      singular: 'credential attribute',
      fields: [licenseId, categoryId],
      unique: [['license_id', 'license_category_id', 'label']],
      filters: {
        license_id: 'license_id',
        licenseID: 'license_id',
        license_category_id: 'license_category_id',
      },
    },
  ),
  referenceList(
    'license_category_certification_fields',
    'licensecategorycertificationfields',
    'license_category_certification_field',
    'Credential fields',
    {
      ...configure,
      singular: 'credential field',
      fields: [
        { ...categoryId, required: true },
        {
          name: 'field_kind',
          label: 'Kind',
          kind: 'select',
          options: ['text', 'date', 'number', 'yes_no'],
          defaultValue: 'text',
          required: true,
          listed: true,
        },
        { name: 'required', label: 'Required', kind: 'bool', listed: true },
      ],
      unique: [['license_category_id', 'label']],
      filters: { license_category_id: 'license_category_id', licenseCategoryID: 'license_category_id' },
    },
  ),
  referenceList('license_charges', 'licensecharges', 'license_charge', 'Licence charges', {
    ...configure,
    singular: 'licence charge',
    fields: [
      licenseId,
      { name: 'license_charge_type_id', label: 'Charge type', kind: 'uuid', ref: 'licensechargetypes' },
      {
        name: 'application_type_id',
        label: 'Application type',
        kind: 'uuid',
        ref: 'ApplicationTypes',
        listed: true,
      },
      {
        name: 'license_category_level_id',
        label: 'Category level',
        kind: 'uuid',
        ref: 'licensecategorylevels',
      },
      {
        name: 'amount_cents',
        label: 'Amount (cents)',
        kind: 'int',
        min: 0,
        max: 100_000_000,
        required: true,
        listed: true,
      },
      {
        name: 'calculated_field',
        label: 'Multiplied by',
        kind: 'select',
        options: Object.keys(chargeCalculatedFields),
        defaultValue: 'flat',
        required: true,
      },
      { name: 'max_cents', label: 'At most (cents)', kind: 'int', min: 0, max: 100_000_000 },
    ],
    unique: [],
    filters: {
      license_id: 'license_id',
      licenseID: 'license_id',
      application_type_id: 'application_type_id',
      license_category_level_id: 'license_category_level_id',
    },
  }),
  referenceList('process_licenses', 'processlicenses', 'process_license', 'Licence processes', {
    ...configure,
    singular: 'licence process',
    ownFields: [
      licenseId,
      { name: 'process_id', label: 'Process', kind: 'uuid', required: true, ref: 'Process', listed: true },
      {
        name: 'required',
        label: 'Must be passed before approval',
        kind: 'bool',
        defaultValue: true,
        listed: true,
      },
      { name: 'sort_order', label: 'Sort order', kind: 'int', min: 0, max: 100_000, defaultValue: 0 },
    ],
    unique: [['license_id', 'process_id']],
    filters: { license_id: 'license_id', licenseID: 'license_id', process_id: 'process_id' },
    defaultSort: 'sort_order',
  }),
  referenceList('process_enterprises', 'processenterprises', 'process_enterprise', 'Enterprise processes', {
    ...configure,
    singular: 'enterprise process',
    ownFields: [
      { name: 'process_id', label: 'Process', kind: 'uuid', required: true, ref: 'Process', listed: true },
      { name: 'sort_order', label: 'Sort order', kind: 'int', min: 0, max: 100_000, defaultValue: 0 },
    ],
    unique: [['process_id']],
    filters: { process_id: 'process_id' },
    defaultSort: 'sort_order',
  }),
  referenceList(
    'license_supplemental_trainings',
    'LicenseSupplementalTrainings',
    'license_supplemental_training',
    'Supplemental trainings',
    {
      ...configure,
      singular: 'supplemental training',
      fields: [
        licenseId,
        {
          name: 'license_category_level_id',
          label: 'Category level',
          kind: 'uuid',
          ref: 'licensecategorylevels',
        },
        {
          name: 'hours_required',
          label: 'Hours required',
          kind: 'int',
          min: 0,
          max: 10_000,
          defaultValue: 0,
        },
      ],
      unique: [['license_id', 'label']],
      filters: { license_id: 'license_id', licenseID: 'license_id' },
    },
  ),
  referenceList(
    'license_request_charges',
    'licenserequestcharges',
    'license_request_charge',
    'Request charges',
    {
      ...requestParts,
      singular: 'request charge',
      ownFields: [
        requestId,
        { name: 'license_charge_id', label: 'Charge', kind: 'uuid', ref: 'licensecharges' },
        { name: 'description', label: 'Description', kind: 'text', required: true, listed: true },
        {
          name: 'quantity',
          label: 'Quantity',
          kind: 'int',
          min: 0,
          max: 100_000,
          defaultValue: 1,
          required: true,
        },
        {
          name: 'amount_cents',
          label: 'Amount (cents)',
          kind: 'int',
          min: 0,
          max: 100_000_000,
          required: true,
          listed: true,
        },
        { name: 'paid', label: 'Paid', kind: 'bool', listed: true },
      ],
      unique: [],
      filters: { license_request_id: 'license_request_id', licenseRequestID: 'license_request_id' },
      defaultSort: 'created_at',
    },
  ),
  referenceList(
    'license_request_application_types',
    'LicenseRequestApplicationTypes',
    'license_request_application_type',
    'Request application types',
    {
      ...requestParts,
      singular: 'request application type',
      ownFields: [
        requestId,
        {
          name: 'application_type_id',
          label: 'Application type',
          kind: 'uuid',
          required: true,
          ref: 'ApplicationTypes',
        },
        {
          name: 'license_category_level_id',
          label: 'Category level',
          kind: 'uuid',
          required: true,
          ref: 'licensecategorylevels',
        },
        { name: 'checked', label: 'Chosen', kind: 'bool', defaultValue: true, listed: true },
      ],
      unique: [['license_request_id', 'application_type_id', 'license_category_level_id']],
      filters: { license_request_id: 'license_request_id', licenseRequestID: 'license_request_id' },
      defaultSort: 'created_at',
    },
  ),
  referenceList(
    'license_request_supplemental_trainings',
    'LicenseRequestSupplementalTrainingTrainings',
    'license_request_supplemental_training_training',
    'Request supplemental trainings',
    {
      ...requestParts,
      singular: 'request supplemental training',
      ownFields: [
        requestId,
        {
          name: 'license_supplemental_training_id',
          label: 'Supplemental training',
          kind: 'uuid',
          required: true,
          ref: 'LicenseSupplementalTrainings',
        },
        { name: 'training_name', label: 'Course', kind: 'text', required: true, listed: true },
        { name: 'hours', label: 'Hours', kind: 'int', min: 0, max: 10_000, defaultValue: 0, listed: true },
        { name: 'completed_on', label: 'Completed on', kind: 'date', listed: true },
        { name: 'document_id', label: 'Certificate', kind: 'uuid', ref: 'Documents' },
      ],
      unique: [],
      filters: { license_request_id: 'license_request_id', licenseRequestID: 'license_request_id' },
      defaultSort: 'created_at',
    },
  ),
  referenceList(
    'license_request_fb_responses',
    'LicenseRequestFBResponses',
    'license_request_fb_response',
    'Request form responses',
    {
      ...requestParts,
      singular: 'request form response',
      ownFields: [
        requestId,
        { name: 'fb_response_id', label: 'Response', kind: 'uuid', required: true, ref: 'fbresponses' },
        { name: 'form_id', label: 'Form', kind: 'uuid', required: true, ref: 'fbforms' },
      ],
      unique: [['license_request_id', 'form_id']],
      filters: { license_request_id: 'license_request_id', licenseRequestID: 'license_request_id' },
      defaultSort: 'created_at',
    },
  ),
] as const;

// Licence rules: clauses over whitelisted fields, compiled to SQL on the server.

export const ruleEntities = ['user', 'service', 'vehicle'] as const;
export const ruleFormats = ['string', 'date', 'age'] as const;
export const ruleOperatorList = ['=', '<>', '<', '<=', '>', '>=', 'like', 'not like'] as const;

export const licenseRuleFieldInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  alias: z.string().trim().max(200).nullable().optional(),
  table_name: z.string().trim().min(1, 'table_name is required').max(64),
  field_name: z.string().trim().min(1, 'field_name is required').max(64),
  format: z.enum(ruleFormats, { message: `format must be one of: ${ruleFormats.join(', ')}` }),
  entity: z.enum(ruleEntities, { message: `entity must be one of: ${ruleEntities.join(', ')}` }),
});

const parenthesis = z
  .union([z.string().max(10), z.number().int().min(0).max(10)])
  .nullable()
  .optional();

export const licenseRuleFieldValueInput = z
  .object({
    sort_order: z.number().int().min(0).max(10_000).default(0),
    and_flag: z.boolean().default(true),
    left_parenthesis: parenthesis,
    right_parenthesis: parenthesis,
    operator: z.enum(ruleOperatorList, {
      message: `operator must be one of: ${ruleOperatorList.join(', ')}`,
    }),
    value: z.string().max(500).nullable().optional(),
    /** An existing rule field, or the field itself (found or added by table, field and format). */
    license_rule_field_id: z.uuid({ message: 'license_rule_field_id must be a valid id' }).optional(),
    license_rule_field: licenseRuleFieldInput.optional(),
  })
  .refine((v) => v.license_rule_field_id || v.license_rule_field, {
    message: 'license_rule_field is required',
    path: ['license_rule_field'],
  });

export const licenseRuleInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  license_id: z.uuid({ message: 'license_id must be a valid id' }).nullable().optional(),
  entity: z.enum(ruleEntities).default('user'),
  active: z.boolean().default(true),
  license_rule_field_values: z
    .array(licenseRuleFieldValueInput)
    .min(1, 'A rule needs at least one clause')
    .max(100),
});
export type LicenseRuleInput = z.infer<typeof licenseRuleInput>;
export const licenseRuleSaveBody = z.object({ license_rule: licenseRuleInput });

export const licenseRuleOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  license_id: z.uuid().nullable(),
  entity: z.enum(ruleEntities),
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  license_rule_field_values: z.array(
    z.object({
      id: z.uuid(),
      sort_order: z.number().int(),
      and_flag: z.boolean(),
      left_parenthesis: z.string().nullable(),
      right_parenthesis: z.string().nullable(),
      operator: z.string(),
      value: z.string().nullable(),
      license_rule_field_id: z.uuid(),
      license_rule_field: licenseRuleFieldInput.extend({ id: z.uuid(), alias: z.string().nullable() }),
    }),
  ),
});
export type LicenseRuleOutput = z.infer<typeof licenseRuleOutput>;

export const usersQueryBody = z.object({
  licenseRuleIds: z
    .array(z.uuid({ message: 'licenseRuleIds must hold valid ids' }))
    .min(1, 'licenseRuleIds must name at least one rule')
    .max(20),
  currentPage: z.number().int().min(1).default(1),
  numPerPage: z.number().int().min(1).max(500).default(25),
});

// The licence save payload: the licence and its configuration sets, saved in one transaction.

const byKey = (key: string) => {
  const spec = licensingResourceByKey.get(key);
  if (!spec) throw new Error(`no licensing resource ${key}`);
  return spec;
};
export const licensingResourceByKey = new Map<string, (typeof licensingResources)[number]>(
  licensingResources.map((r) => [r.key, r]),
);

/** A member of a licence's configuration set: the resource's own fields, without license_id. */
function memberSchema(fields: readonly FieldSpec[]) {
  return inputSchema(fields.filter((f) => f.name !== 'license_id')).extend({
    id: z.uuid({ message: 'id must be a valid id' }).optional(),
  });
}

export const licenseEntities = ['user', 'service', 'vehicle'] as const;

export const licenseInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  code: z.string().trim().max(64).nullable().optional(),
  description: z.string().trim().max(4000).nullable().optional(),
  entity: z.enum(licenseEntities, { message: 'entity must be user, service or vehicle' }),
  active: z.boolean().default(true),
  public_lookup: z.boolean().default(true),
  form_package_id: z.uuid({ message: 'form_package_id must be a valid id' }).nullable().optional(),
  autonumber_id: z.uuid({ message: 'autonumber_id must be a valid id' }).nullable().optional(),
  renewal_window_days: z.number().int().min(0).max(730).default(90),
});

/** POST licenses and PUT licenses/{id}: sets that are sent replace the stored ones; others stay. */
export const licenseSaveBody = z.object({
  license: licenseInput,
  license_categories: z
    .array(memberSchema(byKey('license_categories').fields))
    .max(100)
    .optional(),
  license_category_levels: z
    .array(memberSchema(byKey('license_category_levels').fields))
    .max(500)
    .optional(),
  license_request_statuses: z
    .array(
      inputSchema([
        { name: 'label', label: 'Label', kind: 'text', required: true },
        { name: 'code', label: 'Code', kind: 'text', maxLength: 64 },
        { name: 'description', label: 'Description', kind: 'text', maxLength: 1000 },
        { name: 'active', label: 'Active', kind: 'bool', defaultValue: true },
        { name: 'sort_order', label: 'Sort order', kind: 'int', min: 0, max: 100_000, defaultValue: 0 },
        { name: 'is_final', label: 'Final', kind: 'bool' },
      ]).extend({ id: z.uuid({ message: 'id must be a valid id' }).optional() }),
    )
    .max(100)
    .optional(),
  license_category_certification_statuses: z
    .array(memberSchema(byKey('license_category_certification_statuses').fields))
    .max(100)
    .optional(),
  license_category_certification_attributes: z
    .array(memberSchema(byKey('license_category_certification_attributes').fields))
    .max(200)
    .optional(),
  processes: z
    .array(memberSchema(byKey('process_licenses').fields))
    .max(50)
    .optional(),
  license_rules: z
    .array(licenseRuleInput.omit({ license_id: true }).extend({ id: z.uuid().optional() }))
    .max(50)
    .optional(),
});
export type LicenseSaveBody = z.infer<typeof licenseSaveBody>;

export const licenseOutput = licenseInput.extend({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
  license_categories: z.array(z.record(z.string(), z.unknown())),
  license_category_levels: z.array(z.record(z.string(), z.unknown())),
  license_request_statuses: z.array(z.record(z.string(), z.unknown())),
  license_category_certification_statuses: z.array(z.record(z.string(), z.unknown())),
  license_category_certification_attributes: z.array(z.record(z.string(), z.unknown())),
  processes: z.array(z.record(z.string(), z.unknown())),
  license_rules: z.array(licenseRuleOutput),
});
export type LicenseOutput = z.infer<typeof licenseOutput>;

// Licence requests: applications and renewals, their review and the credentials they issue.

const optionalUuid = (name: string) =>
  z
    .uuid({ message: `${name} must be a valid id` })
    .nullable()
    .optional();
const optionalDate = (name: string) =>
  z.iso
    .date({ message: `${name} must be a date (YYYY-MM-DD)` })
    .nullable()
    .optional();

export const licenseRequestInput = z.object({
  license_id: z.uuid({ message: 'license_id must be a valid id' }),
  /** The subject: a person, a service or a vehicle (the licence's entity decides which). */
  user_id: optionalUuid('user_id'),
  service_id: optionalUuid('service_id'),
  vehicle_id: optionalUuid('vehicle_id'),
  parent_request_id: optionalUuid('parent_request_id'),
  /** A renewal: the credential it renews. */
  renews_certification_id: optionalUuid('renews_certification_id'),
  application_type_id: optionalUuid('application_type_id'),
  status_id: optionalUuid('status_id'),
  training_validation_start: optionalDate('training_validation_start'),
  training_validation_end: optionalDate('training_validation_end'),
});
export type LicenseRequestInput = z.infer<typeof licenseRequestInput>;
export const licenseRequestSaveBody = z.object({ license_request: licenseRequestInput });

export const requestQueueQuery = listQuery.extend({
  license_id: z.uuid({ message: 'license_id must be a valid id' }).optional(),
  status_id: z.uuid({ message: 'status_id must be a valid id' }).optional(),
  process_id: z.uuid({ message: 'process_id must be a valid id' }).optional(),
  process_status_id: z.uuid({ message: 'process_status_id must be a valid id' }).optional(),
  user_id: z.uuid({ message: 'user_id must be a valid id' }).optional(),
  service_id: z.uuid({ message: 'service_id must be a valid id' }).optional(),
  progress: z.coerce.number().int().min(0).max(2).optional(),
  /** Submitted on or after / on or before (YYYY-MM-DD). */
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }).optional(),
  includeDeleted: booleanish.optional(),
});

export const licenseRequestSummary = z.object({
  id: z.uuid(),
  license_id: z.uuid().nullable(),
  license_name: z.string().nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  subject_name: z.string().nullable(),
  application_type_id: z.uuid().nullable(),
  status_id: z.uuid().nullable(),
  status_label: z.string().nullable(),
  progress: z.number().int(),
  completed_on: timestamp.nullable(),
  renews_certification_id: z.uuid().nullable(),
  deleted_at: timestamp.nullable(),
  delete_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LicenseRequestSummary = z.infer<typeof licenseRequestSummary>;

export const requestHistoryEntry = z.object({
  id: z.uuid(),
  kind: z.string(),
  at: timestamp,
  user_name: z.string().nullable(),
  note: z.string().nullable(),
  status_label: z.string().nullable(),
  process_label: z.string().nullable(),
  process_status_label: z.string().nullable(),
  manual_trigger: z.string().nullable(),
  link_trigger: z.string().nullable(),
});

export const licenseRequestDetail = licenseRequestSummary.extend({
  parent_request_id: z.uuid().nullable(),
  current_trigger_count: z.number().int(),
  training_validation_start: z.string().nullable(),
  training_validation_end: z.string().nullable(),
  application_types: z.array(
    z.object({
      id: z.uuid(),
      application_type_id: z.uuid(),
      application_type_label: z.string().nullable(),
      license_category_level_id: z.uuid(),
      level_label: z.string().nullable(),
      checked: z.boolean(),
    }),
  ),
  charges: z.array(
    z.object({
      id: z.uuid(),
      description: z.string(),
      quantity: z.number().int(),
      amount_cents: z.number().int(),
      paid: z.boolean(),
    }),
  ),
  total_cents: z.number().int(),
  process_statuses: z.array(
    z.object({
      process_id: z.uuid(),
      process_label: z.string(),
      process_status_id: z.uuid(),
      process_status_label: z.string(),
      updated_at: timestamp,
    }),
  ),
  forms: z.array(
    z.object({
      form_id: z.uuid(),
      form_name: z.string(),
      required: z.boolean(),
      response_id: z.uuid().nullable(),
      progress: z.number().int().nullable(),
      completed_on: timestamp.nullable(),
    }),
  ),
  history: z.array(requestHistoryEntry),
  certifications: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      status: z.string(),
      expiration_date: z.string().nullable(),
    }),
  ),
});
export type LicenseRequestDetail = z.infer<typeof licenseRequestDetail>;

export const processChangeBody = z.object({
  licenseRequestID: z.uuid({ message: 'licenseRequestID must be a valid id' }),
  statusID: z.uuid({ message: 'statusID must be a valid id' }),
  processID: z.uuid({ message: 'processID must be a valid id' }),
  note: z.string().trim().max(4000).nullable().optional(),
  /** Names of triggers to fire afterwards: stored for the workflow engine, not fired here. */
  manualTrigger: z.string().trim().max(200).nullable().optional(),
  linkTrigger: z.string().trim().max(200).nullable().optional(),
});

export const submitResult = z.object({
  success: z.boolean(),
  validationError: z.boolean().optional(),
  /** Forms that are missing or not completed, by name. */
  errors: z.record(z.string(), z.string()).optional(),
  request: licenseRequestSummary.optional(),
});

// Credentials held (certifications): issued by approvals, or entered by staff.

export const certificationStatuses = ['active', 'inactive', 'expired', 'suspended', 'revoked'] as const;

export const certificationInput = z.object({
  license_id: z.uuid({ message: 'license_id must be a valid id' }),
  license_category_level_id: optionalUuid('license_category_level_id'),
  user_id: optionalUuid('user_id'),
  service_id: optionalUuid('service_id'),
  vehicle_id: optionalUuid('vehicle_id'),
  /** Left out: the next number of the licence's pattern. */
  number: z.string().trim().min(1, 'number must not be empty').max(64).optional(),
  status: z
    .enum(certificationStatuses, { message: `status must be one of: ${certificationStatuses.join(', ')}` })
    .default('active'),
  certification_status_id: optionalUuid('certification_status_id'),
  issue_date: optionalDate('issue_date'),
  expiration_date: optionalDate('expiration_date'),
});
export const certificationSaveBody = z.object({ certification: certificationInput });

export const certificationOutput = z.object({
  id: z.uuid(),
  license_id: z.uuid().nullable(),
  license_name: z.string().nullable(),
  license_category_id: z.uuid().nullable(),
  license_category_level_id: z.uuid().nullable(),
  level_label: z.string().nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  holder_name: z.string().nullable(),
  number: z.string(),
  status: z.string(),
  certification_status_id: z.uuid().nullable(),
  issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  license_request_id: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CertificationOutput = z.infer<typeof certificationOutput>;

export const certificationListQuery = listQuery.extend({
  user_id: z.uuid({ message: 'user_id must be a valid id' }).optional(),
  service_id: z.uuid({ message: 'service_id must be a valid id' }).optional(),
  vehicle_id: z.uuid({ message: 'vehicle_id must be a valid id' }).optional(),
  license_id: z.uuid({ message: 'license_id must be a valid id' }).optional(),
  status: z.enum(certificationStatuses).optional(),
});
