import { z } from 'zod';

/** How dates are written and typed in the apps; stored dates are always YYYY-MM-DD. */
export const dateFormat = z.enum(['MM/DD/YYYY', 'DD/MM/YYYY'], {
  message: 'Date format must be MM/DD/YYYY or DD/MM/YYYY',
});
export type DateFormat = z.infer<typeof dateFormat>;

/** Settings of an enterprise (a regulator) that staff may change. */
export const enterpriseSettings = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  abbreviation: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'State must be a two-letter code such as CA'),
  address: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z0-9.-]*(:\d+)?$/i, 'Web address must be a host name such as licensing.example.gov'),
  time_zone: z.string().trim().min(1, 'Time zone is required').max(64),
  date_format: dateFormat,
  utc_to_server_hours: z.number().int().min(-14).max(14, 'UTC to server hours must be between -14 and 14'),
  session_idle_minutes: z
    .number({ message: 'Session idle minutes must be a number' })
    .int()
    .min(5, 'Session idle minutes must be at least 5')
    .max(720, 'Session idle minutes must be at most 720'),
  max_failed_logins: z.number().int().min(3, 'Allow at least 3 failed sign-ins').max(20),
  lockout_minutes: z.number().int().min(1).max(1440),
  disable_password_login: z.boolean(),
  show_user_public_addresses: z.boolean(),
  public_lookup_enabled: z.boolean(),
  duplicate_prevention_text: z.string().max(2000),
  login_criteria: z.string().max(4000),
  logout_criteria: z.string().max(4000),
  user_voice_link: z.union([z.url('Feedback link must be a web address'), z.literal('')]),
  recaptcha_site_key: z.string().max(200),
});
export type EnterpriseSettings = z.infer<typeof enterpriseSettings>;

export const enterpriseUpdateInput = z.object({ enterprise: enterpriseSettings.partial() });

export const enterpriseCategory = z.object({
  name: z.string(),
  label: z.string(),
  fields: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      label: z.string(),
      field_type: z.string(),
      required: z.boolean(),
    }),
  ),
});
export const enterpriseEntity = z.object({
  id: z.uuid(),
  label: z.string(),
  code: z.string().nullable(),
  is_user: z.boolean(),
  is_service: z.boolean(),
  is_vehicle: z.boolean(),
  categories: z.array(enterpriseCategory),
});

export const enterprise = enterpriseSettings.extend({
  id: z.uuid(),
  entities: z.array(enterpriseEntity),
  labels: z.object({ user: z.string(), service: z.string(), vehicle: z.string() }),
});
export type Enterprise = z.infer<typeof enterprise>;

export const enterpriseLess = z.object({
  id: z.uuid(),
  name: z.string(),
  abbreviation: z.string(),
  address: z.string(),
  disable_password_login: z.boolean(),
  public_lookup_enabled: z.boolean(),
  login_criteria: z.string(),
  date_format: dateFormat,
});

export const recaptchaInput = z.object({
  actionString: z.string().min(1, 'actionString is required').max(100),
  token: z.string().min(1, 'token is required').max(4000),
  enterpriseId: z.uuid({ message: 'enterpriseId must be a valid id' }),
});
