import {
  alerts,
  licenseRequests,
  referenceTables,
  seedDatabase,
  triggerConfigurations,
  triggerConfigurationTriggers,
  triggerLogs,
  triggers,
  users,
} from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/auth/passwords';
import { openTestDatabase } from '../../test/test-database';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function signIn(user_name: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { user_name, password } });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken,
  };
}

/** The events the "Request intake" configuration of the demo retires its "waiting for review" alert on. */
async function retiringEvents() {
  const db = database.db;
  const rows = await db
    .select({ code: triggers.code, actions: triggerConfigurationTriggers.actions })
    .from(triggerConfigurationTriggers)
    .innerJoin(triggers, eq(triggers.id, triggerConfigurationTriggers.trigger_id))
    .innerJoin(
      triggerConfigurations,
      eq(triggerConfigurations.id, triggerConfigurationTriggers.trigger_configuration_id),
    )
    .where(eq(triggerConfigurations.name, 'Request intake'));
  return rows
    .filter((r) => (r.actions as { kind: string }[]).some((a) => a.kind === 'retireAlert'))
    .map((r) => r.code)
    .sort();
}

describe('the demo’s "Request submitted: waiting for review" alert', () => {
  it('is retired when the review ends: approved, denied, returned or more information asked', async () => {
    expect(await retiringEvents()).toEqual([
      'manual.reviewComplete',
      'request.approved',
      'request.denied',
      'request.info_requested',
      'request.returned',
    ]);
  });

  it('an approval fires the retirement (the event the platform records is request.approved)', async () => {
    const db = database.db;
    const [applicant] = await db.select().from(users).where(eq(users.user_name, 'applicant'));
    const [waiting] = await db
      .select()
      .from(licenseRequests)
      .where(
        and(
          eq(licenseRequests.user_id, applicant!.id),
          eq(licenseRequests.review_state, 'submitted'),
          isNull(licenseRequests.deleted_at),
        ),
      );
    expect(waiting).toBeTruthy();
    // The alert the submission raised (the demo request was seeded as submitted, without it).
    const [note] = await db
      .select({ id: referenceTables.alert_types.id })
      .from(referenceTables.alert_types)
      .where(
        and(
          eq(referenceTables.alert_types.enterprise_id, applicant!.enterprise_id),
          eq(referenceTables.alert_types.label, 'Note'),
        ),
      );
    const [alert] = await db
      .insert(alerts)
      .values({
        enterprise_id: applicant!.enterprise_id,
        alert_type_id: note!.id,
        user_id: applicant!.id,
        license_request_id: waiting!.id,
        value: 'Request submitted: waiting for review',
      })
      .returning();
    const headers = await signIn('admin', 'admin-demo-2026');
    const approved = await app.inject({
      method: 'POST',
      url: '/api/LicenseRequests/approve',
      headers,
      // The demo request's background check has no status: the administrator approves over it.
      payload: {
        licenseRequestID: waiting!.id,
        acknowledgeUnpaidFees: true,
        override_reason: 'Background check received by post',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await app.deps.jobs.start();
    await app.deps.events.dispatchPending();
    const fired = await db
      .select({ code: triggers.code, actions: triggerLogs.actions })
      .from(triggerLogs)
      .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
      .where(eq(triggerLogs.object_id, waiting!.id));
    expect(fired).toContainEqual(
      expect.objectContaining({
        code: 'request.approved',
        actions: [expect.objectContaining({ action: expect.objectContaining({ kind: 'retireAlert' }) })],
      }),
    );
    // The action runs as a job: the applicant's alert is retired.
    let retired: Date | null = null;
    for (let i = 0; i < 100 && !retired; i++) {
      const [row] = await db.select({ at: alerts.retired_at }).from(alerts).where(eq(alerts.id, alert!.id));
      retired = row?.at ?? null;
      if (!retired) await new Promise((r) => setTimeout(r, 100));
    }
    expect(retired).not.toBeNull();
  });
});
