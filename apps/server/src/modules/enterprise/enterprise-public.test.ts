import { randomUUID } from 'node:crypto';
import { messages } from '@licensure/contracts';
import { identityProviders } from '@licensure/db';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/test-app';
import {
  get,
  otherEnterprise,
  putEnterprise,
  setSettings,
  setupEnterpriseTests,
  t,
} from './enterprise-test-setup';

setupEnterpriseTests();

describe('public essentials', () => {
  it('GET enterpriseLess gives the public essentials to anyone', async () => {
    for (const caller of [null, t.nobody, t.applicant]) {
      const res = await t.call(caller, { method: 'GET', url: '/api/enterpriseLess' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: t.enterpriseId,
        name: 'Test State EMS',
        abbreviation: 'TX',
        address: '',
        disable_password_login: false,
        public_lookup_enabled: true,
        login_criteria: '',
        date_format: 'MM/DD/YYYY',
      });
    }
  });

  it('gives the date format staff choose, and refuses one it does not know', async () => {
    const bad = await putEnterprise({ date_format: 'YYYY/DD/MM' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.date_format).toBe('Date format must be MM/DD/YYYY or DD/MM/YYYY');
    expect((await putEnterprise({ date_format: 'DD/MM/YYYY' })).statusCode).toBe(200);
    try {
      expect((await t.call(null, { method: 'GET', url: '/api/enterpriseLess' })).json().date_format).toBe(
        'DD/MM/YYYY',
      );
    } finally {
      expect((await putEnterprise({ date_format: 'MM/DD/YYYY' })).statusCode).toBe(200);
    }
  });

  it('GET enterprise/getbyaddress finds the enterprise by its web address', async () => {
    await setSettings({ address: 'licensing.example.gov' });
    try {
      for (const address of [
        'licensing.example.gov',
        'https://Licensing.Example.gov/portal/signin',
        'http://licensing.example.gov',
      ]) {
        const res = await t.call(null, {
          method: 'GET',
          url: `/api/enterprise/getbyaddress?address=${encodeURIComponent(address)}`,
        });
        expect(res.statusCode, address).toBe(200);
        expect(res.json()).toMatchObject({
          id: t.enterpriseId,
          name: 'Test State EMS',
          address: 'licensing.example.gov',
        });
        expect(res.json()).not.toHaveProperty('recaptcha_secret');
      }
      const unknown = await t.call(null, {
        method: 'GET',
        url: '/api/enterprise/getbyaddress?address=elsewhere.example.org',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      // An address without a host names no enterprise (not the ones without an address).
      const hostless = await t.call(null, {
        method: 'GET',
        url: `/api/enterprise/getbyaddress?address=${encodeURIComponent('https://')}`,
      });
      expect(hostless.statusCode).toBe(404);
      const missing = await t.call(null, { method: 'GET', url: '/api/enterprise/getbyaddress' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty('address');
      const blank = await t.call(null, { method: 'GET', url: '/api/enterprise/getbyaddress?address=%20' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields.address).toBe('address is required');
    } finally {
      await setSettings({ address: '' });
    }
  });

  it('GET getLogoutCriteria answers the sign-out text of an enterprise', async () => {
    await setSettings({ logout_criteria: 'Close your browser when done.' });
    const res = await t.call(null, {
      method: 'GET',
      url: `/api/getLogoutCriteria?enterpriseID=${t.enterpriseId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logout_criteria: 'Close your browser when done.' });
    const bad = await t.call(null, { method: 'GET', url: '/api/getLogoutCriteria?enterpriseID=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.enterpriseID).toBe('enterpriseID must be a valid id');
    expect((await t.call(null, { method: 'GET', url: '/api/getLogoutCriteria' })).statusCode).toBe(400);
    const unknown = await t.call(null, {
      method: 'GET',
      url: `/api/getLogoutCriteria?enterpriseID=${randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('GET Core/GetUserVoiceLink needs a signed-in user', async () => {
    await setSettings({ user_voice_link: 'https://feedback.example.gov/ems' });
    const res = await get('/api/Core/GetUserVoiceLink', t.nobody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: 'https://feedback.example.gov/ems' });
    expect((await get('/api/Core/GetUserVoiceLink', t.applicant)).json()).toEqual({
      link: 'https://feedback.example.gov/ems',
    });
    const anonymous = await t.call(null, { method: 'GET', url: '/api/Core/GetUserVoiceLink' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
  });

  it('GET Core/DuplicatePreventionText is public', async () => {
    const empty = await t.call(null, { method: 'GET', url: '/api/Core/DuplicatePreventionText' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ text: '' });
    await setSettings({ duplicate_prevention_text: 'Do not create a second account.' });
    const res = await t.call(null, { method: 'GET', url: '/api/Core/DuplicatePreventionText' });
    expect(res.json()).toEqual({ text: 'Do not create a second account.' });
    expect((await get('/api/Core/DuplicatePreventionText', t.nobody)).json()).toEqual({
      text: 'Do not create a second account.',
    });
  });

  it('GET AdminModule/ListPublicIdentityProvider lists only public, active providers of the enterprise', async () => {
    const other = await otherEnterprise();
    const rows = await t.database.db
      .insert(identityProviders)
      .values([
        {
          enterprise_id: t.enterpriseId,
          code: 'okta',
          label: 'State Okta',
          for_portal: true,
          for_staff: true,
        },
        {
          enterprise_id: t.enterpriseId,
          code: 'azure',
          label: 'Agency Azure AD',
          for_portal: false,
          for_staff: true,
        },
        { enterprise_id: t.enterpriseId, code: 'hidden', label: 'Hidden provider', is_public: false },
        { enterprise_id: t.enterpriseId, code: 'retired', label: 'Retired provider', active: false },
        { enterprise_id: other.id, code: 'elsewhere', label: 'Another state' },
      ])
      .returning();
    const res = await t.call(null, { method: 'GET', url: '/api/AdminModule/ListPublicIdentityProvider' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: rows[1]!.id, code: 'azure', label: 'Agency Azure AD', for_portal: false, for_staff: true },
      { id: rows[0]!.id, code: 'okta', label: 'State Okta', for_portal: true, for_staff: true },
    ]);
    expect(res.json()[0]).not.toHaveProperty('certificate');
    expect((await get('/api/AdminModule/ListPublicIdentityProvider', t.nobody)).json()).toHaveLength(2);
  });

  it('GET Core/EnterpriseShowUserPublicAddresses answers the setting', async () => {
    const off = await t.call(null, { method: 'GET', url: '/api/Core/EnterpriseShowUserPublicAddresses' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toBe(false);
    await setSettings({ show_user_public_addresses: true });
    const on = await t.call(null, { method: 'GET', url: '/api/Core/EnterpriseShowUserPublicAddresses' });
    expect(on.json()).toBe(true);
    await setSettings({ show_user_public_addresses: false });
  });

  it('GET enterpriselogincriteria answers the sign-in text', async () => {
    await setSettings({ login_criteria: 'Use the name on your certificate.' });
    const res = await t.call(null, { method: 'GET', url: '/api/enterpriselogincriteria' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ login_criteria: 'Use the name on your certificate.' });
    expect((await t.call(null, { method: 'GET', url: '/api/enterpriseLess' })).json().login_criteria).toBe(
      'Use the name on your certificate.',
    );
    await setSettings({ login_criteria: '' });
  });

  it('GET Core/EnterpriseDisablePasswordLogin answers the setting, and password sign-in is refused while it is on', async () => {
    const off = await t.call(null, { method: 'GET', url: '/api/Core/EnterpriseDisablePasswordLogin' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toBe(false);
    await setSettings({ disable_password_login: true });
    try {
      expect(
        (await t.call(null, { method: 'GET', url: '/api/Core/EnterpriseDisablePasswordLogin' })).json(),
      ).toBe(true);
      expect(
        (await t.call(null, { method: 'GET', url: '/api/enterpriseLess' })).json().disable_password_login,
      ).toBe(true);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { user_name: t.admin.userName, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().error.code).toBe('forbidden');
      expect(login.json().error.message).toBe(messages.passwordLoginDisabled);
      expect(login.cookies).toHaveLength(0);
    } finally {
      await setSettings({ disable_password_login: false });
    }
    expect(
      (await t.call(null, { method: 'GET', url: '/api/Core/EnterpriseDisablePasswordLogin' })).json(),
    ).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: t.admin.userName, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('GET EnterpriseMergeFields gives enterprise values under the requested code', async () => {
    await setSettings({ address: 'ems.example.gov' });
    try {
      const res = await get('/api/EnterpriseMergeFields?code=LETTER', t.nobody);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { code: 'LETTER', field: 'enterprise_name', label: 'Enterprise name', value: 'Test State EMS' },
        { code: 'LETTER', field: 'enterprise_state', label: 'Enterprise state', value: 'TX' },
        {
          code: 'LETTER',
          field: 'enterprise_address',
          label: 'Enterprise web address',
          value: 'ems.example.gov',
        },
      ]);
    } finally {
      await setSettings({ address: '' });
    }
    const missing = await get('/api/EnterpriseMergeFields');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('code');
    const blank = await get('/api/EnterpriseMergeFields?code=');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.code).toBe('code is required');
    expect(
      (await t.call(null, { method: 'GET', url: '/api/EnterpriseMergeFields?code=LETTER' })).statusCode,
    ).toBe(401);
  });

  it('GET enterprisepubliclookup is public and reflects the setting', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/enterprisepubliclookup' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: true,
      name: 'Test State EMS',
      labels: { user: 'Person', service: 'Service', vehicle: 'Vehicle' },
    });
    await setSettings({ public_lookup_enabled: false });
    try {
      expect((await t.call(null, { method: 'GET', url: '/api/enterprisepubliclookup' })).json().enabled).toBe(
        false,
      );
    } finally {
      await setSettings({ public_lookup_enabled: true });
    }
  });
});
