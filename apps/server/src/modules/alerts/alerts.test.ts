import { alert_types } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';

let t: TestContext;
let warning: string;
let critical: string;
beforeAll(async () => {
  t = await createTestContext();
  const types = await t.database.db
    .select()
    .from(alert_types)
    .where(eq(alert_types.enterprise_id, t.enterpriseId));
  warning = types.find((x) => x.label === 'Credential expiring')!.id;
  critical = types.find((x) => x.label === 'Out of service')!.id;
});
afterAll(async () => t?.close());

const post = (alert: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/Alerts', payload: { alert } });

describe('Alerts', () => {
  it('creates, reads, lists, retires and deletes an alert, each write in the change log', async () => {
    const created = await post({
      user_id: t.applicant.userId,
      alert_type_id: warning,
      value: 'EMT expires soon',
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      user_id: t.applicant.userId,
      alert_type: 'Credential expiring',
      severity: 'warning',
      value: 'EMT expires soon',
      source: 'manual',
      retired: false,
    });
    expect(a.holder_name).toBeTruthy();

    const got = await t.call(t.admin, { method: 'GET', url: `/api/alerts/${a.id}` });
    expect(got.json()).toMatchObject({ id: a.id });
    const list = await t.call(t.admin, {
      method: 'GET',
      url: `/api/Alerts?user_id=${t.applicant.userId}&retired=false`,
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: a.id }] });

    const dash = await t.call(t.admin, { method: 'GET', url: '/api/alerts/getDashboardAlerts' });
    expect(dash.statusCode).toBe(200);
    expect(dash.json()).toMatchObject({
      total: 1,
      bySeverity: [{ severity: 'warning', count: 1 }],
      items: [{ id: a.id }],
    });

    const retired = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/Alerts/${a.id}`,
      payload: {
        alert: { user_id: t.applicant.userId, alert_type_id: warning, value: 'Renewed', retired: true },
      },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ value: 'Renewed', retired: true });
    expect((await t.call(t.admin, { method: 'GET', url: '/api/alerts/getAlertsCount' })).json()).toEqual({
      count: 0,
    });
    const open = await t.call(t.admin, {
      method: 'GET',
      url: `/api/alerts/getalerts?user_id=${t.applicant.userId}`,
    });
    expect(open.json()).toEqual([]);

    const log = await t.call(t.admin, { method: 'GET', url: `/api/Alerts?retired=true` });
    expect(log.json().total).toBe(1);
    const del = await t.call(t.admin, { method: 'DELETE', url: `/api/Alerts/${a.id}` });
    expect(del.statusCode).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Alerts/${a.id}` })).statusCode).toBe(404);
  });

  it("counts in the badge exactly the alerts getalerts lists: the caller's own and what they speak for", async () => {
    const f = fixtures(t);
    const holder = await t.createCaller([], { isStaff: false, isPortal: true });
    const service = await f.service();
    await f.roster(service.id, holder.userId, { is_administrator: true });
    const other = await f.person();
    const onService = (
      await post({ service_id: service.id, alert_type_id: warning, value: 'Station' })
    ).json();
    const onMe = (await post({ user_id: holder.userId, alert_type_id: warning, value: 'Me' })).json();
    await post({ user_id: other.id, alert_type_id: warning, value: 'Someone else' });

    for (const caller of [t.admin, holder]) {
      const count = (await t.call(caller, { method: 'GET', url: '/api/alerts/getAlertsCount' })).json().count;
      const listed = (await t.call(caller, { method: 'GET', url: '/api/alerts/getalerts' })).json();
      expect(listed).toHaveLength(count);
    }
    const mine = (await t.call(holder, { method: 'GET', url: '/api/alerts/getalerts' })).json();
    expect(mine.map((a: { id: string }) => a.id).sort()).toEqual([onService.id, onMe.id].sort());
    // Staff who see every alert still count only their own in the badge: none here.
    expect((await t.call(t.admin, { method: 'GET', url: '/api/alerts/getAlertsCount' })).json()).toEqual({
      count: 0,
    });
  });

  it('answers 400 for no holder or two, an empty value, a bad id or an unknown type', async () => {
    const f = fixtures(t);
    const s = await f.service();
    const two = await post({ user_id: t.applicant.userId, service_id: s.id, value: 'x' });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.user_id).toBe('An alert is on exactly one person, service or vehicle.');
    expect((await post({ service_id: s.id, value: '' })).json().error.fields).toHaveProperty('value');
    expect((await post({ service_id: 'nope', value: 'x' })).json().error.fields).toHaveProperty('service_id');
    const unknownType = await post({
      service_id: s.id,
      value: 'x',
      alert_type_id: '00000000-0000-4000-8000-000000000009',
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.fields).toHaveProperty('alert_type_id');
  });

  it('answers 401 anonymously, 403 without the permission and 404 for an unknown alert', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/Alerts' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/alerts/getAlertsCount' })).statusCode).toBe(401);
    expect((await post({ user_id: t.applicant.userId, value: 'x' }, t.reviewer)).statusCode).toBe(403);
    expect(
      (await t.call(t.reviewer, { method: 'GET', url: '/api/alerts/getDashboardAlerts' })).statusCode,
    ).toBe(403);
    const missing = await t.call(t.admin, {
      method: 'GET',
      url: '/api/Alerts/00000000-0000-4000-8000-000000000009',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("shows a portal user their own alerts and badge count, never another person's", async () => {
    const f = fixtures(t);
    const other = await f.person();
    const mine = (await post({ user_id: t.applicant.userId, alert_type_id: critical, value: 'Mine' })).json();
    const theirs = (await post({ user_id: other.id, alert_type_id: critical, value: 'Theirs' })).json();

    const list = await t.call(t.applicant, { method: 'GET', url: '/api/Alerts' });
    expect(list.json().items.map((a: { id: string }) => a.id)).toEqual([mine.id]);
    expect((await t.call(t.applicant, { method: 'GET', url: `/api/Alerts/${theirs.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/alerts/getAlertsCount' })).json()).toEqual({
      count: 1,
    });
    const own = await t.call(t.applicant, { method: 'GET', url: '/api/alerts/getalerts' });
    expect(own.json().map((a: { id: string }) => a.id)).toEqual([mine.id]);
    const snoop = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/alerts/getalerts?user_id=${other.id}`,
    });
    expect(snoop.statusCode).toBe(404);
    const edit = await t.call(t.applicant, {
      method: 'PUT',
      url: `/api/Alerts/${mine.id}`,
      payload: { alert: { user_id: t.applicant.userId, value: 'gone', retired: true } },
    });
    expect(edit.statusCode).toBe(403);
  });
});
