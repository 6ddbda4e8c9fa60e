import { randomInt } from 'node:crypto';
import type { CeAuditInput } from '@licensure/contracts';
import { Events } from '@licensure/contracts';
import { ceAuditMembers, ceAudits } from '@licensure/db';
import { badRequest } from '../../platform/http/errors';
import { defineOperation } from '../../platform/resources/operation';
import { drawSample, renewedLicensees, sampleSize } from './ce-audit-population';

const fairRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * Draws a CE audit: a random `percentage` of the licensees renewed in the window (rounded up), each
 * asked to prove their hours by the due date (`ceAudit.requested` per person, for letters and the
 * portal). A window with nobody renewed is refused, so no empty audit is kept.
 */
export const drawCeAudit = defineOperation({
  async run({ tx, request, enterpriseId }, input: CeAuditInput) {
    const population = await renewedLicensees(tx, enterpriseId, input.renewed_from, input.renewed_to);
    if (population.length === 0)
      throw badRequest({ renewed_from: 'Nobody was renewed between these dates: there is no one to audit.' });
    const sample = drawSample(population, sampleSize(population.length, input.percentage), fairRandom);
    const [audit] = await tx
      .insert(ceAudits)
      .values({ ...input, enterprise_id: enterpriseId, drawn_by: request.auth?.userId ?? null })
      .returning();
    if (!audit) throw new Error('CE audit insert returned nothing');
    const members = await tx
      .insert(ceAuditMembers)
      .values(sample.map((s) => ({ ...s, enterprise_id: enterpriseId, ce_audit_id: audit.id })))
      .returning();
    return {
      result: audit.id,
      changes: [
        {
          entity: 'ce_audits',
          objectId: audit.id,
          action: 'create',
          after: { ...audit, sampled: members.map((m) => m.user_id) },
        },
      ],
      events: members.map((m) => ({
        enterpriseId,
        name: Events.ceAuditRequested,
        entity: 'ce_audit_members' as const,
        objectId: m.id,
        payload: { user_id: m.user_id, due_date: audit.due_date },
      })),
    };
  },
});
