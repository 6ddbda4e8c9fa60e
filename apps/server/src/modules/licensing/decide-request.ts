import { documents, fbResponses, licenseRequests, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest } from '../../platform/http/errors';
import { type Decision, decide, effectiveState } from './decisions';
import { history, statusByCode } from './request-store';

type RequestRow = typeof licenseRequests.$inferSelect;

export interface DecisionEntry {
  /** The reason, message or answer, as the applicant reads it (decisions are never internal). */
  note?: string | null;
  details?: Record<string, unknown> | null;
}

/** The licence's request status for the new state: the first configured code that matches, else unchanged. */
async function statusFor(tx: Tx, row: RequestRow, codes: readonly string[]): Promise<string | null> {
  for (const code of codes) {
    const id = await statusByCode(tx, row.license_id, code);
    if (id) return id;
  }
  return row.status_id;
}

/**
 * Applies one decision to a request (locked by the caller): checks the transition, moves the review
 * state, progress and the licence's request status, records the history entry (which is also the
 * `request.*` domain event) and the change log. A conflict (409) when the request is in another state.
 */
export async function applyDecision(
  tx: Tx,
  request: FastifyRequest,
  row: RequestRow,
  decision: Decision,
  entry: DecisionEntry = {},
): Promise<RequestRow> {
  const result = decide(effectiveState(row), decision, row.progress);
  if (!result.ok) throw new AppError('conflict', result.message);
  const now = new Date();
  const [after] = await tx
    .update(licenseRequests)
    .set({
      review_state: result.to,
      progress: result.progress,
      status_id: await statusFor(tx, row, result.transition.statusCodes),
      ...(decision === 'submit' ? { completed_on: now } : {}),
      // A final decision ends the checkout: the request leaves the reviewer's list.
      ...(['approved', 'denied', 'withdrawn'].includes(result.to)
        ? { assigned_to: null, assigned_at: null }
        : {}),
      updated_at: now,
    })
    .where(eq(licenseRequests.id, row.id))
    .returning();
  if (!after) throw new Error('request update returned nothing');
  await history(tx, request, row.id, {
    kind: result.transition.kind,
    license_request_status_id: after.status_id,
    note: entry.note ?? null,
    details: entry.details ?? null,
  });
  await recordChange(tx, actorOf(request), {
    entity: 'license_requests',
    objectId: row.id,
    action: 'update',
    before: row,
    after,
  });
  return after;
}

/** Reopens the request's submitted responses to these forms (all of them when none is named). */
export async function reopenForms(
  tx: Tx,
  request: FastifyRequest,
  requestId: string,
  formIds: readonly string[],
): Promise<void> {
  const reopened = await tx
    .update(fbResponses)
    .set({ progress: 1, completed_on: null, updated_at: new Date() })
    .where(
      and(
        eq(fbResponses.license_request_id, requestId),
        eq(fbResponses.progress, 2),
        formIds.length ? inArray(fbResponses.form_id, [...formIds]) : undefined,
      ),
    )
    .returning({ id: fbResponses.id, form_id: fbResponses.form_id });
  for (const r of reopened)
    await recordChange(tx, actorOf(request), {
      entity: 'fb_responses',
      objectId: r.id,
      action: 'update',
      after: { progress: 1, completed_on: null, reason: 'returned for corrections' },
    });
}

/**
 * The document an applicant answers a request for information with: one they uploaded (or held by the
 * request's person), filed under the request. 400 naming document_id otherwise.
 */
export async function attachAnswerDocument(
  tx: Tx,
  request: FastifyRequest,
  row: RequestRow,
  documentId: string,
): Promise<{ id: string; name: string }> {
  const caller = request.auth!.userId;
  const [document] = await tx
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.enterprise_id, request.enterpriseId),
        isNull(documents.deleted_at),
        or(eq(documents.uploaded_by, caller), row.user_id ? eq(documents.user_id, row.user_id) : undefined),
      ),
    );
  if (!document) throw badRequest({ document_id: 'There is no such document of yours.' });
  await tx
    .update(documents)
    .set({ data_object: 'license_requests', data_object_id: row.id, updated_at: new Date() })
    .where(eq(documents.id, document.id));
  await recordChange(tx, actorOf(request), {
    entity: 'documents',
    objectId: document.id,
    action: 'update',
    after: { data_object: 'license_requests', data_object_id: row.id },
  });
  return document;
}

/** A staff note on a request: internal (staff only, possibly a concern) unless sent to the applicant as a message. */
export async function addNote(
  tx: Tx,
  request: FastifyRequest,
  row: RequestRow,
  note: string,
  toApplicant: boolean,
  concern = false,
): Promise<RequestRow> {
  const kind = toApplicant ? 'message' : 'note';
  // Only an internal note can be a concern: a message to the applicant is not one.
  await history(tx, request, row.id, {
    kind,
    internal: !toApplicant,
    note,
    concern: !toApplicant && concern,
  });
  const [after] = await tx
    .update(licenseRequests)
    .set({ updated_at: new Date() })
    .where(eq(licenseRequests.id, row.id))
    .returning();
  await recordChange(tx, actorOf(request), {
    entity: 'license_request_history',
    objectId: row.id,
    action: 'create',
    after: { kind, internal: !toApplicant, concern: !toApplicant && concern },
  });
  return after ?? row;
}
