import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { complaintActivities, complaints, investigations } from '../schema/complaints';
import {
  autonumbers,
  complaint_activity_types,
  complaint_categories,
  complaint_statuses,
} from '../schema/reference';
import { certifications } from '../schema/registry';
import { createSecurityTemplate } from './factories';

const idOf = async (tx: Tx, table: typeof complaint_statuses, enterpriseId: string, label: string) => {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.enterprise_id, enterpriseId), eq(table.label, label)));
  return (row?.id as string | undefined) ?? null;
};

/**
 * Demo complaints: categories numbered CMP-0001 onwards, an Investigator template, a complaint from the
 * public about the demo service, and one about a demo person with an open investigation and two activities.
 */
export async function seedDemoComplaints(tx: Tx, enterpriseId: string, staff: { admin: { id: string } }) {
  const [counter] = await tx
    .insert(autonumbers)
    .values({ enterprise_id: enterpriseId, label: 'Complaints', prefix: 'CMP-', next_number: 3, padding: 4 })
    .returning();
  await tx
    .update(complaint_categories)
    .set({ autonumber_id: counter!.id })
    .where(eq(complaint_categories.enterprise_id, enterpriseId));
  await createSecurityTemplate(
    tx,
    enterpriseId,
    [
      'lookups.read',
      'users.read',
      'registry.read',
      'complaints.read',
      'complaints.write',
      'investigations.read',
      'investigations.write',
    ],
    { label: 'Investigator', description: 'Works complaints and confidential investigations' },
  );
  const received = await idOf(tx, complaint_statuses, enterpriseId, 'Received');
  const investigating = await idOf(tx, complaint_statuses, enterpriseId, 'Under investigation');
  const patientCare = await idOf(tx, complaint_categories, enterpriseId, 'Patient care');
  const conduct = await idOf(tx, complaint_categories, enterpriseId, 'Professional conduct');
  const interview = await idOf(tx, complaint_activity_types, enterpriseId, 'Interview');
  // The demo service (Lakeside Ambulance, credential SVC-1001): the public complaint is about it.
  const [serviceCredential] = await tx
    .select({ service_id: certifications.service_id })
    .from(certifications)
    .where(and(eq(certifications.enterprise_id, enterpriseId), eq(certifications.number, 'SVC-1001')))
    .limit(1);
  await tx.insert(complaints).values({
    enterprise_id: enterpriseId,
    number: 'CMP-0001',
    complaint_category_id: patientCare,
    complaint_status_id: received,
    service_id: serviceCredential?.service_id ?? null,
    subject_name: 'Lakeside Ambulance Service',
    complainant_first_name: 'Morgan',
    complainant_last_name: 'Neighbor',
    complainant_email: 'morgan.neighbor@example.org',
    description:
      'The ambulance took 45 minutes to arrive for my father and the crew did not check his blood sugar.',
    incident_date: '2026-10-14',
    incident_location: 'Lakeside, 12 Elm Street',
    source: 'public',
  });
  const [complaint] = await tx
    .insert(complaints)
    .values({
      enterprise_id: enterpriseId,
      number: 'CMP-0002',
      complaint_category_id: conduct,
      complaint_status_id: investigating,
      subject_name: 'Crew member on Medic 7',
      complainant_first_name: 'Jordan',
      complainant_last_name: 'Charge Nurse',
      complainant_email: 'jordan@example-hospital.org',
      description: 'A crew member shouted at hospital staff during a handover and left without a report.',
      incident_date: '2026-11-01',
      source: 'staff',
      assigned_to: staff.admin.id,
      created_by: staff.admin.id,
    })
    .returning();
  const [investigation] = await tx
    .insert(investigations)
    .values({
      enterprise_id: enterpriseId,
      complaint_id: complaint!.id,
      investigator_ids: [staff.admin.id],
      summary: 'Conduct at hospital handover',
      created_by: staff.admin.id,
    })
    .returning();
  await tx.insert(complaintActivities).values([
    {
      enterprise_id: enterpriseId,
      complaint_id: complaint!.id,
      investigation_id: investigation!.id,
      complaint_activity_type_id: interview,
      activity_date: '2026-11-05',
      description: 'Interviewed the charge nurse who filed the complaint.',
      performed_by: staff.admin.id,
    },
    {
      enterprise_id: enterpriseId,
      complaint_id: complaint!.id,
      complaint_activity_type_id: interview,
      activity_date: '2026-11-03',
      description: 'Acknowledged receipt to the complainant by phone.',
      performed_by: staff.admin.id,
    },
  ]);
}
