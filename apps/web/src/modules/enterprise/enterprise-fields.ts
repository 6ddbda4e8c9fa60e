import { dateFormat, type EnterpriseSettings } from '@licensure/contracts';
import type { FormField } from '../../platform/resources/form-values';

type SettingsField = FormField & { name: keyof EnterpriseSettings };

/** The settings form, in sections; the values are validated by the contracts' `enterpriseSettings`. */
export const enterpriseSections: readonly { title: string; fields: readonly SettingsField[] }[] = [
  {
    title: 'Identity',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      {
        name: 'abbreviation',
        label: 'State',
        kind: 'text',
        required: true,
        help: 'Two-letter code, such as CA',
      },
      {
        name: 'address',
        label: 'Web address',
        kind: 'text',
        help: 'Host name, such as licensing.example.gov',
      },
      {
        name: 'time_zone',
        label: 'Time zone',
        kind: 'text',
        required: true,
        help: 'Such as America/Los_Angeles',
      },
      {
        name: 'date_format',
        label: 'Date format',
        kind: 'select',
        options: dateFormat.options,
        required: true,
        help: 'How dates are shown and typed, such as 03/15/2026 or 15/03/2026',
      },
      {
        name: 'utc_to_server_hours',
        label: 'UTC to server hours',
        kind: 'int',
        required: true,
        min: -14,
        max: 14,
      },
    ],
  },
  {
    title: 'Sign-in and sessions',
    fields: [
      {
        name: 'session_idle_minutes',
        label: 'Session idle minutes',
        kind: 'int',
        required: true,
        min: 5,
        max: 720,
      },
      {
        name: 'max_failed_logins',
        label: 'Failed sign-ins from one address before waits start',
        kind: 'int',
        required: true,
        min: 3,
        max: 20,
      },
      {
        name: 'lockout_minutes',
        label: 'Longest wait after failed sign-ins (minutes)',
        kind: 'int',
        required: true,
        min: 1,
        max: 1440,
      },
      {
        name: 'disable_password_login',
        label: 'Disable password sign-in (single sign-on only)',
        kind: 'bool',
      },
      { name: 'recaptcha_site_key', label: 'reCAPTCHA site key', kind: 'text' },
      { name: 'login_criteria', label: 'Text shown on the sign-in page', kind: 'longtext' },
      { name: 'logout_criteria', label: 'Text shown after signing out', kind: 'longtext' },
    ],
  },
  {
    title: 'Public site',
    fields: [
      { name: 'public_lookup_enabled', label: 'Public licence look-up', kind: 'bool' },
      { name: 'show_user_public_addresses', label: "Show people's public addresses", kind: 'bool' },
      { name: 'user_voice_link', label: 'Feedback link', kind: 'text', help: 'A web address, or empty' },
      { name: 'duplicate_prevention_text', label: 'Duplicate prevention text', kind: 'longtext' },
    ],
  },
];

export const enterpriseFields: readonly SettingsField[] = enterpriseSections.flatMap((s) => s.fields);
