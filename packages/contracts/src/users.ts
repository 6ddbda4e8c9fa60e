// Contracts of the users module: people, searches, passwords and security administration.
import { z } from 'zod';
import { credentialView } from './licensing';
import { listQuery, timestamp } from './paging';
import { permissionKeys } from './permissions';

const idMsg = (f: string) => ({ message: `${f} must be a valid id` });
const optText = (max: number) => z.string().trim().max(max).nullable().optional();
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const userNamePattern = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;
export const userNameRule =
  'User names are 3 to 64 characters: letters, digits, dot, underscore, hyphen or @, starting with a letter or digit.';
export const ssnInput = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{2}-?\d{4}$/, 'SSN must be 9 digits, as 123-45-6789 or 123456789');

/** The fields of a person that a save may send. */
export const userFields = z.object({
  user_name: z.string().trim().regex(userNamePattern, userNameRule).nullable().optional(),
  email: z.email({ message: 'email must be a valid email address' }).max(254).nullable().optional(),
  first_name: z.string().trim().min(1, 'first_name is required').max(100),
  last_name: z.string().trim().min(1, 'last_name is required').max(100),
  middle_name: optText(100),
  suffix: optText(20),
  birth_date: dateText.nullable().optional(),
  account_identifier: optText(64),
  national_ems_id: optText(64),
  phone: optText(32),
  ssn: ssnInput.nullable().optional(),
  street: optText(200),
  street2: optText(200),
  city: optText(100),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'State must be a two-letter code such as CA')
    .nullable()
    .optional(),
  postal_code: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, 'Postal code must be 5 digits or ZIP+4')
    .nullable()
    .optional(),
  county_fips: z
    .string()
    .regex(/^\d{5}$/, 'County FIPS must be 5 digits')
    .nullable()
    .optional(),
  gender_id: z.uuid(idMsg('gender_id')).nullable().optional(),
  race_id: z.uuid(idMsg('race_id')).nullable().optional(),
  education_id: z.uuid(idMsg('education_id')).nullable().optional(),
  employment_status_id: z.uuid(idMsg('employment_status_id')).nullable().optional(),
  hair_id: z.uuid(idMsg('hair_id')).nullable().optional(),
  eye_id: z.uuid(idMsg('eye_id')).nullable().optional(),
  user_status_id: z.uuid(idMsg('user_status_id')).nullable().optional(),
  is_staff: z.boolean().optional(),
  /** A new password; checked against the password requirements. */
  password: z.string().max(1000).optional(),
  /** Replaces the person's security templates (security.admin only). */
  security_template_ids: z
    .array(z.uuid(idMsg('security_template_ids')))
    .max(100)
    .optional(),
  /** The updated_at read before editing; a stale one is refused with 409. */
  updated_at: z.string().optional(),
});
export type UserFields = z.infer<typeof userFields>;

export const userCreateBody = z.object({
  user: userFields,
  enterpriseID: z.uuid(idMsg('enterpriseID')).optional(),
});
export const userUpdateBody = z.object({ user: userFields });

/** A person as the API shows it (ssn masked unless the caller holds users.ssn and read one record). */
export const person = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  user_name: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  suffix: z.string().nullable(),
  birth_date: z.string().nullable(),
  account_identifier: z.string().nullable(),
  national_ems_id: z.string().nullable(),
  phone: z.string().nullable(),
  ssn: z.string().nullable(),
  street: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  county_fips: z.string().nullable(),
  gender_id: z.string().nullable(),
  race_id: z.string().nullable(),
  education_id: z.string().nullable(),
  employment_status_id: z.string().nullable(),
  hair_id: z.string().nullable(),
  eye_id: z.string().nullable(),
  user_status_id: z.string().nullable(),
  is_staff: z.boolean(),
  has_password: z.boolean(),
  locked_until: timestamp.nullable(),
  last_login_at: timestamp.nullable(),
  deleted_at: timestamp.nullable(),
  security_template_ids: z.array(z.uuid()).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Person = z.infer<typeof person>;

/**
 * A person as a search lists them (users/search): enough to tell people apart and open one, not the
 * whole record, so a page of 50 stays small to read, check and send. The SSN is masked, as in person.
 */
export const personSummary = person.pick({
  id: true,
  user_name: true,
  email: true,
  first_name: true,
  middle_name: true,
  last_name: true,
  suffix: true,
  birth_date: true,
  account_identifier: true,
  national_ems_id: true,
  phone: true,
  ssn: true,
  city: true,
  state: true,
  is_staff: true,
  user_status_id: true,
});
export type PersonSummary = z.infer<typeof personSummary>;

