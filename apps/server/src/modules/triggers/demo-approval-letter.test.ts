import {
  correspondenceRecipients,
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
import { hashPassword } from '../../platform/auth/passwords';
import { openTestDatabase } from '../../test/test-database';

// Issue 24, item 6: an approval mails the applicant the approval letter, as the exam registration mails
// the admission letter: the demo's "Approval letters" configuration listens to `request.approved`.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  await app.deps.jobs.start();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the demo’s approval letter', () => {
  it('approving a request through the route sends the applicant the merged approval letter', async () => {
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
    const approved = await app.inject({
      method: 'POST',
      url: '/api/LicenseRequests/approve',
      headers: admin,
      payload: {
        licenseRequestID: waiting!.id,
        acknowledgeUnpaidFees: true,
        override_reason: 'The background check is on paper.',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The outbox reaches the trigger engine; its firing queues the letter to the applicant.
    await app.deps.events.dispatchPending();
    const until = Date.now() + 30_000;
    let letters: { subject: string | null; text_body: string | null; address: string | null }[] = [];
    for (;;) {
      const logs = await database.db
        .select({ status: triggerLogs.status, actions: triggerLogs.actions })
        .from(triggerLogs)
        .where(eq(triggerLogs.object_id, waiting!.id));
      letters = await database.db
        .select({
          subject: correspondenceRecipients.subject,
          // The mail as it went out (the mail log's row of the letter).
          text_body: mailLog.text_body,
          address: correspondenceRecipients.address,
        })
        .from(correspondenceRecipients)
        .leftJoin(mailLog, eq(mailLog.id, correspondenceRecipients.mail_log_id))
        .where(eq(correspondenceRecipients.user_id, applicant!.id));
      // The letter's recipient row holds its merged subject once the send has run.
      const settled =
        logs.length > 0 &&
        logs.every((l) => l.status === 'done' || l.status === 'failed') &&
        letters.every((l) => l.subject !== null && l.text_body !== null);
      if (settled || Date.now() > until) {
        expect(logs.map((l) => l.status)).not.toContain('failed');
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const letter = letters.find((l) => l.subject?.startsWith('Your EMS Personnel Certification'));
    expect(letter, JSON.stringify(letters)).toBeTruthy();
    expect(letter).toMatchObject({
      subject: 'Your EMS Personnel Certification request is approved',
      address: 'applicant@example.com',
    });
    expect(letter?.text_body, JSON.stringify(letter)).toContain('Dear Avery Applicant');
    expect(letter?.text_body, JSON.stringify(letter)).toContain('My licences');
  }, 90_000);
});
