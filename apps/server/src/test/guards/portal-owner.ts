// Portal user A and the records A owns or is party to (one of every kind of id), each carrying a private
// marker, for the cross-user guard.
import { randomUUID } from 'node:crypto';
import {
  alerts,
  ceAuditMembers,
  certifications,
  complaintActivities,
  complaints,
  correspondenceRecipients,
  correspondences,
  courseAttendees,
  dataChangeLog,
  documents,
  exCandidates,
  fbAnswers,
  fbResponses,
  investigations,
  ipInspections,
  ipVisits,
  licenseRequests,
  notes,
  paymentAttempts,
  referenceTables,
  servicePersonnel,
  services,
  serviceUserLongevities,
  serviceUserLongevityCredits,
  serviceUserTrainings,
  serviceVehicles,
  trainings,
  transactionAllocations,
  transactions,
  users,
  vehicles,
  vouchers,
} from '@licensure/db';
import { eq, inArray, or } from 'drizzle-orm';
import { createServiceAdministrator, PNG, uploadFile } from '../../modules/documents/test-fixtures';
import { fixtures } from '../../modules/registry/test-fixtures';
import { buildForm, startResponse } from '../../modules/responses/test-fixtures';
import type { Caller, TestContext } from '../test-app';
import { type IdKind, idKinds } from './id-kinds';
import { createOwnedRecords } from './portal-owner-records';

export { type IdKind, kindOfName } from './id-kinds';

export interface PortalOwner {
  caller: Caller;
  ids: Record<IdKind, string>;
  /** Every id of A's private records (ids of every kind but the exam session, A's other documents...). */
  privateIds: string[];
  /** Strings found only in A's records: B must never be shown one. */
  markers: string[];
}

/** Kinds whose records others may see: an exam session lists its open seats to every portal user. */
const notPrivate: readonly IdKind[] = ['examSession'];

export async function createPortalOwner(t: TestContext): Promise<PortalOwner> {
  const tag = randomUUID().slice(0, 8);
  const m = {
    name: `Zyxwarden${tag}`,
    email: `owner-${tag}@private-marker.test`,
    service: `Svcmarker ${tag} Ambulance`,
    serial: `VINMARK${tag}`,
    licence: `LICMARK-${tag}`,
    answer: `Answermark ${tag}`,
    file: `docmark-${tag}.png`,
  };
  const f = fixtures(t);
  const service = await f.service({ name: m.service });
  const caller = await createServiceAdministrator(t, service.id);
  await t.database.db
    .update(users)
    .set({ last_name: m.name, email: m.email })
    .where(eq(users.id, caller.userId));
  const vehicle = await f.vehicle({ serial_number: m.serial }, service.id);
  const certification = await f.certification({ user_id: caller.userId, number: m.licence });

  const form = await buildForm(t);
  const response = await startResponse(t, caller, form, { name: m.answer }, { userId: caller.userId });
  const document = await uploadFile(t, caller, { name: m.file, content: PNG });

  const licence = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: { name: `Personnel licence ${tag}`, entity: 'user' },
      license_request_statuses: [{ label: 'In progress', code: 'in_progress', sort_order: 1 }],
    },
  });
  if (licence.statusCode !== 200) throw new Error(`licence: ${licence.statusCode} ${licence.body}`);
  const request = await t.call(caller, {
    method: 'POST',
    url: '/api/LicenseRequests',
    payload: { license_request: { license_id: licence.json().id } },
  });
  if (request.statusCode >= 300) throw new Error(`request: ${request.statusCode} ${request.body}`);
  const base = {
    user: caller.userId,
    service: service.id,
    vehicle: vehicle.id,
    certification: certification.id,
    response: response.id,
    document,
    request: request.json().id as string,
  };
  const more = await createOwnedRecords(t, { ...base, caller, tag, form: form.id });
  const ids = { ...base, ...more.ids } as Record<IdKind, string>;
  const missing = idKinds.filter((k) => !ids[k]);
  if (missing.length) throw new Error(`A has no record of kind ${missing.join(', ')}`);
  return {
    caller,
    ids,
    privateIds: [
      ...idKinds.filter((k) => !notPrivate.includes(k)).map((k) => ids[k]),
      ...more.documents,
      more.examRequest,
    ],
    markers: [...Object.values(m), ...more.markers],
  };
}

