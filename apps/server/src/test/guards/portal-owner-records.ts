// The records portal user A owns or is party to beyond its person, service and request: payments,
// complaints A filed, an exam seat, inspections of A's service, education records, letters, notes and
// alerts, each with a document attached where the module keeps one. Each carries a private marker.
import {
  alerts,
  ceAuditMembers,
  ceAudits,
  complaintActivities,
  complaints,
  correspondenceRecipients,
  correspondences,
  courseAttendees,
  documents,
  investigations,
  ipInspections,
  ipVisits,
  notes,
  paymentAttempts,
  referenceTables,
  servicePersonnel,
  serviceUserLongevities,
  serviceUserLongevityCredits,
  serviceUserTrainings,
  trainings,
  transactionAllocations,
  transactions,
  vouchers,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { PNG, uploadFile } from '../../modules/documents/test-fixtures';
import { buildPacket, createExamLicence, createPendingRequest } from '../../modules/exams/test-fixtures';
import { createInspectionLists } from '../../modules/inspections/test-fixtures';
import type { Caller, TestContext } from '../test-app';
import type { IdKind } from './id-kinds';

export interface OwnerBase {
  caller: Caller;
  tag: string;
  service: string;
  vehicle: string;
  certification: string;
  request: string;
  response: string;
  form: string;
}

const one = <T>(rows: T[]): T => {
  const row = rows[0];
  if (!row) throw new Error('insert returned nothing');
  return row;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A's further records: their ids by kind, the documents attached to them, and their markers. */
export async function createOwnedRecords(t: TestContext, a: OwnerBase) {
  const db = t.database.db;
  const e = { enterprise_id: t.enterpriseId };
  const user = a.caller.userId;
  const mark = (what: string) => `${what}mark-${a.tag}`;
  const markers: string[] = [];
  const m = (what: string) => {
    const s = mark(what);
    markers.push(s);
    return s;
  };
  /** A file A uploaded, attached to one record (as the module attaching files there would). */
  const attached = async (what: string, link: Partial<typeof documents.$inferInsert>) => {
    const id = await uploadFile(t, a.caller, { name: `${m(`${what}file`)}.png`, content: PNG });
    await db.update(documents).set(link).where(eq(documents.id, id));
    return id;
  };

  // Roster, request parts and payments.
  const [personnel] = await db
    .select()
    .from(servicePersonnel)
    .where(and(eq(servicePersonnel.service_id, a.service), eq(servicePersonnel.user_id, user)));
  const requestCharge = one(
    await db
      .insert(referenceTables.license_request_charges)
      .values({
        ...e,
        license_request_id: a.request,
        description: m('charge'),
        quantity: 1,
        amount_cents: 4200,
      })
      .returning(),
  ) as { id: string };
  const requestResponse = one(
    await db
      .insert(referenceTables.license_request_fb_responses)
      .values({ ...e, license_request_id: a.request, fb_response_id: a.response, form_id: a.form })
      .returning(),
  ) as { id: string };
  const transaction = one(
    await db
      .insert(transactions)
      .values({
        ...e,
        user_id: user,
        method: 'check',
        state: 'settled',
        amount_cents: 4200,
        reference_number: m('check'),
        note: m('payment'),
        settled_at: new Date(),
      })
      .returning(),
  );
  await db
    .insert(transactionAllocations)
    .values({ ...e, transaction_id: transaction.id, license_request_id: a.request, amount_cents: 4200 });
  const paymentAttempt = one(
    await db
      .insert(paymentAttempts)
      .values({
        ...e,
        transaction_id: transaction.id,
        idempotency_key: m('attempt'),
        gateway: 'test',
        decision: 'ACCEPT',
        response: { reference: m('gateway') },
      })
      .returning(),
  );
  const voucher = one(
    await db
      .insert(vouchers)
      .values({ ...e, code: m('voucher'), user_id: user, amount_cents: 1500, license_request_id: a.request })
      .returning(),
  );

  // A complaint A filed from the portal, its investigation and activity, and the file A sent with it.
  const complaint = one(
    await db
      .insert(complaints)
      .values({
        ...e,
        number: m('complaintno'),
        subject_name: m('subject'),
        complainant_user_id: user,
        complainant_first_name: m('complainant'),
        complainant_email: `${mark('complainant')}@private-marker.test`,
        complainant_phone: '555-0100',
        description: m('complaint'),
        source: 'portal',
        created_by: user,
      })
      .returning(),
  );
  const investigation = one(
    await db
      .insert(investigations)
      .values({ ...e, complaint_id: complaint.id, summary: m('investigation'), findings: m('findings') })
      .returning(),
  );
  const complaintActivity = one(
    await db
      .insert(complaintActivities)
      .values({
        ...e,
        complaint_id: complaint.id,
        investigation_id: investigation.id,
        activity_date: day(-1),
        description: m('activity'),
      })
      .returning(),
  );
  const complaintDocument = await attached('complaint', {
    complaint_id: complaint.id,
    from_complaint: true,
    screening: 'released',
  });

  // An exam seat: A registered for a session from a pending request.
  const licence = await createExamLicence(t);
  const built = await buildPacket(t, t.admin, licence.levelId);
  const session = await t.call(t.admin, {
    method: 'POST',
    url: '/api/ExamSessions',
    payload: { exam_session: { session_date: day(14), exam_packet_id: built.packet.id, capacity: 4 } },
  });
  if (session.statusCode !== 201) throw new Error(`exam session: ${session.statusCode} ${session.body}`);
  const examRequest = await createPendingRequest(t, licence, user);
  const seat = await t.call(t.admin, {
    method: 'POST',
    url: `/api/ExamSessions/${session.json().id}/Register`,
    payload: { license_request_id: examRequest.id },
  });
  if (seat.statusCode !== 201) throw new Error(`exam seat: ${seat.statusCode} ${seat.body}`);

  // A visit to A's service and its inspection, with the report attached.
  const lists = await createInspectionLists(t, t.admin);
  const visit = one(
    await db
      .insert(ipVisits)
      .values({
        ...e,
        service_id: a.service,
        inspection_date: day(-3),
        status: 'completed',
        notes: m('visit'),
      })
      .returning(),
  );
  const inspection = one(
    await db
      .insert(ipInspections)
      .values({
        ...e,
        number: m('inspectionno'),
        visit_id: visit.id,
        ip_template_id: lists.serviceTemplate,
        entity: 'service',
        service_id: a.service,
        outcome: 'Fail',
        notes: m('inspection'),
        signer_name: m('signer'),
      })
      .returning(),
  );
  const inspectionDocument = await attached('inspection', {
    inspection_id: inspection.id,
    service_id: a.service,
  });

  // Education: a course A entered, A's attendance, service training and longevity, a CE audit of A.
  const certificate = await attached('course', { data_object: 'trainings' });
  const training = one(
    await db
      .insert(trainings)
      .values({
        ...e,
        name: m('course'),
        description: m('coursedesc'),
        self_entered: true,
        verified: false,
        entered_by: user,
        start_date: day(-30),
        end_date: day(-30),
        document_id: certificate,
      })
      .returning(),
  );
  await db.update(documents).set({ data_object_id: training.id }).where(eq(documents.id, certificate));
  const courseAttendee = one(
    await db
      .insert(courseAttendees)
      .values({
        ...e,
        training_id: training.id,
        user_id: user,
        completed_on: day(-30),
        note: m('attendance'),
      })
      .returning(),
  );
  const serviceUserTraining = one(
    await db
      .insert(serviceUserTrainings)
      .values({ ...e, service_id: a.service, user_id: user, training_id: training.id, note: m('reimburse') })
      .returning(),
  );
  const longevity = one(
    await db
      .insert(serviceUserLongevities)
      .values({ ...e, service_id: a.service, user_id: user, years: 7, note: m('longevity') })
      .returning(),
  );
  const longevityCredit = one(
    await db
      .insert(serviceUserLongevityCredits)
      .values({
        ...e,
        service_id: a.service,
        user_id: user,
        service_user_longevity_id: longevity.id,
        years: 7,
        note: m('credit'),
      })
      .returning(),
  );
  const audit = one(
    await db
      .insert(ceAudits)
      .values({
        ...e,
        label: 'Renewals audit',
        percentage: 10,
        renewed_from: day(-90),
        renewed_to: day(-1),
        due_date: day(30),
      })
      .returning(),
  );
  const auditProof = await attached('audit', { data_object: 'ce_audit_members' });
  const ceAuditMember = one(
    await db
      .insert(ceAuditMembers)
      .values({
        ...e,
        ce_audit_id: audit.id,
        user_id: user,
        certification_id: a.certification,
        status: 'submitted',
        document_id: auditProof,
        note: m('audit'),
      })
      .returning(),
  );

  // A letter sent to A (with a file), a staff note and an alert on A.
  const letterFile = await attached('letter', { data_object: 'correspondences' });
  const correspondence = one(
    await db
      .insert(correspondences)
      .values({
        ...e,
        subject: m('lettersubject'),
        html_body: `<p>${m('letter')}</p>`,
        text_body: mark('letter'),
        merge_object: 'person',
        merge_entity_id: user,
        document_ids: [letterFile],
        status: 'sent',
        total: 1,
        sent_count: 1,
      })
      .returning(),
  );
  const [recipient] = await db
    .insert(correspondenceRecipients)
    .values({
      ...e,
      correspondence_id: correspondence.id,
      user_id: user,
      address: `${mark('letter')}@private-marker.test`,
      status: 'sent',
      subject: mark('lettersubject'),
      html_body: `<p>${mark('letter')}</p>`,
      text_body: mark('letter'),
      sent_at: new Date(),
    })
    .returning();
  const note = one(
    await db
      .insert(notes)
      .values({ ...e, user_id: user, value: m('note') })
      .returning(),
  );
  const alert = one(
    await db
      .insert(alerts)
      .values({ ...e, user_id: user, certification_id: a.certification, value: m('alert') })
      .returning(),
  );

  const ids: Partial<Record<IdKind, string>> = {
    personnel: personnel?.id,
    requestCharge: requestCharge.id,
    requestResponse: requestResponse.id,
    transaction: transaction.id,
    paymentAttempt: paymentAttempt.id,
    voucher: voucher.id,
    complaint: complaint.id,
    investigation: investigation.id,
    complaintActivity: complaintActivity.id,
    examSession: session.json().id as string,
    examCandidate: seat.json().id as string,
    visit: visit.id,
    inspection: inspection.id,
    training: training.id,
    courseAttendee: courseAttendee.id,
    serviceUserTraining: serviceUserTraining.id,
    longevity: longevity.id,
    longevityCredit: longevityCredit.id,
    ceAuditMember: ceAuditMember.id,
    correspondence: correspondence.id,
    correspondenceRecipient: recipient?.id,
    note: note.id,
    alert: alert.id,
  };
  return {
    ids,
    documents: [complaintDocument, inspectionDocument, certificate, auditProof, letterFile],
    examRequest: examRequest.id,
    markers,
  };
}
