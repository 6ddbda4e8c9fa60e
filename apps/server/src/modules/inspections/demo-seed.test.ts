import {
  fbQuestions,
  ip_templates,
  ipInspectionDeficiencies,
  ipInspections,
  ipVisits,
  security_template_permissions as securityTemplatePermissions,
  securityTemplates,
  seedDatabase,
  servicePersonnel,
  services,
  serviceVehicles,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('demo inspections', () => {
  it('schedules a visit to the demo service for the admin, with the service and its ambulance to inspect', async () => {
    await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    const db = database.db;
    const [admin] = await db.select().from(users).where(eq(users.user_name, 'admin'));
    const visits = await db
      .select({ visit: ipVisits, service: services.name })
      .from(ipVisits)
      .innerJoin(services, eq(services.id, ipVisits.service_id))
      .where(eq(ipVisits.status, 'scheduled'));
    expect(visits).toHaveLength(1);
    const { visit, service } = visits[0]!;
    expect(service).toMatch(/Lakeside/);
    expect(visit.inspector_ids).toEqual([admin!.id]);
    expect(visit.inspection_date > new Date().toISOString().slice(0, 10)).toBe(true);
    const inspections = await db.select().from(ipInspections).where(eq(ipInspections.visit_id, visit.id));
    expect(inspections.map((i) => [i.entity, i.number]).sort()).toEqual([
      ['service', 'SI-0002'],
      ['vehicle', 'VI-0001'],
    ]);
    // Two ambulances, so that a visit can inspect two vehicles.
    const fleet = await db
      .select()
      .from(serviceVehicles)
      .where(eq(serviceVehicles.service_id, visit.service_id));
    expect(fleet).toHaveLength(2);
    const [ambulance] = await db.select().from(ip_templates).where(eq(ip_templates.entity, 'vehicle'));
    const items = await db
      .select()
      .from(fbQuestions)
      .where(eq(fbQuestions.form_id, ambulance!.form_id as string));
    expect(items.map((q) => q.label)).toContain('Portable suction works');
    const granted = await db
      .select({ key: securityTemplatePermissions.permission_key })
      .from(securityTemplatePermissions)
      .innerJoin(
        securityTemplates,
        eq(securityTemplates.id, securityTemplatePermissions.security_template_id),
      )
      .where(eq(securityTemplates.label, 'Inspector'));
    expect(granted.map((g) => g.key)).toEqual(
      expect.arrayContaining(['inspections.read', 'inspections.write']),
    );
  });

  it('shows the demo applicant, administrator of the demo service, a submitted inspection with a deficiency to correct', async () => {
    const db = database.db;
    const [applicant] = await db.select().from(users).where(eq(users.user_name, 'applicant'));
    const [roster] = await db
      .select()
      .from(servicePersonnel)
      .where(and(eq(servicePersonnel.user_id, applicant!.id), eq(servicePersonnel.is_administrator, true)));
    expect(roster).toBeDefined();
    const done = await db
      .select()
      .from(ipInspections)
      .where(and(eq(ipInspections.service_id, roster!.service_id), eq(ipInspections.submitted, true)));
    expect(done.map((i) => i.number)).toEqual(['SI-0001']);
    const open = await db
      .select()
      .from(ipInspectionDeficiencies)
      .where(eq(ipInspectionDeficiencies.inspection_id, done[0]!.id));
    expect(open).toEqual([
      expect.objectContaining({ corrected_on: null, description: expect.stringMatching(/roster/) }),
    ]);
  });
});
