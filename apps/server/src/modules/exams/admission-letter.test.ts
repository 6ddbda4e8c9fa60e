import {
  correspondenceRecipients,
  correspondences,
  demoAccounts,
  exSessions,
  seedDatabase,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
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

async function signIn(userName: string) {
  const password = demoAccounts.find((a) => a.user_name === userName)!.password;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { user_name: userName, password, isPortal: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-csrf-token': (res.json() as { csrfToken: string }).csrfToken,
  };
}

describe('the seeded exam admission letter', () => {
  it('reaches the demo applicant who registers, with their name and the session’s date, time and place', async () => {
    // The trigger's letter is queued inside the dispatch transaction: the queue runs first (PGlite).
    await app.deps.jobs.start();
    const headers = await signIn('applicant');
    const mine = await app.inject({ method: 'GET', url: '/api/exams/mySessions', headers });
    const [request] = mine.json().requests;
    const [session] = request.open_sessions;
    const seat = await app.inject({
      method: 'POST',
      url: `/api/ExamSessions/${session.id}/Register`,
      headers,
      payload: { license_request_id: request.license_request_id },
    });
    expect(seat.statusCode, seat.body).toBe(201);
    await app.deps.events.dispatchPending();

    const [row] = await database.db.select().from(exSessions).where(eq(exSessions.id, session.id));
    const day = new Date(`${row!.session_date}T00:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    let letters: (typeof correspondences.$inferSelect)[] = [];
    for (let i = 0; i < 100 && letters.length === 0; i++) {
      letters = (await database.db.select().from(correspondences)).filter((c) =>
        c.subject.startsWith('Admission to the'),
      );
      if (letters.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(letters).toHaveLength(1);
    const letter = letters[0]!;
    expect(letter.subject).toBe(`Admission to the EMT psychomotor exam on ${day}`);
    expect(letter.html_body).toContain('Dear Avery Applicant,');
    expect(letter.html_body).toContain('(session EX-0001)');
    expect(letter.html_body).toContain(`<li>Date: ${day}</li>`);
    expect(letter.html_body).toContain('<li>Time: 08:30</li>');
    expect(letter.html_body).toContain(
      '<li>Location: State EMS Training Center, 1100 West 49th Street, Austin, TX 78756</li>',
    );
    expect(letter.html_body).not.toContain('{{');
    const recipients = await database.db
      .select()
      .from(correspondenceRecipients)
      .where(eq(correspondenceRecipients.correspondence_id, letter.id));
    expect(recipients.map((r) => [r.user_id, r.address])).toEqual([
      [seat.json().user_id, 'applicant@example.com'],
    ]);
  });
});
