// Shared setup of the request-route tests: each test file builds its own app and database through it.
import { randomUUID } from 'node:crypto';
import {
  fbForms,
  fbPackageForms,
  fbPackages,
  fbResponses,
  licenseRequestProcessStatuses,
  processes,
  processStatuses,
  referenceTables,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
export let other: Caller;
export let licenseId: string;
export let formId: string;
export let initialType: string;
export let renewalType: string;
export let emt: string;
export let paramedic: string;
export let processId: string;
export let passed: string;

export async function insert<T extends Record<string, unknown>>(
  table: Parameters<TestContext['database']['db']['insert']>[0],
  values: T,
) {
  const [row] = await t.database.db
    .insert(table)
    .values(values as never)
    .returning();
  return row as Record<string, unknown> & { id: string };
}

/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupRequestRoutesTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
    other = await t.createCaller([], { isStaff: false, isPortal: true });
    const e = t.enterpriseId;
    const form = await insert(fbForms, { enterprise_id: e, name: 'Initial application form' });
    formId = form.id;
    const pkg = await insert(fbPackages, { enterprise_id: e, name: 'EMT package' });
    await t.database.db
      .insert(fbPackageForms)
      .values({ package_id: pkg.id, form_id: formId, required: true });
    const auto = await insert(referenceTables.autonumbers, {
      enterprise_id: e,
      label: 'EMS numbers',
      prefix: 'EMS-',
      next_number: 41,
      padding: 5,
    });
    const proc = await insert(processes, {
      enterprise_id: e,
      label: 'Background check',
      process_type: 'application',
    });
    processId = proc.id;
    await insert(processStatuses, {
      enterprise_id: e,
      process_id: processId,
      label: 'Pending',
      sort_order: 1,
    });
    passed = (
      await insert(processStatuses, {
        enterprise_id: e,
        process_id: processId,
        label: 'Passed',
        is_final: true,
      })
    ).id;
    const category = randomUUID();
    const lic = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: { name: 'EMS Personnel', entity: 'user', form_package_id: pkg.id, autonumber_id: auto.id },
        license_categories: [{ id: category, label: 'EMS Provider' }],
        license_category_levels: [
          { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
          {
            label: 'Paramedic',
            license_category_id: category,
            months_valid: 24,
            expiration_rule: 'end_of_month',
          },
        ],
        license_request_statuses: [
          { label: 'In progress', code: 'in_progress', sort_order: 1 },
          { label: 'Submitted', code: 'submitted', sort_order: 2 },
          { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
        ],
        license_category_certification_statuses: [
          { label: 'Active', holder_state: 'active', is_issued_status: true },
        ],
        processes: [{ process_id: processId }],
      },
    });
    expect(lic.statusCode).toBe(200);
    licenseId = lic.json().id;
    const levelId = (label: string) =>
      lic.json().license_category_levels.find((l: { label: string }) => l.label === label).id as string;
    emt = levelId('EMT');
    paramedic = levelId('Paramedic');
    initialType = (
      await insert(referenceTables.application_types, {
        enterprise_id: e,
        label: 'Initial',
        license_id: licenseId,
      })
    ).id;
    renewalType = (
      await insert(referenceTables.application_types, {
        enterprise_id: e,
        label: 'Renewal',
        license_id: licenseId,
      })
    ).id;
    const charges = referenceTables.license_charges;
    await insert(charges, {
      enterprise_id: e,
      license_id: licenseId,
      label: 'Application fee',
      amount_cents: 5000,
    });
    await insert(charges, {
      enterprise_id: e,
      license_id: licenseId,
      label: 'Per level',
      amount_cents: 1000,
      calculated_field: 'levels',
    });
    await insert(charges, {
      enterprise_id: e,
      license_id: licenseId,
      label: 'Renewal fee',
      amount_cents: 2500,
      application_type_id: renewalType,
    });
  });
  afterAll(() => t?.close());
}

export const start = (caller: Caller, extra: Record<string, unknown> = {}) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/LicenseRequests',
    payload: { license_request: { license_id: licenseId, ...extra } },
  });
export const choose = (caller: Caller, id: string, selections: Record<string, boolean>) =>
  t.call(caller, {
    method: 'PUT',
    url: `/api/LicenseRequests/${id}/applicationtypes`,
    payload: { selections },
  });
export const submit = (caller: Caller, id: string) =>
  t.call(caller, { method: 'POST', url: '/api/LicenseRequests/submit', payload: { licenseRequestID: id } });
/** Approves, with the licence's required background check passed first when it has no status yet. */
export async function approve(id: string) {
  const [checked] = await t.database.db
    .select()
    .from(licenseRequestProcessStatuses)
    .where(eq(licenseRequestProcessStatuses.license_request_id, id));
  if (!checked)
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: { licenseRequestID: id, processID: processId, statusID: passed },
    });
  return t.call(t.admin, {
    method: 'POST',
    url: '/api/LicenseRequests/approve',
    payload: { licenseRequestID: id, note: 'All checks passed', acknowledgeUnpaidFees: true },
  });
}
export async function completeForm(requestId: string, userId: string) {
  await t.database.db.insert(fbResponses).values({
    enterprise_id: t.enterpriseId,
    form_id: formId,
    form_version: 1,
    user_id: userId,
    license_request_id: requestId,
    progress: 2,
    completed_on: new Date(),
  });
}
