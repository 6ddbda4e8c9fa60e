import type { OfflineChange, SyncResult } from '@licensure/contracts';
import { ipChecklists, ipCheckoutLogs, ipComments, ipInspections } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors';
import type { Row } from '../../platform/resources/types';
import type { createWriter } from '../../platform/resources/write';
import { saveChecklistAnswers } from './checklist-answers';
import { expandInspections } from './inspection-values';
import { checklistResource, inspectionResource } from './inspections.resources';
import { submitInspection } from './submit-inspection';

type Writer = ReturnType<typeof createWriter>;
interface Writers {
  visits: Writer;
  inspections: Writer;
  checklists: Writer;
  comments: Writer;
}

const blank = {
  id: null,
  message: null,
  fields: null,
  version: null,
  server_inspection: null,
  server_checklist: null,
};

/** The updated_at a record has now, sent back so that the device's later changes start from it. */
async function versionOf(request: FastifyRequest, kind: 'inspection' | 'checklist', id: string) {
  const db = request.server.deps.database.db;
  const [row] =
    kind === 'inspection'
      ? await db.select({ at: ipInspections.updated_at }).from(ipInspections).where(eq(ipInspections.id, id))
      : await db.select({ at: ipChecklists.updated_at }).from(ipChecklists).where(eq(ipChecklists.id, id));
  return row ? row.at.toISOString() : null;
}
const norm = (v: unknown) => (v === undefined || v === '' ? null : v);
const sameTime = (a: unknown, b: unknown) =>
  typeof a === 'string' && b instanceof Date && new Date(a).getTime() === b.getTime();

/** Whether the server already holds what the change says (a change replayed after its answer was lost). */
function alreadyHolds(change: Row, server: Row): boolean {
  for (const [k, v] of Object.entries(change)) {
    if (k === 'updated_at' || k === 'fees' || k === 'signature' || k === 'client_id') continue;
    if (k === 'deficiencies') {
      const mine = (v as Row[]).map((d) => `${norm(d.client_id)}|${d.description}|${norm(d.corrected_on)}`);
      const theirs = (server.deficiencies as Row[]).map(
        (d) => `${norm(d.client_id)}|${d.description}|${norm(d.corrected_on)}`,
      );
      if (mine.join('\n') !== theirs.join('\n')) return false;
    } else if (norm(v) !== norm(server[k])) return false;
  }
  return true;
}

/** An open checkout of the visit held by someone else (the visit was taken over), or null. */
async function heldByOther(request: FastifyRequest, visitId: string) {
  const [open] = await request.server.deps.database.db
    .select({ user_id: ipCheckoutLogs.user_id })
    .from(ipCheckoutLogs)
    .where(and(eq(ipCheckoutLogs.visit_id, visitId), isNull(ipCheckoutLogs.checked_in_at)));
  return open && open.user_id !== request.auth?.userId ? open.user_id : null;
}

async function inspectionChange(
  w: Writers,
  request: FastifyRequest,
  visitId: string,
  c: Extract<OfflineChange, { kind: 'inspection' }>,
): Promise<SyncResult> {
  const db = request.server.deps.database.db;
  const [row] = await db
    .select()
    .from(ipInspections)
    .where(
      and(
        eq(ipInspections.id, c.inspection_id),
        eq(ipInspections.enterprise_id, request.enterpriseId),
        eq(ipInspections.visit_id, visitId),
        isNull(ipInspections.deleted_at),
      ),
    );
  if (!row)
    return { ...blank, op_id: c.op_id, status: 'error', message: 'The inspection is not one of this visit.' };
  const loaded = await w.inspections.load(db, request, row.id);
  const server = inspectionResource.present!((await expandInspections([loaded], db))[0] as Row) as Row;
  const result = { ...blank, op_id: c.op_id, id: row.id };
  const holds = alreadyHolds(c.inspection as Row, server) && (!c.submit || row.submitted);
  if (holds) return { ...result, status: 'unchanged', version: row.updated_at.toISOString() };
  if (row.submitted || !sameTime(c.base_updated_at, row.updated_at))
    return {
      ...result,
      status: 'conflict',
      message: row.submitted
        ? 'The inspection was submitted meanwhile.'
        : 'The inspection was changed on the server since the visit was checked out.',
      server_inspection: server as SyncResult['server_inspection'],
    };
  await w.inspections.update(request, row.id, { ...c.inspection, updated_at: c.base_updated_at });
  if (c.submit) await submitInspection(w.inspections, request, row.id, { handleChecklist: true });
  return { ...result, status: 'applied', version: await versionOf(request, 'inspection', row.id) };
}

