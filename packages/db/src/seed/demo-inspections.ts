import { randomUUID } from 'node:crypto';
import type { QuestionKind } from '@licensure/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { fbForms, fbGroups, fbPages, fbQuestions } from '../schema/forms';
import { ipInspectionDeficiencies, ipInspections, ipVisits } from '../schema/inspections';
import {
  autonumbers,
  inspection_autonumbers,
  ip_deficiencies,
  ip_deficiency_categories,
  ip_extra_fees,
  ip_statuses,
  ip_templates,
  user_inspectors,
} from '../schema/reference';
import { certifications, servicePersonnel, serviceVehicles, vehicles } from '../schema/registry';
import { createSecurityTemplate } from './factories';

/** A checklist form: one page, one group per heading, yes/no items, notes and the inspector's signature. */
async function checklistForm(tx: Tx, enterpriseId: string, name: string, sections: Record<string, string[]>) {
  const [form] = await tx
    .insert(fbForms)
    .values({
      enterprise_id: enterpriseId,
      name,
      description: 'Inspection checklist',
      applicant_access: 'none',
    })
    .returning();
  if (!form) throw new Error('demo checklist form not created');
  const base = { enterprise_id: enterpriseId, form_id: form.id };
  const page = randomUUID();
  await tx.insert(fbPages).values({ ...base, id: page, title: name, sort_order: 0 });
  const headings = [...Object.entries(sections), ['Sign-off', []] as [string, string[]]];
  for (const [g, [title, items]] of headings.entries()) {
    const group = randomUUID();
    await tx.insert(fbGroups).values({ ...base, id: group, page_id: page, title, sort_order: g });
    const q = (kind: QuestionKind, label: string, sort_order: number, required = false) => ({
      ...base,
      group_id: group,
      kind,
      label,
      sort_order,
      required,
    });
    const rows =
      title === 'Sign-off'
        ? [q('long_text', 'Inspector notes', 0), q('signature', 'Inspector signature', 1, true)]
        : items.map((label, i) => q('yes_no', label, i, true));
    await tx.insert(fbQuestions).values(rows);
  }
  return form.id;
}

const labelled = (
  enterpriseId: string,
  labels: string[],
  extra: (i: number) => Record<string, unknown> = () => ({}),
) => labels.map((label, i) => ({ enterprise_id: enterpriseId, label, sort_order: i + 1, ...extra(i) }));

/**
 * Demo inspections: an Inspector template; statuses, deficiency categories and deficiencies, extra
 * fees; service and ambulance templates with their checklist forms, numbered SI- and VI-; the admin as
 * an inspector; a second ambulance of the demo service; a visit to the demo service a week after the
 * seed, with the service and its first ambulance to inspect; and the service's last inspection,
 * submitted with a deficiency for the demo applicant (made its administrator) to correct.
 */
