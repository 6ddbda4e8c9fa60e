import {
  discardAttachmentBody,
  type ScreeningAttachment,
  screeningAttachment,
  screeningParams,
} from '@licensure/contracts';
import { complaints, type Db, documents, type Tx } from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { presentDocument } from '../../platform/files/documents';
import { notFound } from '../../platform/http/errors';
import { idParams } from '../../platform/resources/register';

const tags = ['complaints'];

async function liveComplaint(db: Db | Tx, enterpriseId: string, id: string) {
  const [c] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(eq(complaints.id, id), eq(complaints.enterprise_id, enterpriseId), isNull(complaints.deleted_at)),
    );
  if (!c) throw notFound('complaint');
  return c;
}

/** The files of a complaint's public filing that wait for screening: name, type and size only. */
export async function attachmentsAwaitingScreening(
  db: Db,
  request: FastifyRequest,
  complaintId: string,
): Promise<ScreeningAttachment[]> {
  await liveComplaint(db, request.enterpriseId, complaintId);
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.enterprise_id, request.enterpriseId),
        eq(documents.complaint_id, complaintId),
        eq(documents.screening, 'pending'),
        isNull(documents.deleted_at),
      ),
    )
    .orderBy(asc(documents.created_at), asc(documents.id));
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    mime_type: d.mime_type,
    size_bytes: d.size_bytes,
    received_at: d.created_at.toISOString(),
  }));
}

/**
 * Releases a waiting file to the complaint's documents, or discards it (marked deleted, the reason in
 * the change log; the stored file is kept for the audit trail, as deleted documents' are). Either is
 * recorded in the change log with who screened it and when; a file that no longer waits is a 404.
 */
export async function screenAttachment(
  db: Db,
  request: FastifyRequest,
  params: { id: string; documentId: string },
  decision: { release: true } | { release: false; reason: string },
) {
  return db.transaction(async (tx) => {
    await liveComplaint(tx, request.enterpriseId, params.id);
    const [before] = await tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, params.documentId),
          eq(documents.enterprise_id, request.enterpriseId),
          eq(documents.complaint_id, params.id),
          eq(documents.screening, 'pending'),
          isNull(documents.deleted_at),
        ),
      )
      .for('update');
    if (!before) throw notFound('file awaiting screening');
    const now = new Date();
    const [after] = await tx
      .update(documents)
      .set({
        screening: decision.release ? 'released' : 'discarded',
        screened_by: request.auth?.userId ?? null,
        screened_at: now,
        deleted_at: decision.release ? null : now,
        updated_at: now,
      })
      .where(eq(documents.id, before.id))
      .returning();
    if (!after) throw new Error('document update returned nothing');
    const state = (d: typeof after) => ({
      ...presentDocument(d),
      screening: d.screening,
      screened_by: d.screened_by,
      screened_at: d.screened_at?.toISOString() ?? null,
      deleted_at: d.deleted_at?.toISOString() ?? null,
    });
    await recordChange(tx, actorOf(request), {
      entity: 'documents',
      objectId: after.id,
      action: decision.release ? 'update' : 'delete',
      before: state(before),
      after: decision.release ? state(after) : { ...state(after), delete_reason: decision.reason },
    });
    return after;
  });
}

/** Screening the files of the public complaint form: listed to complaint readers, decided by writers. */
export async function screeningRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/Complaints/:id/attachments/screening', {
    config: { access: 'complaints.read' },
    schema: {
      tags,
      summary:
        'The files of a public filing that wait for screening (name, type, size; their content is served to nobody until released)',
      params: idParams,
      response: { 200: z.array(screeningAttachment) },
    },
    handler: (request) => attachmentsAwaitingScreening(db, request, request.params.id),
  });

  r.post('/api/Complaints/:id/attachments/:documentId/release', {
    config: { access: 'complaints.write' },
    schema: {
      tags,
      summary: 'Release a screened file of a public filing to the complaint’s documents (change log)',
      params: screeningParams,
      response: { 200: z.object({ released: z.literal(true) }) },
    },
    handler: async (request) => {
      await screenAttachment(db, request, request.params, { release: true });
      return { released: true as const };
    },
  });

  r.post('/api/Complaints/:id/attachments/:documentId/discard', {
    config: { access: 'complaints.write' },
    schema: {
      tags,
      summary:
        'Discard a file of a public filing without opening it: marked deleted, the reason in the change log',
      params: screeningParams,
      body: discardAttachmentBody,
      response: { 200: z.object({ discarded: z.literal(true) }) },
    },
    handler: async (request) => {
      await screenAttachment(db, request, request.params, { release: false, reason: request.body.reason });
      return { discarded: true as const };
    },
  });
}
