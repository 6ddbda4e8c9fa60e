import { randomUUID } from 'node:crypto';
import { services, serviceVehicles, vehicles } from '@licensure/db';
import type { Caller, TestContext } from '../../test/test-app';

let counter = 0;

/** A service with two vehicles, and a vehicle of another service. */
export async function createServiceWithVehicles(t: TestContext, name = 'Ridge County EMS') {
  const db = t.database.db;
  const n = ++counter;
  const [service] = await db
    .insert(services)
    .values({ enterprise_id: t.enterpriseId, name: `${name} ${n}` })
    .returning();
  const [other] = await db
    .insert(services)
    .values({ enterprise_id: t.enterpriseId, name: `Other EMS ${n}` })
    .returning();
  const made = await db
    .insert(vehicles)
    .values(
      ['Medic 1', 'Medic 2', 'Other 9'].map((unit, i) => ({
        enterprise_id: t.enterpriseId,
        unit_number: unit,
        serial_number: `VIN${n}X${i}${randomUUID().slice(0, 6)}`.toUpperCase(),
      })),
    )
    .returning();
  await db.insert(serviceVehicles).values([
    { service_id: service!.id, vehicle_id: made[0]!.id },
    { service_id: service!.id, vehicle_id: made[1]!.id },
    { service_id: other!.id, vehicle_id: made[2]!.id },
  ]);
  return { service: service!, other: other!, medic1: made[0]!, medic2: made[1]!, foreign: made[2]! };
}

/** A checklist form made through POST fbforms: yes/no items, a note and the inspector's signature. */
export async function createChecklistForm(t: TestContext) {
  const q = { oxygen: randomUUID(), suction: randomUUID(), note: randomUUID(), sign: randomUUID() };
  const form = {
    id: randomUUID(),
    name: `Vehicle checklist ${++counter}-${randomUUID().slice(0, 4)}`,
    description: 'Ambulance equipment',
    active: true,
    applicant_access: 'none',
    pages: [
      {
        id: randomUUID(),
        title: 'Equipment',
        groups: [
          {
            id: randomUUID(),
            title: 'Airway',
            questions: [
              { id: q.oxygen, kind: 'yes_no', label: 'Oxygen cylinder full', required: true },
              { id: q.suction, kind: 'yes_no', label: 'Portable suction works' },
              { id: q.note, kind: 'long_text', label: 'Inspector notes' },
              { id: q.sign, kind: 'signature', label: 'Inspector signature' },
            ],
          },
        ],
      },
    ],
    conditions: [],
  };
  const res = await t.call(t.admin, { method: 'POST', url: '/api/fbforms', payload: { form } });
  if (res.statusCode !== 201) throw new Error(`form not created: ${res.statusCode} ${res.body}`);
  return { id: form.id, q };
}

/** The inspection lists an enterprise needs, made through the API as staff would: ids by name. */
export async function createInspectionLists(t: TestContext, admin: Caller) {
  const post = async (path: string, wrapper: string, body: Record<string, unknown>) => {
    const res = await t.call(admin, { method: 'POST', url: `/api/${path}`, payload: { [wrapper]: body } });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const s = randomUUID().slice(0, 6);
  const form = await createChecklistForm(t);
  const autonumber = await post('autonumbers', 'autonumber', {
    label: `Vehicle inspections ${s}`,
    prefix: 'VI-',
    next_number: 41,
    padding: 4,
  });
  await post('InspectionAutoNumbers', 'inspection_auto_number', {
    entity: 'vehicle',
    autonumber_id: autonumber,
  });
  const category = await post('IPDeficiencyCategories', 'deficiency_category', {
    label: `Equipment ${s}`,
    correction_days: 30,
  });
  return {
    form,
    autonumber,
    category,
    deficiency: await post('IPDeficiencies', 'deficiency', {
      label: `Oxygen below minimum ${s}`,
      ip_deficiency_category_id: category,
      entity: 'vehicle',
      correction_days: 14,
    }),
    fee: await post('Core/IPExtraFees', 'extra_fee', { label: `Re-inspection ${s}`, amount_cents: 7500 }),
    scheduled: await post('IPStatuses', 'status', { label: `Scheduled ${s}`, sort_order: 1 }),
    done: await post('IPStatuses', 'status', { label: `Completed ${s}`, is_final: true, sort_order: 2 }),
    serviceTemplate: await post('IPTemplates', 'template', {
      label: `Service inspection ${s}`,
      entity: 'service',
      result_set: 'Pass,Fail',
    }),
    vehicleTemplate: await post('IPTemplates', 'template', {
      label: `Ambulance inspection ${s}`,
      entity: 'vehicle',
      form_id: form.id,
      result_set: 'Pass,Conditional pass,Fail',
      document_data: 'Vehicles must be kept to the state equipment list.',
    }),
  };
}
