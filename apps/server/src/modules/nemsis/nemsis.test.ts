import { randomUUID } from 'node:crypto';
import {
  certification_levels,
  certifications,
  createUser,
  data_elements,
  dataChangeLog,
  seedDatabase,
  servicePersonnel,
  services,
  serviceVehicles,
  users,
  vehicles,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashPassword } from '../../platform/auth/passwords';
import { createOtherEnterprise } from '../../test/other-enterprise';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';

const LONG = 600_000;
let t: TestContext;
let staff: Caller;
let serviceId: string;

beforeAll(async () => {
  t = await createTestContext();
  staff = await t.createCaller(['nemsis.export']);
  const db = t.database.db;
  const [service] = await db
    .insert(services)
    .values({
      enterprise_id: t.enterpriseId,
      name: 'Bare & Sons <EMS>',
      service_number: 'B-1',
      county_fips: '48453',
      state: 'TX',
    })
    .returning();
  serviceId = service!.id;
  const person = await createUser(db, t.enterpriseId, {
    first_name: 'Sam',
    last_name: null,
    national_ems_id: 'E5550001',
  });
  const second = await createUser(db, t.enterpriseId, {
    first_name: 'Lee',
    last_name: 'Ray',
    national_ems_id: 'not-a-number',
  });
  await db
    .insert(servicePersonnel)
    .values({ enterprise_id: t.enterpriseId, service_id: serviceId, user_id: second.id });
  await db
    .insert(servicePersonnel)
    .values({ enterprise_id: t.enterpriseId, service_id: serviceId, user_id: person.id });
  const [level] = await db
    .insert(certification_levels)
    .values({
      enterprise_id: t.enterpriseId,
      label: 'Paramedic',
      code: 'P',
      abbreviation: 'Paramedic',
      rank: 3,
    })
    .returning();
  await db.insert(certifications).values({
    enterprise_id: t.enterpriseId,
    user_id: person.id,
    certification_level_id: level!.id,
    number: 'P-77',
    status: 'active',
    issue_date: '2025-02-01',
    expiration_date: '2027-02-28',
  });
}, LONG);
afterAll(async () => t?.close());