/** A's rows, as they are now: compared before and after B's attempts. */
export async function snapshotOf(t: TestContext, a: PortalOwner) {
  const db = t.database.db;
  const { ids } = a;
  const user = ids.user;
  const charges = referenceTables.license_request_charges;
  const parts = referenceTables.license_request_fb_responses;
  const requestIds = (await db.select().from(licenseRequests).where(eq(licenseRequests.user_id, user))).map(
    (r) => r.id,
  );
  const complaint = (c: typeof complaintActivities | typeof investigations) =>
    eq(c.complaint_id, ids.complaint);
  return {
    user: await db.select().from(users).where(eq(users.id, user)),
    service: await db.select().from(services).where(eq(services.id, ids.service)),
    roster: await db.select().from(servicePersonnel).where(eq(servicePersonnel.service_id, ids.service)),
    vehicle: await db.select().from(vehicles).where(eq(vehicles.id, ids.vehicle)),
    fleet: await db.select().from(serviceVehicles).where(eq(serviceVehicles.service_id, ids.service)),
    certifications: await db.select().from(certifications).where(eq(certifications.user_id, user)),
    responses: await db.select().from(fbResponses).where(eq(fbResponses.user_id, user)),
    answers: await db.select().from(fbAnswers).where(eq(fbAnswers.response_id, ids.response)),
    documents: await db
      .select()
      .from(documents)
      .where(or(eq(documents.user_id, user), eq(documents.uploaded_by, user))),
    requests: await db.select().from(licenseRequests).where(eq(licenseRequests.user_id, user)),
    charges: await db.select().from(charges).where(inArray(charges.license_request_id, requestIds)),
    requestResponses: await db.select().from(parts).where(inArray(parts.license_request_id, requestIds)),
    transactions: await db.select().from(transactions).where(eq(transactions.user_id, user)),
    allocations: await db
      .select()
      .from(transactionAllocations)
      .where(inArray(transactionAllocations.license_request_id, requestIds)),
    attempts: await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, ids.paymentAttempt)),
    vouchers: await db.select().from(vouchers).where(eq(vouchers.user_id, user)),
    complaints: await db
      .select()
      .from(complaints)
      .where(or(eq(complaints.complainant_user_id, user), eq(complaints.user_id, user))),
    investigations: await db.select().from(investigations).where(complaint(investigations)),
    activities: await db.select().from(complaintActivities).where(complaint(complaintActivities)),
    examSeats: await db.select().from(exCandidates).where(eq(exCandidates.user_id, user)),
    visits: await db.select().from(ipVisits).where(eq(ipVisits.service_id, ids.service)),
    inspections: await db.select().from(ipInspections).where(eq(ipInspections.service_id, ids.service)),
    courses: await db.select().from(trainings).where(eq(trainings.entered_by, user)),
    attendance: await db.select().from(courseAttendees).where(eq(courseAttendees.user_id, user)),
    serviceTrainings: await db
      .select()
      .from(serviceUserTrainings)
      .where(eq(serviceUserTrainings.user_id, user)),
    longevities: await db
      .select()
      .from(serviceUserLongevities)
      .where(eq(serviceUserLongevities.user_id, user)),
    credits: await db
      .select()
      .from(serviceUserLongevityCredits)
      .where(eq(serviceUserLongevityCredits.user_id, user)),
    audits: await db.select().from(ceAuditMembers).where(eq(ceAuditMembers.user_id, user)),
    letters: await db.select().from(correspondences).where(eq(correspondences.id, ids.correspondence)),
    letterCopies: await db
      .select()
      .from(correspondenceRecipients)
      .where(eq(correspondenceRecipients.user_id, user)),
    notes: await db.select().from(notes).where(eq(notes.user_id, user)),
    alerts: await db.select().from(alerts).where(eq(alerts.user_id, user)),
  };
}

/** Changes recorded as made by `userId` about one of A's records, or naming one of A's private ids. */
export async function changesBy(t: TestContext, userId: string, a: PortalOwner): Promise<string[]> {
  const ids = a.privateIds;
  const rows = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.user_id, userId));
  return rows
    .filter((r) => ids.includes(r.object_id) || ids.some((id) => JSON.stringify(r.after ?? {}).includes(id)))
    .map((r) => `${r.action} ${r.entity} ${r.object_id}`);
}
