import { requestMessages } from '@licensure/contracts';
import { referenceTables, type Tx } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError } from '../../platform/http/errors';
import { applyDecision } from './decide-request';
import { decide, effectiveState } from './decisions';
import { issueCredentials } from './issue';
import { visibleRequest } from './request-access';
import type { CalendarDate } from './rules/relative-date';

/** Cents as dollars for a message: 6000 → "$60.00". */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What the request still owes: the sum of its unpaid charges, in cents. */
export async function unpaidCents(tx: Tx, requestId: string): Promise<number> {
  const charges = referenceTables.license_request_charges;
  const [row] = await tx
    .select({ n: sql<number>`cast(coalesce(sum(${charges.amount_cents}), 0) as integer)` })
    .from(charges)
    .where(and(eq(charges.license_request_id, requestId), eq(charges.paid, false)));
  return row?.n ?? 0;
}

/**
 * Approves a request awaiting review: issues or renews its credentials. With fees unpaid the reviewer
 * must acknowledge it (acknowledgeUnpaidFees), and the history says the request was approved unpaid.
 */
export async function approveRequest(
  tx: Tx,
  request: FastifyRequest,
  input: { licenseRequestID: string; note?: string | null; acknowledgeUnpaidFees?: boolean },
  today: CalendarDate,
) {
  const req = await visibleRequest(tx, request.auth, request.enterpriseId, input.licenseRequestID, {
    lock: true,
  });
  const check = decide(effectiveState(req), 'approve', req.progress);
  if (!check.ok) throw new AppError('conflict', check.message);
  const unpaid = await unpaidCents(tx, req.id);
  if (unpaid > 0 && !input.acknowledgeUnpaidFees)
    throw new AppError('conflict', requestMessages.unpaidFees(dollars(unpaid)), {
      acknowledgeUnpaidFees: requestMessages.unpaidFees(dollars(unpaid)),
    });
  const issued = await issueCredentials(tx, request.enterpriseId, req, today);
  for (const c of issued)
    await recordEvent(tx, {
      enterpriseId: request.enterpriseId,
      name: 'certification.issued',
      entity: 'certifications',
      objectId: c.id,
      actorId: request.auth?.userId ?? null,
      payload: { licenseRequestId: req.id, number: c.number, expirationDate: c.expiration_date },
    });
  const after = await applyDecision(tx, request, req, 'approve', {
    note: [
      input.note,
      `Issued ${issued.map((c) => `${c.number} (expires ${c.expiration_date})`).join(', ')}`,
      unpaid > 0 ? `Approved with fees unpaid (${dollars(unpaid)})` : null,
    ]
      .filter(Boolean)
      .join(' — '),
    details: unpaid > 0 ? { unpaid_cents: unpaid } : null,
  });
  await recordChange(tx, actorOf(request), {
    entity: 'certifications',
    objectId: req.id,
    action: 'create',
    after: issued,
  });
  return after;
}
