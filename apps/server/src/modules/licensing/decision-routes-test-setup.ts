// Shared setup of the decision-route tests: each test file builds its own app and database through it.
import { randomUUID } from 'node:crypto';
import {
  createSubmittedRequest,
  domainEvents,
  fbForms,
  fbPackageForms,
  fbPackages,
  processes,
  processStatuses,
  referenceTables,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
export let reviewer: Caller;
export let secondReviewer: Caller;
export let stranger: Caller;
export let licenseId: string;
export let formId: string;
export let processId: string;
export let cleared: string;
export let choices: { application_type_id: string; license_category_level_id: string }[];

export const DAY = 86_400_000;

export async function submitted(options: { userId?: string; daysAgo?: number; unpaid?: number } = {}) {
  const row = await t.database.db.transaction((tx) =>
    createSubmittedRequest(tx, t.enterpriseId, {
      licenseId,
      userId: options.userId ?? t.applicant.userId,
      formId,
      choices,
      submittedAt: new Date(Date.now() - (options.daysAgo ?? 0) * DAY),
      charges: options.unpaid ? [{ description: 'Application fee', amount_cents: options.unpaid }] : [],
    }),
  );
  return row.id;
}

export const post = (caller: Caller | null, path: string, payload: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: `/api/LicenseRequests/${path}`, payload });
export const detailAs = (caller: Caller, id: string) =>
  t.call(caller, { method: 'GET', url: `/api/LicenseRequests/${id}` });

export async function eventsOf(id: string) {
  const rows = await t.database.db
    .select({ name: domainEvents.name })
    .from(domainEvents)
    .where(eq(domainEvents.object_id, id))
    .orderBy(domainEvents.seq);
  return rows.map((r) => r.name);
}

/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupDecisionRoutesTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
    reviewer = await t.createCaller(['requests.read', 'requests.review']);
    secondReviewer = await t.createCaller(['requests.read', 'requests.review']);
    stranger = await t.createCaller([], { isStaff: false, isPortal: true });
    const e = t.enterpriseId;
    const [form] = await t.database.db
      .insert(fbForms)
      .values({ enterprise_id: e, name: 'Application form' })
      .returning();
    formId = form!.id;
    const [pkg] = await t.database.db
      .insert(fbPackages)
      .values({ enterprise_id: e, name: 'Package' })
      .returning();
    await t.database.db
      .insert(fbPackageForms)
      .values({ package_id: pkg!.id, form_id: formId, required: true });
    const [proc] = await t.database.db
      .insert(processes)
      .values({ enterprise_id: e, label: 'DPS check', process_type: 'application' })
      .returning();
    processId = proc!.id;
    const [status] = await t.database.db
      .insert(processStatuses)
      .values({ enterprise_id: e, process_id: processId, label: 'Clear', is_final: true })
      .returning();
    cleared = status!.id;
    const [numbers] = await t.database.db
      .insert(referenceTables.autonumbers)
      .values({ enterprise_id: e, label: 'Numbers', prefix: 'EMS-', next_number: 1, padding: 5 } as never)
      .returning();
    const category = randomUUID();
    const lic = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: {
          name: 'EMS Personnel',
          entity: 'user',
          form_package_id: pkg!.id,
          autonumber_id: numbers!.id,
        },
        license_categories: [{ id: category, label: 'EMS Provider' }],
        license_category_levels: [
          { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
        ],
        license_category_certification_statuses: [
          { label: 'Active', holder_state: 'active', is_issued_status: true },
        ],
        license_request_statuses: [
          { label: 'In progress', code: 'in_progress', sort_order: 1 },
          { label: 'Submitted', code: 'submitted', sort_order: 2 },
          { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
          { label: 'Denied', code: 'denied', is_final: true, sort_order: 4 },
          { label: 'Returned for corrections', code: 'returned', sort_order: 5 },
          { label: 'Withdrawn', code: 'withdrawn', is_final: true, sort_order: 6 },
        ],
        processes: [{ process_id: processId }],
      },
    });
    expect(lic.statusCode).toBe(200);
    licenseId = lic.json().id;
    const [initial] = await t.database.db
      .insert(referenceTables.application_types)
      .values({ enterprise_id: e, label: 'Initial', license_id: licenseId } as never)
      .returning();
    choices = [
      {
        application_type_id: initial!.id as string,
        license_category_level_id: lic.json().license_category_levels[0].id,
      },
    ];
  });
  afterAll(() => t?.close());
}
