import { resourceEvent } from '@licensure/contracts';
import { certifications, complaints } from '@licensure/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';

/** What an outcome makes of the credentials it acts on; the others leave their status as it is. */
const statusOf: Record<string, 'suspended' | 'revoked' | undefined> = {
  suspension: 'suspended',
  revocation: 'revoked',
};

/**
 * A disciplinary outcome of suspension or revocation sets the status of the credential it names (or of
 * every live, active credential of the complaint's subject), as any credential write does: the change
 * log row and `certifications.updated`, from which the trigger engine derives `certification.statusChanged`.
 */
export async function applyDiscipline(ctx: HookContext, investigation: Row): Promise<number> {
  const status = statusOf[String(investigation.outcome)];
  if (!status) return 0;
  const { tx, enterpriseId } = ctx;
  const [complaint] = await tx
    .select()
    .from(complaints)
    .where(
      and(eq(complaints.id, String(investigation.complaint_id)), eq(complaints.enterprise_id, enterpriseId)),
    );
  if (!complaint) return 0;
  const named = (investigation.certification_id as string | null) ?? complaint.certification_id;
  const holder = or(
    complaint.user_id ? eq(certifications.user_id, complaint.user_id) : undefined,
    complaint.service_id ? eq(certifications.service_id, complaint.service_id) : undefined,
    complaint.vehicle_id ? eq(certifications.vehicle_id, complaint.vehicle_id) : undefined,
  );
  if (!named && !holder)
    throw badRequest({
      certification_id: 'Link the complaint to a person, service or vehicle, or name the credential, first.',
    });
  const targets = await tx
    .select()
    .from(certifications)
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        isNull(certifications.deleted_at),
        named
          ? eq(certifications.id, named)
          : and(holder, inArray(certifications.status, ['active', 'suspended', 'inactive'])),
      ),
    )
    .for('update');
  if (named && targets.length === 0) throw badRequest({ certification_id: 'There is no such credential.' });
  let changed = 0;
  for (const before of targets) {
    if (before.status === status) continue;
    const [after] = await tx
      .update(certifications)
      .set({ status, updated_at: new Date() })
      .where(eq(certifications.id, before.id))
      .returning();
    await recordChange(tx, actorOf(ctx.request), {
      entity: 'certifications',
      objectId: before.id,
      action: 'update',
      before,
      after,
    });
    await recordEvent(tx, {
      enterpriseId,
      name: resourceEvent('certifications', 'updated'),
      entity: 'certifications',
      objectId: before.id,
      actorId: ctx.auth?.userId ?? null,
      payload: { investigation_id: investigation.id, outcome: investigation.outcome },
    });
    changed++;
  }
  return changed;
}