export const publicPerson = person.pick({
  id: true,
  first_name: true,
  middle_name: true,
  last_name: true,
  suffix: true,
  city: true,
  state: true,
});

export const addressInfo = person.pick({
  id: true,
  street: true,
  street2: true,
  city: true,
  state: true,
  postal_code: true,
  county_fips: true,
  phone: true,
  email: true,
});

export const usersListQuery = listQuery.extend({
  last_name: z.string().max(100).optional(),
  first_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  is_staff: z.enum(['true', 'false']).optional(),
  user_status_id: z.uuid(idMsg('user_status_id')).optional(),
  include_deleted: z.enum(['true', 'false']).optional(),
});

/** The fields of the user lookups (users/search, elite/userlookup, the public lookup). */
export const userLookupInput = z.object({
  search: z.string().trim().max(200).optional(),
  last_name: z.string().trim().max(100).optional(),
  first_name: z.string().trim().max(100).optional(),
  birth_date: dateText.optional(),
  account_identifier: z.string().trim().max(64).optional(),
  national_ems_id: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
  ssn: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{3}-?\d{2}-?\d{4})$/, 'ssn must be the last 4 digits or all 9')
    .optional(),
  street: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(2).optional(),
  postal_code: z.string().trim().max(10).optional(),
  /** Licence (certification) number, public lookup. */
  license_number: z.string().trim().max(64).optional(),
  numPerPage: z.coerce.number().int().min(1).max(200).default(50),
  currentPage: z.coerce.number().int().min(1).default(1),
});
export type UserLookup = z.infer<typeof userLookupInput>;

export const publicLookupRow = z.object({
  user_id: z.uuid(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  suffix: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  license_number: z.string(),
  level: z.string().nullable(),
  status: z.string(),
  expiration_date: z.string().nullable(),
  /** The credential as My licences and the certificate show it (licence, level, dates, status in words). */
  credential: credentialView,
});

export const passwordRequirements = z.object({
  min_length: z.number().int(),
  max_length: z.number().int(),
  history_count: z.number().int(),
  composition_rules: z.boolean(),
  /** The lowest zxcvbn score (0 to 4) a new password may have. */
  min_strength: z.number().int(),
  rules: z.array(z.string()),
});

export const passwordHistoryEntry = z.object({ changed_at: timestamp });
export const passwordCheckInput = z.object({
  user_id: z.uuid(idMsg('user_id')),
  password: z.string().min(1, 'password is required').max(1000),
});
export const forgotPasswordInput = z.object({
  user_name: z.string().trim().min(1, 'user_name is required').max(254),
});
export const resetPasswordInput = z.object({
  token: z.string().min(1, 'token is required').max(200),
  password: z.string().min(1, 'password is required').max(1000),
});
export const resetTokenStatus = z.object({ valid: z.boolean(), expires_at: timestamp.nullable() });

export const securityTemplateInput = z.object({
  security_template: z.object({
    label: z.string().trim().min(1, 'label is required').max(100),
    description: z.string().trim().max(1000).nullable().optional(),
    is_portal_default: z.boolean().default(false),
    permissions: z
      .array(z.string())
      .max(500)
      .refine((keys) => keys.every((k) => (permissionKeys as string[]).includes(k)), {
        message: `permissions must be permission keys: ${permissionKeys.join(', ')}`,
      })
      .default([]),
  }),
});
export const securityTemplate = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  label: z.string(),
  description: z.string().nullable(),
  is_portal_default: z.boolean(),
  permissions: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});

export const securityGroupInput = z.object({
  security_group: z.object({
    label: z.string().trim().min(1, 'label is required').max(100),
    description: z.string().trim().max(1000).nullable().optional(),
    user_ids: z
      .array(z.uuid(idMsg('user_ids')))
      .max(5000)
      .default([]),
  }),
});
export const securityGroup = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  label: z.string(),
  description: z.string().nullable(),
  user_ids: z.array(z.uuid()),
  created_at: timestamp,
  updated_at: timestamp,
});

export const nationalRegistryIntegrationInput = z.object({
  national_registry_integration_data: z
    .object({
      user_id: z.uuid(idMsg('user_id')).optional(),
      national_ems_id: z.string().trim().min(1).max(64).optional(),
      payload: z.record(z.string(), z.unknown()).default({}),
    })
    .refine((d) => d.user_id || d.national_ems_id, {
      message: 'user_id or national_ems_id is required',
      path: ['national_ems_id'],
    }),
});
