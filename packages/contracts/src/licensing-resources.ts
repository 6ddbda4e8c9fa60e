// Contracts of licensing: the licence configuration resources declared on the resource engine, one
// FieldSpec list each (licence categories, levels, statuses, charges, processes, ...).
import type { FieldSpec } from './fields';
import { supersedeRules } from './licensing-decision-preview';
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
      {
        name: 'supersedes',
        label: 'A credential issued or extended supersedes',
        kind: 'select',
        options: [...supersedeRules],
        defaultValue: 'none',
        required: true,
        listed: true,
        help: 'Which of the holder’s credentials of this category become inactive when one is issued or extended: none, lower levels, higher levels or every other level (levels ordered by sort order). The approval lists them before it happens.',
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
