import { seedDatabase } from '@licensure/db';
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

describe('the demo applicant’s Messages', () => {
  it('hold the welcome letter, merged for them', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'applicant', password: 'applicant-demo-2026', isPortal: true },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await app.inject({ method: 'GET', url: '/api/portal/messages', headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((m: { subject: string }) => m.subject)).toContain(
      'Welcome to State Office of Emergency Medical Services, Avery',
    );
    const [first] = list.json().items;
    const one = await app.inject({
      method: 'GET',
      url: `/api/portal/messages/${first.id}`,
      headers: { cookie },
    });
    expect(one.json().html_body).toContain('Dear Avery Applicant');
  });
});
