import { enterpriseSettings } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { initialValues, validateValues } from '../../platform/resources/form-values';
import { enterpriseFields } from './enterprise-fields';

describe('enterprise settings form', () => {
  it('has a control for every setting of the contract, once', () => {
    const names = enterpriseFields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(enterpriseSettings.shape).sort());
  });

  it('validates with the contract and reports errors per field', () => {
    const values = {
      ...initialValues(enterpriseFields, {
        name: 'State EMS',
        abbreviation: 'CA',
        address: 'licensing.example.gov',
        time_zone: 'America/Los_Angeles',
        date_format: 'DD/MM/YYYY',
        utc_to_server_hours: 0,
        session_idle_minutes: 30,
        max_failed_logins: 5,
        lockout_minutes: 15,
        disable_password_login: false,
        show_user_public_addresses: false,
        public_lookup_enabled: true,
        duplicate_prevention_text: '',
        login_criteria: '',
        logout_criteria: '',
        user_voice_link: '',
        recaptcha_site_key: '',
      }),
    };
    expect(validateValues(enterpriseSettings, enterpriseFields, values).ok).toBe(true);
    const bad = validateValues(enterpriseSettings, enterpriseFields, {
      ...values,
      abbreviation: 'California',
      session_idle_minutes: '2',
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        abbreviation: 'State must be a two-letter code such as CA',
        session_idle_minutes: 'Session idle minutes must be at least 5',
      },
    });
  });
});
