import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  correspondenceRecipients,
  domainEvents,
  licenseRequests,
  mailLog,
  seedDatabase,
  triggerLogs,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../test/test-database';
import { hashPassword } from '../auth/passwords';

// Issue 28 item 7: one request id finds a request, the events it recorded, the trigger actions they
// fired (jobs) and the mail those sent, in the database and in the log lines.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream }, startJobs: false });
  await app.ready();
  await app.deps.jobs.start();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the request id', () => {
  it('is answered in x-request-id: the caller’s own when sane, else a new UUID', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/IsSessionAlive',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const hostile = await app.inject({
      method: 'GET',
      url: '/api/IsSessionAlive',
      headers: { 'x-request-id': 'a b\nforged log line' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const a = await app.inject({ method: 'GET', url: '/healthz' });
    const b = await app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('follows an approval into its events, the trigger job it fired and the letter it mailed', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'admin', password: 'admin-demo-2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const admin = {
      cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      'x-csrf-token': (login.json() as { csrfToken: string }).csrfToken,
    };
    const [applicant] = await database.db.select().from(users).where(eq(users.user_name, 'applicant'));
    const [waiting] = await database.db
      .select()
      .from(licenseRequests)
      .where(and(eq(licenseRequests.user_id, applicant!.id), eq(licenseRequests.review_state, 'submitted')));
    const requestId = `approve-${randomUUID()}`;
    const approved = await app.inject({
      method: 'POST',
      url: '/api/LicenseRequests/approve',
      headers: { ...admin, 'x-request-id': requestId },
      payload: {
        licenseRequestID: waiting!.id,
        acknowledgeUnpaidFees: true,
        override_reason: 'The background check is on paper.',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.headers['x-request-id']).toBe(requestId);

    const recorded = await database.db
      .select({ name: domainEvents.name })
      .from(domainEvents)
      .where(eq(domainEvents.request_id, requestId));
    expect(recorded.map((e) => e.name)).toContain('request.approved');

    // The dispatcher runs here, outside the request: the event carries the id to its consumers.
    await app.deps.events.dispatchPending();
    const until = Date.now() + 60_000;
    let mails: { subject: string }[] = [];
    for (;;) {
      const firings = await database.db
        .select({ status: triggerLogs.status })
        .from(triggerLogs)
        .where(eq(triggerLogs.object_id, waiting!.id));
      mails = await database.db
        .select({ subject: mailLog.subject })
        .from(mailLog)
        .innerJoin(correspondenceRecipients, eq(correspondenceRecipients.mail_log_id, mailLog.id))
        .where(eq(mailLog.request_id, requestId));
      const settled =
        firings.length > 0 && firings.every((f) => f.status === 'done' || f.status === 'failed');
      if ((settled && mails.length > 0) || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(mails.map((m) => m.subject)).toContain('Your EMS Personnel Certification request is approved');

    const traced = lines.filter((l) => l.requestId === requestId);
    // The request's own lines, the event's dispatch and the jobs it caused, all under one id.
    expect(
      traced.some((l) => (l.req as { url?: string } | undefined)?.url === '/api/LicenseRequests/approve'),
    ).toBe(true);
    expect(traced.some((l) => l.msg === 'event dispatched' && l.event === 'request.approved')).toBe(true);
    const queues = new Set(traced.filter((l) => l.msg === 'job done').map((l) => l.queue));
    expect(queues.size, JSON.stringify([...queues])).toBeGreaterThan(0);
    // No line of another request's work carries this id.
    const otherUrls = traced
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter((u) => u && u !== '/api/LicenseRequests/approve');
    expect(otherUrls).toEqual([]);
  }, 120_000);
});
