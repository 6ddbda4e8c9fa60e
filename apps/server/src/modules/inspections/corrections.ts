import type { DeficiencyCorrectionInput } from '@licensure/contracts';
import {
  documents,
  ipDeficiencyCorrections,
  ipInspectionDeficiencies,
  ipInspections,
  users,
} from '@licensure/db';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { sendMail } from '../../platform/mail/send-mail';
import { attachDocumentObject } from '../documents/attach-object';
import { loadServiceInspection, presentCorrection } from './service-inspections';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A service administrator's correction of a deficiency of one of the service's submitted inspections.
 * The deficiency must be open, with no other correction waiting for review. A document must be one the
 * administrator uploaded; it is attached to the inspection (documents' `createDocumentObject`, kind
 * `inspection`), so it is read with the inspection.
 */
export async function submitCorrection(
  app: FastifyInstance,
  request: FastifyRequest,
  inspectionId: string,
  input: DeficiencyCorrectionInput,
) {
  const { db } = app.deps.database;
  await loadServiceInspection(db, request, inspectionId, 'inspections.write');
  const userId = request.auth!.userId;
  const [deficiency] = await db
    .select()
    .from(ipInspectionDeficiencies)
    .where(
      and(
        eq(ipInspectionDeficiencies.id, input.deficiency_id),
        eq(ipInspectionDeficiencies.inspection_id, inspectionId),
      ),
    );
  if (!deficiency) throw badRequest({ deficiency_id: 'The deficiency is not one of this inspection.' });
  if (deficiency.corrected_on) throw new AppError('conflict', 'This deficiency is already corrected.');
  const [waiting] = await db
    .select({ id: ipDeficiencyCorrections.id })
    .from(ipDeficiencyCorrections)
    .where(
      and(
        eq(ipDeficiencyCorrections.deficiency_id, deficiency.id),
        eq(ipDeficiencyCorrections.status, 'submitted'),
      ),
    );
  if (waiting) throw new AppError('conflict', 'A correction of this deficiency is waiting for review.');
  if (input.document_id) {
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.id, input.document_id),
          eq(documents.enterprise_id, request.enterpriseId),
          isNull(documents.deleted_at),
          or(eq(documents.user_id, userId), eq(documents.uploaded_by, userId)),
        ),
      );
    if (!doc) throw badRequest({ document_id: 'Attach a document you uploaded.' });
    await attachDocumentObject(app, request, {
      documentID: doc.id,
      value: inspectionId,
      data_object: 'inspection',
    });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ipDeficiencyCorrections)
      .values({
        enterprise_id: request.enterpriseId,
        inspection_id: inspectionId,
        deficiency_id: deficiency.id,
        correction: input.correction,
        document_id: input.document_id ?? null,
        submitted_by: userId,
      })
      .returning();
    if (!row) throw new Error('correction insert returned nothing');
    await recordChange(tx, actorOf(request), {
      entity: 'ip_deficiency_corrections',
      objectId: row.id,
      action: 'create',
      after: presentCorrection(row),
    });
    return row.id;
  });
}

/**
 * Staff accept a correction (the deficiency is corrected today, with the correction as its notes) or
 * reject it with a reason, which is mailed to the administrator who sent it. Only a correction waiting
 * for review is decided (409 otherwise). Both writes are in the change log.
 */
export async function reviewCorrection(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  decision: { accept: true } | { accept: false; reason: string },
) {
  const { db } = app.deps.database;
  const actor = actorOf(request);
  const { before, submitter } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ c: ipDeficiencyCorrections })
      .from(ipDeficiencyCorrections)
      .innerJoin(ipInspections, eq(ipInspections.id, ipDeficiencyCorrections.inspection_id))
      .where(
        and(
          eq(ipDeficiencyCorrections.id, id),
          eq(ipDeficiencyCorrections.enterprise_id, request.enterpriseId),
          isNull(ipInspections.deleted_at),
        ),
      )
      .for('update');
    if (!found) throw notFound('correction');
    const current = found.c;
    if (current.status !== 'submitted')
      throw new AppError('conflict', `This correction was already ${current.status}.`);
    const [after] = await tx
      .update(ipDeficiencyCorrections)
      .set({
        status: decision.accept ? 'accepted' : 'rejected',
        reject_reason: decision.accept ? null : decision.reason,
        reviewed_by: actor.userId,
        reviewed_at: new Date(),
        updated_at: new Date(),
      })
      .where(eq(ipDeficiencyCorrections.id, id))
      .returning();
    await recordChange(tx, actor, {
      entity: 'ip_deficiency_corrections',
      objectId: id,
      action: 'update',
      before: presentCorrection(current),
      after: presentCorrection(after!),
    });
    if (decision.accept) {
      const [was] = await tx
        .select()
        .from(ipInspectionDeficiencies)
        .where(eq(ipInspectionDeficiencies.id, current.deficiency_id));
      const [now] = await tx
        .update(ipInspectionDeficiencies)
        .set({ corrected_on: today(), correction_notes: current.correction, updated_at: new Date() })
        .where(eq(ipInspectionDeficiencies.id, current.deficiency_id))
        .returning();
      await recordChange(tx, actor, {
        entity: 'ip_inspection_deficiencies',
        objectId: current.deficiency_id,
        action: 'update',
        before: was,
        after: now,
      });
    }
    return { before: current, submitter: current.submitted_by };
  });
  if (!decision.accept) await mailRejection(app, request, before, submitter, decision.reason);
}

/** The rejection and its reason, to the administrator who sent the correction (when they have an address). */
async function mailRejection(
  app: FastifyInstance,
  request: FastifyRequest,
  correction: typeof ipDeficiencyCorrections.$inferSelect,
  userId: string,
  reason: string,
) {
  const { db } = app.deps.database;
  const [person] = await db
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, userId));
  const [inspection] = await db
    .select({ number: ipInspections.number })
    .from(ipInspections)
    .where(eq(ipInspections.id, correction.inspection_id));
  if (!person?.email) {
    request.log.info({ correction: correction.id }, 'correction rejected; the sender has no email address');
    return;
  }
  await sendMail(
    db,
    {
      enterpriseId: request.enterpriseId,
      to: person.email,
      subject: `Correction not accepted: inspection ${inspection?.number ?? ''}`.trim(),
      text: [
        `Hello${person.first_name ? ` ${person.first_name}` : ''},`,
        `The correction you sent for a deficiency of inspection ${inspection?.number ?? ''} was not accepted.`,
        `Reason: ${reason}`,
        `Your correction: ${correction.correction}`,
        'Open the inspection under Inspections in the portal to send a new correction.',
      ].join('\n\n'),
    },
    app.deps.config,
  );
}
