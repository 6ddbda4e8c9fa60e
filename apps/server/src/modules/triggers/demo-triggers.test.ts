import {
  alerts,
  correspondences,
  exCandidates,
  licenseRequestProcessStatuses,
  licenseRequests,
  mergeTemplates,
  referenceTables,
  seedDatabase,
  triggerLogs,
  triggers,
  users,
} from '@licensure/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/auth/passwords';
import { recordOutboxEntry } from '../../platform/events/record-event';
import { openTestDatabase } from '../../test/test-database';
import { solveChallenge } from '../public-site/human-check';

// The demo's seeded automation, each fired through the path the app takes: a route writes and records
// its event, the outbox dispatches it to the trigger engine, the job queue runs the actions.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
type Headers = Record<string, string>;
let admin: Headers;
let applicant: Headers;
let applicantId: string;
let enterpriseId: string;
let requestId: string;

async function signIn(user_name: string, password: string, isPortal = false): Promise<Headers> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { user_name, password, isPortal },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken,
  };
}

async function call(headers: Headers | null, options: InjectOptions, status = 200) {
  const res = await app.inject({ ...options, headers: { ...(headers ?? {}), ...options.headers } });
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  return res.body ? res.json() : null;
}

/** Dispatches the outbox as the app's poll does, and waits for the firings on this object to finish. */
async function settle(objectId: string, timeoutMs = 20_000) {
  await app.deps.events.dispatchPending();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await database.db
      .select({ id: triggerLogs.id, status: triggerLogs.status })
      .from(triggerLogs)
      .where(eq(triggerLogs.object_id, objectId));
    if (open.every((l) => l.status === 'done' || l.status === 'failed')) return;
    if (Date.now() > until) throw new Error(`firings still open: ${JSON.stringify(open)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The trigger list's row of a trigger, as staff read it (GET /api/triggers). */
async function listed(code: string) {
  const page = await call(admin, { method: 'GET', url: `/api/triggers?code=${encodeURIComponent(code)}` });
  expect(page.items).toHaveLength(1);
  return page.items[0] as { last_fired_at: string | null; failed_count: number; fired_count: number };
}

async function openAlerts(userId: string, value: string) {
  return database.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.user_id, userId), eq(alerts.value, value), isNull(alerts.retired_at)));
}

/**
 * The "waiting for review" alert the submission raised: the demo request was seeded as submitted,
 * without it (the submission's own trigger is tested with the triggers, on a request submitted by route).
 */
async function raiseWaitingAlert() {
  const [note] = await database.db
    .select({ id: referenceTables.alert_types.id })
    .from(referenceTables.alert_types)
    .where(
      and(
        eq(referenceTables.alert_types.enterprise_id, enterpriseId),
        eq(referenceTables.alert_types.label, 'Note'),
      ),
    );
  await database.db.insert(alerts).values({
    enterprise_id: enterpriseId,
    alert_type_id: note!.id,
    user_id: applicantId,
    license_request_id: requestId,
    value: WAITING,
    source: 'trigger',
  });
}

const WAITING = 'Request submitted: waiting for review';

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  await app.deps.jobs.start();
  admin = await signIn('admin', 'admin-demo-2026');
  applicant = await signIn('applicant', 'applicant-demo-2026', true);
  const [person] = await database.db.select().from(users).where(eq(users.user_name, 'applicant'));
  applicantId = person!.id;
  enterpriseId = person!.enterprise_id;
  const [waiting] = await database.db
    .select()
    .from(licenseRequests)
    .where(and(eq(licenseRequests.user_id, applicantId), eq(licenseRequests.review_state, 'submitted')));
  requestId = waiting!.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the demo’s seeded triggers fire through the real event path', () => {
  it('exam admission: registering a candidate queues the admission letter', async () => {
    expect((await listed('examCandidate.registered')).last_fired_at).toBeNull();
    const sessions = await call(admin, { method: 'GET', url: '/api/ExamSessions' });
    const session = sessions.items.find((s: { number: string }) => s.number === 'EX-0001');
    await call(
      applicant,
      {
        method: 'POST',
        url: `/api/ExamSessions/${session.id}/Register`,
        payload: { license_request_id: requestId },
      },
      201,
    );
    await settle(requestId);
    const [log] = await database.db
      .select()
      .from(triggerLogs)
      .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
      .where(and(eq(triggerLogs.object_id, requestId), eq(triggers.code, 'examCandidate.registered')));
    expect(log?.trigger_logs.status).toBe('done');
    const letters = await database.db
      .select()
      .from(correspondences)
      .where(eq(correspondences.idempotency_key, `trigger:${log!.trigger_logs.id}:0`));
    expect(letters).toHaveLength(1);
    const row = await listed('examCandidate.registered');
    expect(row.last_fired_at).not.toBeNull();
    expect(row).toMatchObject({ fired_count: 1, failed_count: 0 });
  });

  it('review complete: naming "Review complete" on a process change retires the "waiting for review" alert', async () => {
    await raiseWaitingAlert();
    expect(await openAlerts(applicantId, WAITING)).toHaveLength(1);
    const [process] = await database.db
      .select()
      .from(licenseRequestProcessStatuses)
      .where(eq(licenseRequestProcessStatuses.license_request_id, requestId));
    await call(admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: {
        licenseRequestID: requestId,
        processID: process!.process_id,
        statusID: process!.process_status_id,
        note: 'Checked',
        manualTrigger: 'Review complete',
      },
    });
    await settle(requestId);
    expect(await openAlerts(applicantId, WAITING)).toHaveLength(0);
    expect((await listed('manual.reviewComplete')).last_fired_at).not.toBeNull();
  });

  it('request approved: approving through the route retires the alert and the trigger shows it fired', async () => {
    await raiseWaitingAlert();
    expect(await openAlerts(applicantId, WAITING)).toHaveLength(1);
    expect((await listed('request.approved')).last_fired_at).toBeNull();
    await call(admin, {
      method: 'POST',
      url: '/api/LicenseRequests/approve',
      payload: {
        licenseRequestID: requestId,
        acknowledgeUnpaidFees: true,
        override_reason: 'The background check is on paper.',
      },
    });
    await settle(requestId);
    expect(await openAlerts(applicantId, WAITING)).toHaveLength(0);
    // Two configurations listen to the approval: Request intake (the alert) and Approval letters.
    expect(await listed('request.approved')).toMatchObject({ fired_count: 2, failed_count: 0 });
  });

  it('complaint received: a complaint filed on the public form alerts its complainant', async () => {
    const [note] = await database.db
      .select({ id: referenceTables.alert_types.id })
      .from(referenceTables.alert_types)
      .where(
        and(
          eq(referenceTables.alert_types.enterprise_id, enterpriseId),
          eq(referenceTables.alert_types.label, 'Note'),
        ),
      );
    const config = await call(
      admin,
      {
        method: 'POST',
        url: '/api/triggerconfigurations',
        payload: { trigger_configuration: { name: 'Complaint intake' } },
      },
      201,
    );
    const trigger = (await call(admin, { method: 'GET', url: '/api/triggers?code=complaint.received' }))
      .items[0];
    await call(admin, {
      method: 'POST',
      url: '/api/triggerconfigurationtriggers/save',
      payload: {
        trigger_configuration_trigger: {
          id: crypto.randomUUID(),
          trigger_configuration_id: config.id,
          trigger_id: trigger.id,
          actions: [{ kind: 'createAlert', alert_type_id: note!.id, value: 'We received your complaint' }],
        },
      },
    });
    const check = await call(null, { method: 'GET', url: '/api/public/humancheck?action=complaint' });
    const filed = await call(
      applicant,
      {
        method: 'POST',
        url: '/api/complaints/file',
        payload: {
          recaptchaToken: await solveChallenge(check.challenge, check.difficulty),
          complaint: {
            subject_name: 'The crew of ambulance 12',
            complainant_first_name: 'Avery',
            complainant_last_name: 'Applicant',
            complainant_email: 'applicant@example.com',
            description: 'Unsafe driving.',
          },
        },
      },
      201,
    );
    await app.deps.events.dispatchPending();
    const [log] = await database.db
      .select()
      .from(triggerLogs)
      .where(eq(triggerLogs.trigger_id, trigger.id))
      .orderBy(desc(triggerLogs.created_at));
    expect(log, 'no firing').toBeTruthy();
    await settle(log!.object_id);
    const [after] = await database.db.select().from(triggerLogs).where(eq(triggerLogs.id, log!.id));
    expect(after?.status, JSON.stringify(after?.actions)).toBe('done');
    expect(await openAlerts(applicantId, 'We received your complaint')).toHaveLength(1);
    expect(filed).toBeTruthy();
    expect(await listed('complaint.received')).toMatchObject({ fired_count: 1, failed_count: 0 });
  });
});

describe('an action that fails', () => {
  it('is retried, recorded with its cause, counted on the trigger list and alerted to who may fix it', async () => {
    // The admission letter's template is deleted; the applicant registers again (after withdrawing).
    const [letter] = await database.db
      .select({ id: mergeTemplates.id })
      .from(mergeTemplates)
      .where(
        and(eq(mergeTemplates.enterprise_id, enterpriseId), eq(mergeTemplates.name, 'Exam admission letter')),
      );
    await call(admin, { method: 'DELETE', url: `/api/mergetemplates/${letter!.id}` }, 204);
    const [seat] = await database.db
      .select()
      .from(exCandidates)
      .where(eq(exCandidates.license_request_id, requestId));
    if (!seat) throw new Error('the applicant holds no seat');
    await call(applicant, { method: 'POST', url: `/api/exams/myRegistrations/${seat.id}/Withdraw` });
    await call(
      applicant,
      {
        method: 'POST',
        url: `/api/ExamSessions/${seat.session_id}/Register`,
        payload: { license_request_id: requestId },
      },
      201,
    );
    await settle(requestId, 60_000);
    const [log] = await database.db
      .select()
      .from(triggerLogs)
      .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
      .where(and(eq(triggerLogs.object_id, requestId), eq(triggers.code, 'examCandidate.registered')))
      .orderBy(desc(triggerLogs.created_at));
    const firing = log!.trigger_logs;
    expect(firing.status).toBe('failed');
    const step = (firing.actions as { outcome: string; message: string; attempts?: number }[])[0]!;
    expect(step.outcome).toBe('failed');
    expect(step.message).toMatch(/merge template/i);
    expect(step.attempts).toBe(4);
    expect(await listed('examCandidate.registered')).toMatchObject({ fired_count: 2, failed_count: 1 });
    const configurations = await call(admin, { method: 'GET', url: '/api/triggerconfigurations' });
    expect(configurations.items.find((c: { name: string }) => c.name === 'Exam admissions')).toMatchObject({
      failed_count: 1,
    });
    const [adminUser] = await database.db.select().from(users).where(eq(users.user_name, 'admin'));
    const raised = await database.db
      .select({ value: alerts.value })
      .from(alerts)
      .where(and(eq(alerts.user_id, adminUser!.id), isNull(alerts.retired_at)));
    expect(raised.map((a) => a.value)).toContainEqual(
      expect.stringMatching(/Exam admissions.*merge template/i),
    );
  }, 90_000);

  it('an event whose payload its schema refuses is logged as a failed firing with the cause, not dropped', async () => {
    const before = await listed('examCandidate.registered');
    await database.db.transaction((tx) =>
      recordOutboxEntry(tx, {
        enterpriseId,
        name: 'examCandidate.registered',
        entity: 'license_requests',
        objectId: requestId,
        payload: { session_id: 'not an id' },
      }),
    );
    await settle(requestId);
    const [log] = await database.db
      .select({ status: triggerLogs.status, actions: triggerLogs.actions })
      .from(triggerLogs)
      .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
      .where(and(eq(triggerLogs.object_id, requestId), eq(triggers.code, 'examCandidate.registered')))
      .orderBy(desc(triggerLogs.created_at));
    expect(log?.status).toBe('failed');
    expect((log!.actions as { message: string }[])[0]!.message).toMatch(
      /^The examCandidate.registered event's payload is not valid \(session_id: .*candidate_id: /,
    );
    expect((await listed('examCandidate.registered')).failed_count).toBe(before.failed_count + 1);
  });
});
