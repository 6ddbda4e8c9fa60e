import { randomUUID } from 'node:crypto';
import { alerts, certifications, dataChangeLog, enterprises, licenses, referenceTables } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { runDueTasks } from './daily-runs';

let t: TestContext;
let alertType: string;
let active: string;
let lapsed: string;
let taskId: string;
const soon: string[] = [];

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const task = (body: Record<string, unknown>) =>
  t.call(t.admin, {
    method: 'POST',
    url: '/api/licenseScheduledTasks',
    payload: { license_scheduled_task: body },
  });

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const e = t.enterpriseId;
  [{ id: alertType }] = (await db
    .insert(referenceTables.alert_types)
    .values({ enterprise_id: e, label: 'Renewal due' })
    .returning()) as [{ id: string }];
  // Credential statuses of the enterprise (of a licence): a task naming a made-up one is refused.
  const [license] = await db
    .insert(licenses)
    .values({ enterprise_id: e, name: 'Task licence', entity: 'user' })
    .returning();
  const status = async (label: string) =>
    String(
      (
        await db
          .insert(referenceTables.license_category_certification_statuses)
          .values({ enterprise_id: e, license_id: license!.id, label })
          .returning()
      )[0]?.id,
    );
  active = await status('Active');
  lapsed = await status('Lapsed');
  const holder = (n: number) => ({
    enterprise_id: e,
    user_id: n === 0 ? t.applicant.userId : t.admin.userId,
    number: `EMT-${n}`,
  });
  const rows = await db
    .insert(certifications)
    .values([
      { ...holder(0), certification_status_id: active, expiration_date: day(30) },
      { ...holder(1), certification_status_id: active, expiration_date: day(45) },
      { ...holder(2), certification_status_id: active, expiration_date: day(200) },
      { ...holder(3), certification_status_id: lapsed, expiration_date: day(20) },
    ])
    .returning();
  soon.push(rows[0]!.id, rows[1]!.id);
});
afterAll(() => t?.close());

