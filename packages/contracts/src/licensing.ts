// Contracts of licensing: licence configuration resources. The licence itself, its rules and
// requests have hand-written tables (packages/db/src/schema/licensing.ts).
import { z } from 'zod';
import { type FieldSpec, inputSchema } from './fields';
import { optionalDate, optionalUuid } from './licensing-requests';
import { licensingResources } from './licensing-resources';
import { listQuery, timestamp } from './paging';

export {
  type ChargeCalculatedField,
  chargeCalculatedFields,
  licensingResources,
} from './licensing-resources';

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

export * from './licensing-decision-preview';
export * from './licensing-requests';

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

/** How a credential's status is written for people (the stored value is its meaning, in lower case). */
export const certificationStatusLabels: Record<(typeof certificationStatuses)[number], string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/**
 * A credential as every reader sees it, from one presenter on the server: My licences, the certificate
 * and wallet card, and the public verification page show the same title, level, holder and status.
 */
export const credentialView = z.object({
  number: z.string(),
  /** The licence it is of ("EMS Personnel Certification"); null for a credential recorded without one. */
  license_name: z.string().nullable(),
  /** What a certificate is titled: the licence name, else the level ("EMT"), else "Credential". */
  title: z.string(),
  /** The level held: the licence category level, else the certification level. */
  level_label: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: z.enum(certificationStatuses),
  /** The status in words ("Active"). */
  status_label: z.string(),
  issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
});
export type CredentialView = z.infer<typeof credentialView>;

export const certificationOutput = credentialView.extend({
  id: z.uuid(),
  license_id: z.uuid().nullable(),
  license_category_id: z.uuid().nullable(),
  license_category_level_id: z.uuid().nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  certification_status_id: z.uuid().nullable(),
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