async function checklistChange(
  w: Writers,
  request: FastifyRequest,
  c: Extract<OfflineChange, { kind: 'checklist' }>,
): Promise<SyncResult> {
  const db = request.server.deps.database.db;
  const [row] = await db
    .select()
    .from(ipChecklists)
    .where(
      and(
        eq(ipChecklists.enterprise_id, request.enterpriseId),
        eq(ipChecklists.client_id, c.checklist.client_id),
        isNull(ipChecklists.deleted_at),
      ),
    );
  const answered = async (id: string) => {
    if (c.answers?.length) await saveChecklistAnswers(request, id, c.answers);
    return id;
  };
  if (!row) {
    const id = await answered(await w.checklists.create(request, c.checklist));
    return {
      ...blank,
      op_id: c.op_id,
      status: 'applied',
      id,
      version: await versionOf(request, 'checklist', id),
    };
  }
  const server = checklistResource.present!(row as Row) as Row;
  const result = { ...blank, op_id: c.op_id, id: row.id };
  if (alreadyHolds(c.checklist as Row, server)) {
    // The answers are merged over the stored ones, so sending them again changes nothing.
    await answered(row.id);
    return { ...result, status: 'unchanged', version: row.updated_at.toISOString() };
  }
  if (c.base_updated_at && !sameTime(c.base_updated_at, row.updated_at))
    return {
      ...result,
      status: 'conflict',
      message: 'The checklist was changed on the server since the visit was checked out.',
      server_checklist: server as SyncResult['server_checklist'],
    };
  await w.checklists.update(request, row.id, c.checklist);
  await answered(row.id);
  return { ...result, status: 'applied', version: await versionOf(request, 'checklist', row.id) };
}

/**
 * A comment written offline: added under the id the device gave it, so a replay finds it and adds
 * nothing. Comments are only ever added, so they never conflict.
 */
async function commentChange(
  w: Writers,
  request: FastifyRequest,
  visitId: string,
  c: Extract<OfflineChange, { kind: 'comment' }>,
): Promise<SyncResult> {
  const db = request.server.deps.database.db;
  const result = { ...blank, op_id: c.op_id, id: c.comment_id };
  const [inspection] = await db
    .select({ id: ipInspections.id })
    .from(ipInspections)
    .where(
      and(
        eq(ipInspections.id, c.comment.inspection_id),
        eq(ipInspections.enterprise_id, request.enterpriseId),
        eq(ipInspections.visit_id, visitId),
        isNull(ipInspections.deleted_at),
      ),
    );
  if (!inspection) return { ...result, status: 'error', message: 'The inspection is not one of this visit.' };
  const [stored] = await db
    .select({ inspection_id: ipComments.inspection_id, updated_at: ipComments.updated_at })
    .from(ipComments)
    .where(eq(ipComments.id, c.comment_id));
  if (stored)
    return stored.inspection_id === inspection.id
      ? { ...result, status: 'unchanged', version: stored.updated_at.toISOString() }
      : { ...result, status: 'error', message: 'comment_id names a comment of another inspection.' };
  await w.comments.create(request, c.comment, { id: c.comment_id });
  return { ...result, status: 'applied' };
}

/**
 * POST IPVisits/{id}/sync: the changes made offline, applied in the order they were made, each on its
 * own. A change the server already holds (replayed) is `unchanged`; one made on a version the server
 * no longer has, or on a visit another inspector took over, is a `conflict` carrying the server's
 * record, never applied over it; a refused one is an `error` with the reason. The rest are `applied`.
 */
export async function syncVisit(
  w: Writers,
  request: FastifyRequest,
  visitId: string,
  changes: OfflineChange[],
) {
  const db = request.server.deps.database.db;
  await w.visits.load(db, request, visitId);
  const holder = await heldByOther(request, visitId);
  const results: SyncResult[] = [];
  for (const c of changes) {
    if (holder) {
      results.push({
        ...blank,
        op_id: c.op_id,
        status: 'conflict',
        message:
          'Another inspector has this visit checked out (it was taken over, or never checked out to you): your changes were not applied.',
      });
      continue;
    }
    try {
      results.push(
        c.kind === 'inspection'
          ? await inspectionChange(w, request, visitId, c)
          : c.kind === 'comment'
            ? await commentChange(w, request, visitId, c)
            : await checklistChange(w, request, c),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        ...blank,
        op_id: c.op_id,
        status: err.code === 'conflict' ? 'conflict' : 'error',
        message: err.message,
        fields: err.fields ?? null,
      });
    }
  }
  return { results };
}