describe('NEMSIS exports: access', () => {
  it('asks for a session (401) and the nemsis.export permission (403)', async () => {
    for (const [method, url] of [
      ['POST', `/api/nemsis/services/${serviceId}/dem/check`],
      ['GET', `/api/nemsis/services/${serviceId}/dem.xml`],
      ['POST', '/api/nemsis/state/check'],
      ['GET', '/api/nemsis/state.xml'],
      ['GET', `/api/nemsis/services/${serviceId}/profile`],
    ] as const) {
      expect((await t.call(null, { method, url })).statusCode, url).toBe(401);
      expect((await t.call(t.nobody, { method, url })).statusCode, url).toBe(403);
      expect((await t.call(t.applicant, { method, url })).statusCode, url).toBe(403);
    }
  });

  it('answers 400 for a malformed id or profile, 404 for an unknown service and another enterprise’s', async () => {
    const bad = await t.call(staff, { method: 'POST', url: '/api/nemsis/services/not-an-id/dem/check' });
    expect(bad.statusCode).toBe(400);
    const badProfile = await t.call(staff, {
      method: 'PUT',
      url: `/api/nemsis/services/${serviceId}/profile`,
      payload: { profile: { primary_service_type: 'ambulance', medications: ['x'] } },
    });
    expect(badProfile.statusCode, badProfile.body).toBe(400);
    expect(badProfile.body).toContain('NEMSIS code');
    const unknown = randomUUID();
    expect(
      (await t.call(staff, { method: 'POST', url: `/api/nemsis/services/${unknown}/dem/check` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(staff, { method: 'GET', url: `/api/nemsis/services/${unknown}/dem.xml` })).statusCode,
    ).toBe(404);
    const other = await createOtherEnterprise(t);
    const foreign = await other.rowOf(services);
    for (const url of [`/api/nemsis/services/${foreign}/dem.xml`, `/api/nemsis/services/${foreign}/profile`])
      expect((await t.call(staff, { method: 'GET', url })).statusCode, url).toBe(404);
    expect(
      (await t.call(staff, { method: 'POST', url: `/api/nemsis/services/${foreign}/dem/check` })).statusCode,
    ).toBe(404);
  });
});

describe('NEMSIS DEM export of a service with little data', () => {
  it(
    'writes Not Values where data is missing, and the report names the mandatory elements still missing',
    async () => {
      const download = await t.call(staff, {
        method: 'GET',
        url: `/api/nemsis/services/${serviceId}/dem.xml`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('application/xml');
      expect(download.headers['content-disposition']).toContain('DEM-B-1-v351.xml');
      const xml = download.body;
      expect(xml).toContain('<dAgency.03>Bare &amp; Sons &lt;EMS&gt;</dAgency.03>');
      expect(xml).toContain('<dAgency.05>48</dAgency.05><dAgency.06>48453</dAgency.06>');
      expect(xml).toContain('<dAgency.07 xsi:nil="true" NV="7701003"/>');
      // The person has no last name: nil with a Not Value, never an empty element.
      expect(xml).toContain('<dPersonnel.01 xsi:nil="true" NV="7701003"/><dPersonnel.02>Sam</dPersonnel.02>');
      expect(xml).toMatch(/<dPersonnel.23>P-77<\/dPersonnel.23><dPersonnel.24>9925007<\/dPersonnel.24>/);
      expect(xml).toContain('<dPersonnel.28>E5550001</dPersonnel.28>');
      // A registry number NEMSIS would refuse is left out rather than written invalid.
      expect(xml).not.toContain('not-a-number');

      const check = await t.call(staff, {
        method: 'POST',
        url: `/api/nemsis/services/${serviceId}/dem/check`,
      });
      expect(check.statusCode, check.body).toBe(200);
      const { report, file_name } = check.json();
      expect(file_name).toBe('DEM-B-1-v351.xml');
      expect(report.valid).toBe(false);
      const missing = report.issues
        .filter((i: { source: string }) => i.source === 'xsd')
        .map((i: { message: string }) => i.message)
        .join(' ');
      expect(missing).toContain('dAgency.09');
      expect(report.issues[0].record).toBeTruthy();
    },
    LONG,
  );

  it(
    'validates once the service’s NEMSIS facts are kept, and records each check and download in the change log',
    async () => {
      const care = { procedures: ['89666000'], medications: ['1191'], protocols: ['9914001'] };
      const saved = await t.call(staff, {
        method: 'PUT',
        url: `/api/nemsis/services/${serviceId}/profile`,
        payload: {
          profile: {
            primary_service_type: '9920001',
            organization_status: '1016003',
            tax_status: '1018003',
            emd_provided: '1213001',
            ...care,
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().values.primary_service_type).toBe('9920001');
      const db = t.database.db;
      const [level] = await db.select().from(certification_levels).where(eq(certification_levels.code, 'P'));
      const [governmental] = await db
        .select({ id: data_elements.id })
        .from(data_elements)
        .where(
          and(
            eq(data_elements.enterprise_id, t.enterpriseId),
            eq(data_elements.data_section_name, 'organization_types'),
            eq(data_elements.code, '9912003'),
          ),
        );
      await db
        .update(services)
        .set({ primary_level_id: level!.id, classification_id: governmental?.id ?? null })
        .where(eq(services.id, serviceId));
      const [vehicle] = await db
        .insert(vehicles)
        .values({
          enterprise_id: t.enterpriseId,
          serial_number: '1FDXE4FS0KDC99999',
          unit_number: 'Bare 1',
          model_year: 2020,
        })
        .returning();
      await db.insert(serviceVehicles).values({ service_id: serviceId, vehicle_id: vehicle!.id });
      await db.update(users).set({ last_name: 'Smith' }).where(eq(users.national_ems_id, 'E5550001'));

      const check = await t.call(staff, {
        method: 'POST',
        url: `/api/nemsis/services/${serviceId}/dem/check`,
      });
      expect(check.statusCode, check.body).toBe(200);
      const { report } = check.json();
      expect(report.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);
      expect(report).toMatchObject({ valid: true, xsd_valid: true, schematron_valid: true, errors: 0 });

      const log = await db
        .select()
        .from(dataChangeLog)
        .where(and(eq(dataChangeLog.entity, 'nemsis_export'), eq(dataChangeLog.object_id, serviceId)));
      const events = log.map((l) => (l.after as { event: string }).event);
      expect(events).toContain('validated');
      expect(events).toContain('downloaded');
      expect(log.every((l) => l.user_id === staff.userId)).toBe(true);
      const profileLog = await db
        .select()
        .from(dataChangeLog)
        .where(eq(dataChangeLog.entity, 'nemsis_profile'));
      expect(profileLog).toHaveLength(1);
    },
    LONG,
  );
});

describe('the demo office', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db, { demo: true, hashPassword });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    app = await buildApp({ config, database, logger: false, startJobs: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'admin', password: 'admin-demo-2026', isPortal: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    csrf = login.json().csrfToken;
  }, LONG);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it(
    'exports the demo service’s DEM file with zero errors against the NEMSIS XSD and Schematron',
    async () => {
      const [service] = await database.db
        .select()
        .from(services)
        .where(eq(services.service_number, 'SVC-1001'));
      const res = await app.inject({
        method: 'POST',
        url: `/api/nemsis/services/${service!.id}/dem/check`,
        headers: { cookie, 'x-csrf-token': csrf },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { report, bytes } = res.json();
      expect(report.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);
      expect(report).toMatchObject({ valid: true, xsd_valid: true, schematron_valid: true, errors: 0 });
      expect(bytes).toBeGreaterThan(1000);
      const xml = await app.inject({
        method: 'GET',
        url: `/api/nemsis/services/${service!.id}/dem.xml`,
        headers: { cookie },
      });
      expect(xml.body).toContain('<dAgency.02>SVC-1001</dAgency.02>');
      expect(xml.body).toContain('<dPersonnel.01>Applicant</dPersonnel.01>');
      expect(xml.body).toContain('<dVehicle.02>1FDXE4FS0KDC12345</dVehicle.02>');
      expect(xml.body).toContain('<dLocation.02>Station 1</dLocation.02>');
    },
    LONG,
  );

  it(
    'exports the State file with the licensed agencies and zero errors',
    async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/nemsis/state/check',
        headers: { cookie, 'x-csrf-token': csrf },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { report } = res.json();
      expect(report.issues.filter((i: { severity: string }) => i.severity === 'error')).toEqual([]);
      expect(report).toMatchObject({ dataset: 'STATE', valid: true, errors: 0 });
      const xml = await app.inject({ method: 'GET', url: '/api/nemsis/state.xml', headers: { cookie } });
      expect(xml.body).toContain('<sState.01>48</sState.01>');
      expect(xml.body).toContain(
        '<sAgency.02>SVC-1001</sAgency.02><sAgency.03>Lakeside Ambulance Service</sAgency.03>',
      );
    },
    LONG,
  );
});
