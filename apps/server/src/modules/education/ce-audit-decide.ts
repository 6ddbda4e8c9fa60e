import type { CeAuditDecisionInput } from '@licensure/contracts';
import { Events } from '@licensure/contracts';
import { ceAuditMembers, ceAudits, type Db, users } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors';
import { holdsAny } from '../../platform/permissions/scopes';
import { defineOperation } from '../../platform/resources/operation';
import { createWriter } from '../../platform/resources/write';
import { complaintResource } from '../complaints/complaints.resources';
import { userName } from './present';

/**
 * Staff mark an audited licensee accepted or deficient. A deficient one may open a complaint about the
 * person (through the complaints module's own create path: numbering, status, events), which needs
 * complaints.write; the complaint is linked to the audit record. A decided record is not decided again.
 */
export async function decideCeAuditMember(
  db: Db,
  request: FastifyRequest,
  memberId: string,
  decision: CeAuditDecisionInput,
): Promise<void> {
  if (decision.open_complaint && decision.status !== 'deficient')
    throw badRequest({ open_complaint: 'Only a deficient audit opens a complaint.' });
  if (decision.open_complaint && !holdsAny(request.auth, ['complaints.write'])) throw forbidden();
  const [member] = await db
    .select({
      status: ceAuditMembers.status,
      user_id: ceAuditMembers.user_id,
      certification_id: ceAuditMembers.certification_id,
      label: ceAudits.label,
      first: users.first_name,
      last: users.last_name,
    })
    .from(ceAuditMembers)
    .innerJoin(ceAudits, eq(ceAudits.id, ceAuditMembers.ce_audit_id))
    .innerJoin(users, eq(users.id, ceAuditMembers.user_id))
    .where(and(eq(ceAuditMembers.id, memberId), eq(ceAuditMembers.enterprise_id, request.enterpriseId)));
  if (!member) throw notFound('audited licensee');
  if (member.status === 'accepted' || member.status === 'deficient')
    throw new AppError('conflict', 'This audit record was already decided.');

  let complaintId: string | null = null;
  if (decision.open_complaint) {
    const name = userName(member.first, member.last) ?? 'Audited licensee';
    complaintId = await createWriter(db, complaintResource).create(request, {
      user_id: member.user_id,
      certification_id: member.certification_id,
      subject_name: name,
      description: `Continuing education audit "${member.label}": the proof of hours was found deficient.${
        decision.note ? `\n\n${decision.note}` : ''
      }`,
    });
  }
  await recordDecision(db, request, memberId, decision, complaintId);
}

/** The decision itself, logged with its event (`ceAudit.accepted` or `ceAudit.deficient`). */
const recordDecision = defineOperation({
  async run(
    { tx, request, enterpriseId },
    memberId: string,
    decision: CeAuditDecisionInput,
    complaintId: string | null,
  ) {
    const [before] = await tx
      .select()
      .from(ceAuditMembers)
      .where(eq(ceAuditMembers.id, memberId))
      .for('update');
    const [after] = await tx
      .update(ceAuditMembers)
      .set({
        status: decision.status,
        note: decision.note ?? before?.note ?? null,
        complaint_id: complaintId,
        decided_by: request.auth?.userId ?? null,
        decided_at: new Date(),
        updated_at: new Date(),
      })
      .where(eq(ceAuditMembers.id, memberId))
      .returning();
    const name = decision.status === 'accepted' ? Events.ceAuditAccepted : Events.ceAuditDeficient;
    return {
      result: undefined,
      changes: [{ entity: 'ce_audit_members', objectId: memberId, action: 'update', before, after }],
      events: [
        {
          enterpriseId,
          name,
          entity: 'ce_audit_members' as const,
          objectId: memberId,
          payload: { complaint_id: complaintId },
        },
      ],
    };
  },
});
