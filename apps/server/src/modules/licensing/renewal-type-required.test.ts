import {
  application_types,
  certifications,
  license_category_levels,
  licenses,
  seedDatabase,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/auth/passwords';
import { openTestDatabase } from '../../test/test-database';

// Issue 24, item 6 (the year journey's renewal): a renewal started from a held credential and submitted
// without choosing its application type was accepted: the continuing education check (which reads the
// type's requirements) and the type's fees were skipped. Submitting now asks for the type first.

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

describe('submitting a renewal', () => {
  it('without an application type is refused; with the renewal type, the missing CE hours are named', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'applicant', password: 'applicant-demo-2026', isPortal: true },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = {
      cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      'x-csrf-token': (login.json() as { csrfToken: string }).csrfToken,
    };
    const db = database.db;
    const [held] = await db.select().from(certifications).where(eq(certifications.number, 'EMT-000123'));
    const [license] = await db.select().from(licenses).where(eq(licenses.id, held!.license_id!));
    const started = await app.inject({
      method: 'POST',
      url: '/api/LicenseRequests',
      headers,
      payload: { license_request: { license_id: license!.id, renews_certification_id: held!.id } },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    const submit = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/LicenseRequests/submit',
        headers,
        payload: { licenseRequestID: id },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { success: boolean; errors?: Record<string, string> };
    };

    const untyped = await submit();
    expect(untyped.success).toBe(false);
    expect(untyped.errors?.['Application type']).toBe(
      'Choose the application type and level this renewal is for.',
    );

    const [renewal] = await db
      .select()
      .from(application_types)
      .where(and(eq(application_types.license_id, license!.id), eq(application_types.label, 'Renewal')));
    const [emt] = await db
      .select()
      .from(license_category_levels)
      .where(
        and(eq(license_category_levels.license_id, license!.id), eq(license_category_levels.label, 'EMT')),
      );
    const chosen = await app.inject({
      method: 'PUT',
      url: `/api/LicenseRequests/${id}/applicationtypes`,
      headers,
      payload: { selections: { [`${renewal!.id}%${emt!.id}`]: true } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const typed = await submit();
    expect(typed.success).toBe(false);
    expect(typed.errors?.['Application type']).toBeUndefined();
    // The demo applicant has Cardiology and half the Trauma: Airway and Trauma are named.
    expect(typed.errors?.['Continuing education']).toMatch(
      /^EMT continuing education: 6 hours of Airway and 2 hours of Trauma are still missing/,
    );
  }, 60_000);
});
