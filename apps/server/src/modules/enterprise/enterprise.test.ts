import { randomUUID } from 'node:crypto';
import { enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type EnterpriseBody,
  get,
  otherEnterprise,
  putEnterprise,
  setSettings,
  setupEnterpriseTests,
  t,
} from './enterprise-test-setup';

setupEnterpriseTests();

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