export async function seedDemoInspections(
  tx: Tx,
  enterpriseId: string,
  staff: { admin: { id: string }; applicant?: { id: string } },
) {
  await createSecurityTemplate(
    tx,
    enterpriseId,
    [
      'lookups.read',
      'users.read',
      'registry.read',
      'forms.read',
      'responses.read',
      'responses.write',
      'documents.read',
      'inspections.read',
      'inspections.write',
    ],
    { label: 'Inspector', description: 'Schedules, checks out and records inspections, also offline' },
  );
  const statuses = await tx
    .insert(ip_statuses)
    .values(labelled(enterpriseId, ['Scheduled', 'In progress', 'Completed'], (i) => ({ is_final: i === 2 })))
    .returning();
  const categories = await tx
    .insert(ip_deficiency_categories)
    .values(
      labelled(enterpriseId, ['Equipment', 'Vehicle condition', 'Documentation'], (i) => ({
        correction_days: [30, 30, 14][i],
      })),
    )
    .returning();
  const category = (label: string) => categories.find((c) => c.label === label)?.id as string;
  const findings = await tx
    .insert(ip_deficiencies)
    .values([
      ...labelled(enterpriseId, ['Oxygen supply below minimum', 'Expired medication'], () => ({
        ip_deficiency_category_id: category('Equipment'),
        entity: 'vehicle',
        correction_days: 7,
      })),
      ...labelled(enterpriseId, ['Worn tyres', 'Warning lights not working'], () => ({
        ip_deficiency_category_id: category('Vehicle condition'),
        entity: 'vehicle',
      })),
      ...labelled(enterpriseId, ['Patient care reports incomplete', 'Staff roster out of date'], () => ({
        ip_deficiency_category_id: category('Documentation'),
        entity: 'service',
      })),
    ])
    .returning();
  await tx.insert(ip_extra_fees).values(
    labelled(enterpriseId, ['Re-inspection', 'After-hours inspection'], (i) => ({
      amount_cents: [7500, 15000][i],
    })),
  );
  const counters = await tx
    .insert(autonumbers)
    .values([
      {
        enterprise_id: enterpriseId,
        label: 'Service inspections',
        prefix: 'SI-',
        next_number: 3,
        padding: 4,
      },
      {
        enterprise_id: enterpriseId,
        label: 'Vehicle inspections',
        prefix: 'VI-',
        next_number: 2,
        padding: 4,
      },
    ])
    .returning();
  await tx.insert(inspection_autonumbers).values([
    { enterprise_id: enterpriseId, entity: 'service', autonumber_id: counters[0]!.id },
    { enterprise_id: enterpriseId, entity: 'vehicle', autonumber_id: counters[1]!.id },
  ]);
  const serviceForm = await checklistForm(tx, enterpriseId, 'Service inspection checklist', {
    'Station and staffing': [
      'Station clean and secure',
      'Staff roster posted and current',
      'Medical director agreement on file',
    ],
    Records: ['Patient care reports complete', 'Controlled substance log balanced'],
  });
  const vehicleForm = await checklistForm(tx, enterpriseId, 'Ambulance inspection checklist', {
    Airway: [
      'Main oxygen cylinder at least 500 psi',
      'Portable suction works',
      'Bag-valve masks, adult and child',
    ],
    Vehicle: [
      'Warning lights and siren work',
      'Tyres above minimum tread',
      'Stretcher and straps in good order',
    ],
  });
  const templates = await tx
    .insert(ip_templates)
    .values([
      {
        enterprise_id: enterpriseId,
        label: 'Annual service inspection',
        entity: 'service',
        form_id: serviceForm,
        result_set: 'Pass,Conditional pass,Fail',
        document_data: 'Services are inspected once a year under the state EMS rules.',
        sort_order: 1,
      },
      {
        enterprise_id: enterpriseId,
        label: 'Ambulance inspection',
        entity: 'vehicle',
        form_id: vehicleForm,
        result_set: 'Pass,Conditional pass,Fail',
        document_data: 'Ambulances must carry the state minimum equipment list at all times.',
        sort_order: 2,
      },
    ])
    .returning();
  await tx.insert(user_inspectors).values({ enterprise_id: enterpriseId, user_id: staff.admin.id });

  const credentials = await tx
    .select({
      number: certifications.number,
      service_id: certifications.service_id,
      vehicle_id: certifications.vehicle_id,
    })
    .from(certifications)
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        inArray(certifications.number, ['SVC-1001', 'VEH-2001']),
      ),
    );
  const serviceId = credentials.find((c) => c.number === 'SVC-1001')?.service_id;
  const vehicleId = credentials.find((c) => c.number === 'VEH-2001')?.vehicle_id;
  if (!serviceId) return;
  // A second ambulance of the demo service, so that a visit can inspect two vehicles.
  const [second] = await tx
    .insert(vehicles)
    .values({
      enterprise_id: enterpriseId,
      serial_number: '1FDXE4FS2MDC67890',
      unit_number: 'Medic 2',
      make: 'Ford',
      model: 'E-450',
      model_year: 2021,
      license_plate: 'EMS-1002',
      plate_state: 'TX',
    })
    .returning();
  if (second)
    await tx
      .insert(serviceVehicles)
      .values({ service_id: serviceId, vehicle_id: second.id, start_date: '2025-03-01' });
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const [visit] = await tx
    .insert(ipVisits)
    .values({
      enterprise_id: enterpriseId,
      service_id: serviceId,
      inspection_date: day,
      inspection_time: '09:30:00',
      date_time_set: true,
      inspector_ids: [staff.admin.id],
      service_template_id: templates[0]!.id,
      vehicle_template_id: templates[1]!.id,
      notes: 'Annual inspection of the service and its ambulance.',
      created_by: staff.admin.id,
    })
    .returning();
  const common = {
    enterprise_id: enterpriseId,
    visit_id: visit!.id,
    service_id: serviceId,
    ip_status_id: statuses[0]!.id as string,
    inspector_id: staff.admin.id,
    created_by: staff.admin.id,
  };
  await tx.insert(ipInspections).values([
    { ...common, number: 'SI-0002', entity: 'service', ip_template_id: templates[0]!.id as string },
    ...(vehicleId
      ? [
          {
            ...common,
            number: 'VI-0001',
            entity: 'vehicle' as const,
            vehicle_id: vehicleId,
            ip_template_id: templates[1]!.id as string,
          },
        ]
      : []),
  ]);
  // The demo applicant administers the demo service; its last annual inspection, submitted, found a
  // deficiency that they correct from the portal (Inspections), for staff to accept or reject.
  if (staff.applicant)
    await tx
      .update(servicePersonnel)
      .set({ is_administrator: true })
      .where(
        and(eq(servicePersonnel.service_id, serviceId), eq(servicePersonnel.user_id, staff.applicant.id)),
      );
  const visited = new Date(Date.now() - 12 * 86_400_000);
  const [lastVisit] = await tx
    .insert(ipVisits)
    .values({
      enterprise_id: enterpriseId,
      service_id: serviceId,
      inspection_date: visited.toISOString().slice(0, 10),
      inspection_time: '10:00:00',
      date_time_set: true,
      status: 'completed',
      inspector_ids: [staff.admin.id],
      service_template_id: templates[0]!.id,
      notes: 'Annual inspection of the service.',
      created_by: staff.admin.id,
    })
    .returning();
  const [last] = await tx
    .insert(ipInspections)
    .values({
      ...common,
      visit_id: lastVisit!.id,
      ip_status_id: statuses[2]!.id as string,
      number: 'SI-0001',
      entity: 'service',
      ip_template_id: templates[0]!.id as string,
      outcome: 'Conditional pass',
      notes: 'Station clean and well run; the posted staff roster must be brought up to date.',
      signer_name: 'Alex Morgan',
      submitted: true,
      submitted_at: visited,
      submitted_by: staff.admin.id,
    })
    .returning();
  const roster = findings.find((f) => f.label === 'Staff roster out of date');
  await tx.insert(ipInspectionDeficiencies).values({
    enterprise_id: enterpriseId,
    inspection_id: last!.id,
    ip_deficiency_id: roster?.id ?? null,
    ip_deficiency_category_id: category('Documentation'),
    description: 'The staff roster posted at the station lists crews from last year.',
    due_date: new Date(visited.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
}
