import { certifications, type licenseRequests, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { takeAutonumber } from '../lookups/autonumbers';
import type { CredentialPlan } from './credential-plan';

/**
 * Takes the next number of a licence's pattern; concurrent approvals each get their own number.
 */
export async function nextCredentialNumber(
  tx: Tx,
  enterpriseId: string,
  autonumberId: string,
): Promise<string> {
  const number = await takeAutonumber(tx, enterpriseId, autonumberId);
  if (!number) throw badRequest({ autonumber_id: 'The number pattern of this licence no longer exists.' });
  return number;
}

type Request = typeof licenseRequests.$inferSelect;
type Certification = typeof certifications.$inferSelect;

/**
 * Applies the credential steps of an approval's plan (`planCredentials`, the same plan the decision
 * preview shows): inserts the credentials issued (numbered now), extends the ones renewed and makes
 * the superseded ones inactive. Answers the credentials issued or extended, and the superseded ones.
 */
export async function applyCredentialPlan(
  tx: Tx,
  enterpriseId: string,
  request: Request,
  plan: CredentialPlan,
): Promise<{ issued: Certification[]; superseded: { before: Certification; after: Certification }[] }> {
  const issued: Certification[] = [];
  const superseded: { before: Certification; after: Certification }[] = [];
  const now = new Date();
  const mine = (id: string) =>
    and(
      eq(certifications.enterprise_id, enterpriseId),
      eq(certifications.id, id),
      isNull(certifications.deleted_at),
    );
  for (const { write } of plan.steps) {
    if (write.kind === 'none') continue;
    if (write.kind === 'inactivate') {
      const [before] = await tx.select().from(certifications).where(mine(write.id));
      const [after] = await tx
        .update(certifications)
        .set({ status: 'inactive', updated_at: now })
        .where(mine(write.id))
        .returning();
      if (before && after) superseded.push({ before, after });
      continue;
    }
    const values = {
      license_category_level_id: write.levelId,
      license_category_id: write.categoryId,
      license_request_id: request.id,
      certification_status_id: write.statusId,
      status: 'active' as const,
      expiration_date: write.expiration,
      updated_at: now,
    };
    let saved: Certification | undefined;
    if (write.kind === 'extend') {
      [saved] = await tx.update(certifications).set(values).where(mine(write.id)).returning();
    } else {
      if (!plan.autonumberId)
        throw badRequest({ autonumber_id: `${plan.licenseName} has no number pattern for its credentials.` });
      const number = await nextCredentialNumber(tx, enterpriseId, plan.autonumberId);
      [saved] = await tx
        .insert(certifications)
        .values({
          ...values,
          user_id: request.user_id,
          service_id: request.service_id,
          vehicle_id: request.vehicle_id,
          enterprise_id: enterpriseId,
          license_id: request.license_id,
          number,
          issue_date: write.issueDate,
        })
        .returning();
    }
    if (!saved) throw new Error('credential not saved');
    issued.push(saved);
  }
  return { issued, superseded };
}
