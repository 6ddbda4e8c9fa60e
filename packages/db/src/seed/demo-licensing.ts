import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { fbPackageForms, fbPackages } from '../schema/forms';
import { licenses } from '../schema/licensing';
import { processes, processStatuses } from '../schema/platform';
import {
  application_types,
  autonumbers,
  license_categories,
  license_category_certification_statuses,
  license_category_levels,
  license_charges,
  license_request_statuses,
  process_licenses,
} from '../schema/reference';
import { certifications } from '../schema/registry';

/**
 * A demo licence an applicant can apply for at once: "EMS Personnel Certification" with the EMS
 * Provider category (EMT, Paramedic), Initial and Renewal application types, request statuses whose
 * codes the server uses (submitted, approved, denied, returned, info_requested, withdrawn), an issued credential status, a background-check
 * process, an application fee, numbers EMS-000001 onwards, and the demo form as its package.
 */
export async function seedDemoLicensing(
  tx: Tx,
  enterpriseId: string,
  demoFormId: string,
): Promise<{ licenseId: string }> {
  const e = { enterprise_id: enterpriseId };
  const [pkg] = await tx
    .insert(fbPackages)
    .values({
      ...e,
      name: 'EMS certification application',
      description: 'The forms of an EMS certification request',
    })
    .returning();
  await tx
    .insert(fbPackageForms)
    .values({ package_id: pkg!.id, form_id: demoFormId, required: true, sort_order: 0 });
  const [numbers] = await tx
    .insert(autonumbers)
    .values({ ...e, label: 'EMS personnel numbers', prefix: 'EMS-', next_number: 1, padding: 6 })
    .returning();
  const [license] = await tx
    .insert(licenses)
    .values({
      ...e,
      name: 'EMS Personnel Certification',
      code: 'EMS',
      description: 'Certification of emergency medical services personnel.',
      entity: 'user',
      form_package_id: pkg!.id,
      autonumber_id: numbers!.id as string,
    })
    .returning();
  const licenseId = license!.id;
  const l = { ...e, license_id: licenseId };
  const category = randomUUID();
  // A Paramedic credential supersedes the holder's EMT credential (a lower level); an EMT approval
  // leaves a Paramedic credential as it is. The approval lists what it supersedes before it happens.
  await tx
    .insert(license_categories)
    .values({ ...l, id: category, label: 'EMS Provider', supersedes: 'lower_levels', sort_order: 1 });
  const [emt, paramedic] = [randomUUID(), randomUUID()];
  await tx.insert(license_category_levels).values([
    {
      ...l,
      id: emt,
      license_category_id: category,
      label: 'EMT',
      months_valid: 24,
      expiration_rule: 'end_of_month',
      sort_order: 1,
    },
    {
      ...l,
      id: paramedic,
      license_category_id: category,
      label: 'Paramedic',
      months_valid: 24,
      expiration_rule: 'end_of_month',
      sort_order: 2,
    },
  ]);
  await tx.insert(license_request_statuses).values([
    { ...l, label: 'In progress', code: 'in_progress', sort_order: 1 },
    { ...l, label: 'Submitted', code: 'submitted', sort_order: 2 },
    { ...l, label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
    { ...l, label: 'Denied', code: 'denied', is_final: true, sort_order: 4 },
    { ...l, label: 'Returned for corrections', code: 'returned', sort_order: 5 },
    { ...l, label: 'More information requested', code: 'info_requested', sort_order: 6 },
    { ...l, label: 'Withdrawn', code: 'withdrawn', is_final: true, sort_order: 7 },
  ]);
  const [activeStatus] = await tx
    .insert(license_category_certification_statuses)
    .values([
      { ...l, label: 'Active', holder_state: 'active', is_issued_status: true, sort_order: 1 },
      { ...l, label: 'Expired', holder_state: 'expired', sort_order: 2 },
    ])
    .returning();
  // The applicant's registry credential (EMT-000123) is an EMT certification of this licence: linked,
  // its certificate, My licences and /verify all name the licence and the level.
  await tx
    .update(certifications)
    .set({
      license_id: licenseId,
      license_category_id: category,
      license_category_level_id: emt,
      certification_status_id: activeStatus!.id as string,
    })
    .where(and(eq(certifications.enterprise_id, enterpriseId), eq(certifications.number, 'EMT-000123')));
  const [initial] = await tx
    .insert(application_types)
    .values([
      { ...l, label: 'Initial', license_category_levels: [emt, paramedic], sort_order: 1 },
      { ...l, label: 'Renewal', license_category_levels: [emt, paramedic], sort_order: 2 },
    ])
    .returning();
  await tx.insert(license_charges).values([
    {
      ...l,
      label: 'Application fee',
      amount_cents: 5000,
      application_type_id: initial!.id as string,
      sort_order: 1,
    },
    { ...l, label: 'Fee per level', amount_cents: 1000, calculated_field: 'levels', sort_order: 2 },
  ]);
  const [check] = await tx
    .insert(processes)
    .values({
      ...e,
      label: 'Background check',
      code: 'background',
      process_type: 'application',
      sort_order: 1,
    })
    .returning();
  await tx.insert(processStatuses).values([
    { ...e, process_id: check!.id, label: 'Pending', outcome: 'pending', sort_order: 1 },
    { ...e, process_id: check!.id, label: 'Passed', is_final: true, outcome: 'passed', sort_order: 2 },
    { ...e, process_id: check!.id, label: 'Failed', is_final: true, outcome: 'failed', sort_order: 3 },
  ]);
  await tx.insert(process_licenses).values({ ...l, process_id: check!.id, required: true });
  return { licenseId };
}
