import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@licensure/contracts';
import { createEnterprise, createUser, enterprises, identityProviders } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

const RECAPTCHA_SECRET = 'test-recaptcha-secret';

/** A stand-in for Google's siteverify: token 'good' passes for the action 'login'; 'broken' fails the service. */
let verifier: Server;
const verifications: URLSearchParams[] = [];

let t: TestContext;
beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      verifications.push(form);
      if (
        req.method !== 'POST' ||
        !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ) {
        res.writeHead(405).end();
        return;
      }
      if (form.get('response') === 'broken') {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Service unavailable</html>');
        return;
      }
      const ok = form.get('secret') === RECAPTCHA_SECRET && form.get('response') === 'good';
      const answer = ok
        ? {
            success: true,
            score: 0.9,
            action: 'login',
            challenge_ts: new Date().toISOString(),
            hostname: 'localhost',
          }
        : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const { port } = verifier.address() as AddressInfo;
  t = await createTestContext({ RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify` });
});
afterAll(async () => {
  await t?.close();
  verifier?.closeAllConnections();
  await new Promise((resolve) => verifier?.close(resolve));
});

type EnterpriseBody = Record<string, unknown> & {
  id: string;
  entities: {
    id: string;
    label: string;
    code: string | null;
    is_user: boolean;
    is_service: boolean;
    is_vehicle: boolean;
    categories: {
      name: string;
      label: string;
      fields: { id: string; name: string; label: string; field_type: string; required: boolean }[];
    }[];
  }[];
};

const get = (url: string, caller = t.admin) => t.call(caller, { method: 'GET', url });

async function putEnterprise(settings: Record<string, unknown>, caller = t.admin, id = t.enterpriseId) {
  return t.call(caller, { method: 'PUT', url: `/api/enterprise/${id}`, payload: { enterprise: settings } });
}

async function setSettings(settings: Record<string, unknown>) {
  const res = await putEnterprise(settings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EnterpriseBody;
}

async function otherEnterprise() {
  return t.database.db.transaction((tx) =>
    createEnterprise(
      tx,
      { name: `Other state ${randomUUID().slice(0, 6)}`, abbreviation: 'OK' },
      { referenceData: false },
    ),
  );
}

describe('GET enterprise', () => {
  it('returns the settings, labels and the entities with categories of their custom fields', async () => {
    const first = await get('/api/enterprise');
    expect(first.statusCode).toBe(200);
    const before = first.json() as EnterpriseBody;
    const person = before.entities.find((e) => e.code === 'user')!;
    expect(person).toMatchObject({
      label: 'Person',
      is_user: true,
      is_service: false,
      is_vehicle: false,
      categories: [],
    });

    const field = async (
      entityId: string,
      category: string,
      name: string,
      label: string,
      sort = 0,
      required = false,
    ) => {
      const res = await t.call(t.admin, {
        method: 'POST',
        url: '/api/entityenterprisefields',
        payload: {
          entity_enterprise_field: {
            entity_id: entityId,
            category,
            name,
            label,
            sort_order: sort,
            required,
            field_type: 'text',
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const badge = await field(person.id, 'Credentials', 'badge_number', 'Badge number', 1, true);
    const agency = await field(person.id, 'Employment', 'agency_code', 'Agency code', 2);
    const expiry = await field(person.id, 'Credentials', 'card_expiry', 'Card expiry', 3);
    const service = before.entities.find((e) => e.code === 'service')!;
    const medical = await field(service.id, 'Medical direction', 'medical_director', 'Medical director');

    const res = await get('/api/enterprise', t.nobody);
    expect(res.statusCode).toBe(200);
    const body = res.json() as EnterpriseBody;
    expect(body.id).toBe(t.enterpriseId);
    expect(body.name).toBe('Test State EMS');
    expect(body.abbreviation).toBe('TX');
    expect(body.session_idle_minutes).toBe(30);
    expect(body.labels).toEqual({ user: 'Person', service: 'Service', vehicle: 'Vehicle' });
    expect(body).not.toHaveProperty('recaptcha_secret');
    expect(
      body.entities.slice(0, 3).map((e) => [e.label, e.code, e.is_user, e.is_service, e.is_vehicle]),
    ).toEqual([
      ['Person', 'user', true, false, false],
      ['Service', 'service', false, true, false],
      ['Vehicle', 'vehicle', false, false, true],
    ]);
    const p = body.entities.find((e) => e.id === person.id)!;
    expect(p.categories).toEqual([
      {
        name: 'Credentials',
        label: 'Credentials',
        fields: [
          { id: badge.id, name: 'badge_number', label: 'Badge number', field_type: 'text', required: true },
          { id: expiry.id, name: 'card_expiry', label: 'Card expiry', field_type: 'text', required: false },
        ],
      },
      {
        name: 'Employment',
        label: 'Employment',
        fields: [
          { id: agency.id, name: 'agency_code', label: 'Agency code', field_type: 'text', required: false },
        ],
      },
    ]);
    const s = body.entities.find((e) => e.id === service.id)!;
    expect(s.categories).toEqual([
      {
        name: 'Medical direction',
        label: 'Medical direction',
        fields: [
          {
            id: medical.id,
            name: 'medical_director',
            label: 'Medical director',
            field_type: 'text',
            required: false,
          },
        ],
      },
    ]);
    expect(body.entities.find((e) => e.code === 'vehicle')!.categories).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/enterprise' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('PUT enterprise/{id}', () => {
  it('changes settings and records the change with entity enterprises', async () => {
    const body = await setSettings({
      session_idle_minutes: 45,
      login_criteria: 'Sign in with your licence number.',
      max_failed_logins: 6,
    });
    expect(body.session_idle_minutes).toBe(45);
    expect(body.login_criteria).toBe('Sign in with your licence number.');
    expect(body.max_failed_logins).toBe(6);
    expect(body.name).toBe('Test State EMS');
    expect(body.entities.length).toBeGreaterThanOrEqual(3);

    const reread = await get('/api/enterprise', t.reviewer);
    expect(reread.json().session_idle_minutes).toBe(45);

    const log = await get(`/api/DataChangeLog?entity=enterprises&object_id=${t.enterpriseId}`);
    expect(log.statusCode).toBe(200);
    const entry = (
      log.json().items as {
        action: string;
        user_id: string;
        user_name: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[]
    )[0]!;
    expect(entry.action).toBe('update');
    expect(entry.user_id).toBe(t.admin.userId);
    expect(entry.user_name).toBe(t.admin.userName);
    expect(entry.before.session_idle_minutes).toBe(30);
    expect(entry.after.session_idle_minutes).toBe(45);
    expect(entry.before.login_criteria).toBe('');
    expect(entry.after).not.toHaveProperty('recaptcha_secret');
    await setSettings({ session_idle_minutes: 30, login_criteria: '', max_failed_logins: 5 });
  });

  it('answers 400 with a message per field', async () => {
    const res = await putEnterprise({ session_idle_minutes: 1, abbreviation: 'Texas' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('validation_failed');
    expect(error.fields.session_idle_minutes).toBe('Session idle minutes must be at least 5');
    expect(error.fields.abbreviation).toBe('State must be a two-letter code such as CA');
    const badLink = await putEnterprise({ user_voice_link: 'not a link' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().error.fields.user_voice_link).toBe('Feedback link must be a web address');
    const noWrapper = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/enterprise/${t.enterpriseId}`,
      payload: { session_idle_minutes: 40 },
    });
    expect(noWrapper.statusCode).toBe(400);
    expect(noWrapper.json().error.fields).toHaveProperty('enterprise');
    const badId = await putEnterprise({}, t.admin, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
    expect((await get('/api/enterprise')).json().session_idle_minutes).toBe(30);
  });

  it('answers 401 anonymous, 403 without enterprise.write and 404 for another enterprise', async () => {
    const anonymous = await t.call(null, {
      method: 'PUT',
      url: `/api/enterprise/${t.enterpriseId}`,
      payload: { enterprise: { name: 'Hijacked' } },
    });
    expect(anonymous.statusCode).toBe(401);
    const reviewer = await putEnterprise({ name: 'Hijacked' }, t.reviewer);
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().error.code).toBe('forbidden');
    expect((await putEnterprise({ name: 'Hijacked' }, t.nobody)).statusCode).toBe(403);

    const other = await otherEnterprise();
    const res = await putEnterprise({ name: 'Hijacked' }, t.admin, other.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await putEnterprise({ name: 'Hijacked' }, t.admin, randomUUID())).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(enterprises).where(eq(enterprises.id, other.id));
    expect(stored!.name).toBe(other.name);
    expect((await get('/api/enterprise')).json().name).toBe('Test State EMS');
  });
});

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

