import { Events, requestMessages } from '@licensure/contracts';
import type { Tx } from '@licensure/db';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest } from '../../platform/http/errors';
import { applyDecision } from './decide-request';
import { effectWords, planDecision } from './decision-plan';
import { applyCredentialPlan } from './issue';
import { visibleRequest } from './request-access';
import { history } from './request-store';
import type { CalendarDate } from './rules/relative-date';

/** Cents as dollars for a message: 6000 → "$60.00". */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Approves a request awaiting review by applying the plan its decision preview shows (`planDecision`):
 * the credentials issued, extended or superseded by the licence's rule, nothing else. With fees unpaid
 * the reviewer must acknowledge it (acknowledgeUnpaidFees); with required processes failed or missing
 * the approval is refused (409 naming them) unless a holder of requests.override gives a reason. The
 * history says what changed, and why it was approved unpaid or over blocked processes.
 */
export async function approveRequest(
  tx: Tx,
  request: FastifyRequest,
  input: {
    licenseRequestID: string;
    note?: string | null;
    acknowledgeUnpaidFees?: boolean;
    override_reason?: string;
  },
  today: CalendarDate,
) {
  const req = await visibleRequest(tx, request.auth, request.enterpriseId, input.licenseRequestID, {
    lock: true,
  });
  const plan = await planDecision(tx, request.auth, request.enterpriseId, req, 'approve', today);
  const { preview } = plan;
  if (preview.state_after !== 'approved')
    throw new AppError('conflict', preview.refusal ?? requestMessages.notReviewable);
  if (Object.keys(plan.problems).length > 0) throw badRequest(plan.problems);
  const unpaid = preview.unpaid_cents;
  if (unpaid > 0 && !input.acknowledgeUnpaidFees)
    throw new AppError('conflict', requestMessages.unpaidFees(dollars(unpaid)), {
      acknowledgeUnpaidFees: requestMessages.unpaidFees(dollars(unpaid)),
    });
  const override = preview.blocked ? input.override_reason?.trim() : undefined;
  if (preview.blocked && !override) {
    const message = requestMessages.processesBlock(preview.blockers.join('; '));
    throw new AppError('conflict', message, { override_reason: message });
  }
  if (preview.blocked && !preview.may_override)
    throw new AppError('forbidden', requestMessages.overrideNotAllowed);
  const { issued, superseded } = await applyCredentialPlan(tx, request.enterpriseId, req, plan.credentials);
  for (const c of issued)
    await recordEvent(tx, {
      enterpriseId: request.enterpriseId,
      name: Events.certificationIssued,
      entity: 'certifications',
      objectId: c.id,
      actorId: request.auth?.userId ?? null,
      payload: { licenseRequestId: req.id, number: c.number, expirationDate: c.expiration_date },
    });
  const effects = effectWords(plan, new Map(issued.map((c) => [c.license_category_level_id, c.number])));
  const after = await applyDecision(tx, request, req, 'approve', {
    note: [
      input.note,
      issued.length
        ? `Issued ${issued.map((c) => `${c.number} (expires ${c.expiration_date})`).join(', ')}`
        : null,
      unpaid > 0 ? `Approved with fees unpaid (${dollars(unpaid)})` : null,
    ]
      .filter(Boolean)
      .join(' — '),
    details: { effects, ...(unpaid > 0 ? { unpaid_cents: unpaid } : {}) },
  });
  // The override and what it overrode are staff's: an internal note, never in what the applicant reads.
  if (override)
    await history(tx, request, req.id, {
      kind: 'note',
      internal: true,
      note: `Approved over ${preview.blockers.join('; ')}: ${override}`,
      details: { override: { reason: override, blockers: preview.blockers } },
    });
  await recordChange(tx, actorOf(request), {
    entity: 'certifications',
    objectId: req.id,
    action: 'create',
    after: issued,
  });
  for (const s of superseded)
    await recordChange(tx, actorOf(request), {
      entity: 'certifications',
      objectId: s.after.id,
      action: 'update',
      before: s.before,
      after: { ...s.after, reason: `superseded by request ${req.id}` },
    });
  return after;
}