describe('licenseScheduledTasks', () => {
  it('creates with the begin time 12:00:00 by default; 400, 401, 403, 404', async () => {
    const res = await task({ name: 'Renewal reminders', expires_within_days: 60 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      frequency_begin_time: '12:00:00',
      frequency_begin_time_local: '12:00:00',
    });
    taskId = res.json().id;
    const bad = await task({ name: 'Bad', frequency_begin_time: '7 PM' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('frequency_begin_time');
    expect((await t.call(null, { method: 'GET', url: '/api/licenseScheduledTasks' })).statusCode).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/licenseScheduledTasks' })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/licenseScheduledTasks/${taskId}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/licenseScheduledTasks/${randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    const list = await t.call(t.admin, { method: 'GET', url: '/api/licenseScheduledTasks?search=renewal' });
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([taskId]);
  });

  it("keeps the time in server time: the enterprise's local time less utc_to_server_hours, 24-hour", async () => {
    await t.database.db
      .update(enterprises)
      .set({ utc_to_server_hours: 3 })
      .where(eq(enterprises.id, t.enterpriseId));
    const res = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/licenseScheduledTasks/${taskId}`,
      payload: {
        license_scheduled_task: {
          name: 'Renewal reminders',
          expires_within_days: 60,
          frequency_begin_time: '01:30',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      frequency_begin_time: '22:30:00',
      frequency_begin_time_local: '01:30:00',
    });
    await t.database.db
      .update(enterprises)
      .set({ utc_to_server_hours: 0 })
      .where(eq(enterprises.id, t.enterpriseId));
  });

  it('saveStatuses and saveLevels set the criteria; getCertificationIDs and getCertifications show the selection', async () => {
    const statuses = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/saveStatuses',
      payload: { license_scheduled_task_id: taskId, statuses: [active] },
    });
    expect(statuses.json().certification_status_ids).toEqual([active]);
    const levels = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/saveLevels',
      payload: { license_scheduled_task_id: taskId, levels: [] },
    });
    expect(levels.statusCode).toBe(200);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/licenseScheduledTasks/saveStatuses',
          payload: { license_scheduled_task_id: randomUUID(), statuses: [] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/licenseScheduledTasks/saveLevels',
          payload: { license_scheduled_task_id: taskId, levels: ['nope'] },
        })
      ).statusCode,
    ).toBe(400);
    const ids = await t.call(t.admin, {
      method: 'GET',
      url: `/api/licenseScheduledTasks/getCertificationIDs?scheduled_task_id=${taskId}`,
    });
    expect(ids.json()).toEqual({ ids: soon, total: 2 });
    const certs = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/getCertifications',
      payload: { certsArray: ids.json().ids },
    });
    expect(certs.json().map((c: { number: string }) => c.number)).toEqual(['EMT-0', 'EMT-1']);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: '/api/licenseScheduledTasks/getCertificationIDs?scheduled_task_id=x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/licenseScheduledTasks/getCertificationIDs?scheduled_task_id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('run creates the alerts set-based, once; every run is logged with its counts', async () => {
    await t.call(t.admin, {
      method: 'PUT',
      url: `/api/licenseScheduledTasks/${taskId}`,
      payload: {
        license_scheduled_task: {
          name: 'Renewal reminders',
          expires_within_days: 60,
          certification_status_ids: [active],
          create_alerts: [{ alert_type_id: alertType, value: 'Your credential expires soon: renew it' }],
        },
      },
    });
    const run = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/run',
      payload: { scheduled_task_id: taskId },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      status: 'done',
      run_kind: 'manual',
      selected_count: 2,
      alerts_created: 2,
      errors: [],
    });
    const open = await t.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.alert_type_id, alertType), isNull(alerts.retired_at)));
    expect(open.map((a) => a.certification_id).sort()).toEqual([...soon].sort());
    expect(open.find((a) => a.certification_id === soon[0])).toMatchObject({
      user_id: t.applicant.userId,
      source: 'task',
    });
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.object_id, open[0]!.id));
    expect(logged).toHaveLength(1);

    const again = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/run',
      payload: { scheduled_task_id: taskId },
    });
    expect(again.json()).toMatchObject({ selected_count: 2, alerts_created: 0 });

    const logs = await t.call(t.admin, {
      method: 'GET',
      url: `/api/licenseScheduledTaskLogs?license_scheduled_task_id=${taskId}`,
    });
    expect(logs.json().items.map((l: { alerts_created: number }) => l.alerts_created)).toEqual([0, 2]);
    expect(logs.json().items[0].task_name).toBe('Renewal reminders');
    const one = await t.call(t.admin, {
      method: 'GET',
      url: `/api/licenseScheduledTaskLogs/${run.json().id}`,
    });
    expect(one.json()).toMatchObject({ id: run.json().id, alerts_created: 2 });
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/licenseScheduledTaskLogs/${randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/licenseScheduledTaskLogs' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/licenseScheduledTasks/run',
          payload: { scheduled_task_id: randomUUID() },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/licenseScheduledTasks/run',
          payload: { scheduled_task_id: taskId },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('retires the alerts of a type on what it selects', async () => {
    const retire = await task({
      name: 'Clear reminders',
      certification_status_ids: [active],
      expires_within_days: 60,
      retire_alerts: [{ alert_type_id: alertType }],
    });
    const run = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks/run',
      payload: { scheduled_task_id: retire.json().id },
    });
    expect(run.json()).toMatchObject({ alerts_retired: 2, alerts_created: 0 });
    const del = await t.call(t.admin, {
      method: 'DELETE',
      url: `/api/licenseScheduledTasks/${retire.json().id}`,
    });
    expect(del.statusCode).toBeLessThan(300);
  });

  it('daily runs: a due task runs once a day, however often the cron job comes', async () => {
    const due = await task({
      name: 'Early',
      frequency_begin_time: '00:00:00',
      certification_status_ids: [lapsed],
    });
    const noon = new Date();
    noon.setUTCHours(23, 59, 0, 0);
    expect(await runDueTasks(t.app, noon)).toBeGreaterThanOrEqual(1);
    expect(await runDueTasks(t.app, noon)).toBe(0);
    const logs = await t.call(t.admin, {
      method: 'GET',
      url: `/api/licenseScheduledTaskLogs?scheduled_task_id=${due.json().id}`,
    });
    expect(logs.json().items).toEqual([expect.objectContaining({ run_kind: 'schedule', selected_count: 1 })]);
  });
});