describe('GET EducationModule/EducationReportLookupPermission/{id}', () => {
  const ask = (caller: typeof t.admin | null, id: string) =>
    t.call(caller, { method: 'GET', url: `/api/EducationModule/EducationReportLookupPermission/${id}` });

  it('answers whether the person holds education.reports', async () => {
    const admin = await ask(t.admin, t.admin.userId);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toBe(true);
    const reviewer = await ask(t.admin, t.reviewer.userId);
    expect(reviewer.statusCode).toBe(200);
    expect(reviewer.json()).toBe(false);
    expect((await ask(t.reviewer, t.reviewer.userId)).json()).toBe(false);
    expect((await ask(t.reviewer, t.admin.userId)).json()).toBe(true);
    const reporter = await t.createCaller(['education.reports']);
    expect((await ask(t.nobody, reporter.userId)).json()).toBe(true);
    const self = await ask(t.applicant, t.applicant.userId);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toBe(false);
  });

  it('answers 403 to a portal user asking about someone else, 404, 400 and 401', async () => {
    const res = await ask(t.applicant, t.admin.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    const unknown = await ask(t.admin, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const other = await otherEnterprise();
    const stranger = await createUser(t.database.db, other.id, { is_staff: true });
    expect((await ask(t.admin, stranger.id)).statusCode).toBe(404);
    const bad = await ask(t.admin, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('id must be a valid id');
    expect((await ask(null, t.admin.userId)).statusCode).toBe(401);
  });
});

describe('POST recaptchaTokenResponse', () => {
  const verify = (payload: Record<string, unknown>) =>
    t.call(null, { method: 'POST', url: '/api/recaptchaTokenResponse', payload });

  it('says reCAPTCHA is not configured when the enterprise has no secret', async () => {
    const before = verifications.length;
    const res = await verify({ actionString: 'login', token: 'anything', enterpriseId: t.enterpriseId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, configured: false });
    expect(verifications.length).toBe(before);
  });

  it('verifies the token and the action with the verification service', async () => {
    await t.database.db
      .update(enterprises)
      .set({ recaptcha_secret: RECAPTCHA_SECRET })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      const good = await verify({ actionString: 'login', token: 'good', enterpriseId: t.enterpriseId });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({ success: true, configured: true, score: 0.9, action: 'login' });
      const sent = verifications.at(-1)!;
      expect(sent.get('secret')).toBe(RECAPTCHA_SECRET);
      expect(sent.get('response')).toBe('good');

      const wrongAction = await verify({
        actionString: 'register',
        token: 'good',
        enterpriseId: t.enterpriseId,
      });
      expect(wrongAction.statusCode).toBe(200);
      expect(wrongAction.json()).toMatchObject({ success: false, configured: true, action: 'login' });

      const bad = await verify({ actionString: 'login', token: 'forged', enterpriseId: t.enterpriseId });
      expect(bad.statusCode).toBe(200);
      expect(bad.json()).toEqual({ success: false, configured: true, errors: ['invalid-input-response'] });

      const down = await verify({ actionString: 'login', token: 'broken', enterpriseId: t.enterpriseId });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({ success: false, configured: true, errors: ['verification-unavailable'] });

      // The secret never leaves the server.
      expect(good.body).not.toContain(RECAPTCHA_SECRET);
      expect((await get('/api/enterprise')).body).not.toContain(RECAPTCHA_SECRET);
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ recaptcha_secret: '' })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('answers 400 for a missing token and 404 for an unknown enterprise', async () => {
    const missing = await verify({ actionString: 'login', enterpriseId: t.enterpriseId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('token');
    const empty = await verify({ actionString: 'login', token: '', enterpriseId: t.enterpriseId });
    expect(empty.json().error.fields.token).toBe('token is required');
    const badId = await verify({ actionString: 'login', token: 'good', enterpriseId: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.enterpriseId).toBe('enterpriseId must be a valid id');
    const unknown = await verify({ actionString: 'login', token: 'good', enterpriseId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});
