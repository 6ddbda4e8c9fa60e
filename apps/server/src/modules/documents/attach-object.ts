import type { createDocumentObjectBody } from '@licensure/contracts';
import {
  complaints,
  type Db,
  documents,
  fbResponses,
  investigations,
  ipInspections,
  licenseRequests,
  services,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { type DocumentRow, presentDocument } from '../../platform/files/documents';
import { badRequest } from '../../platform/http/errors';
import { loadDocument, lockedConflict } from './load-document';

type Body = z.infer<typeof createDocumentObjectBody>;
type Kind = Body['data_object'];

/** The table of each kind's records: the id must name one of the enterprise (every kind has one). */
const tableOf: Record<Kind, { table: PgTable; id: PgColumn; enterprise: PgColumn }> = {
  user: { table: users, id: users.id, enterprise: users.enterprise_id },
  service: { table: services, id: services.id, enterprise: services.enterprise_id },
  vehicle: { table: vehicles, id: vehicles.id, enterprise: vehicles.enterprise_id },
  license_request: {
    table: licenseRequests,
    id: licenseRequests.id,
    enterprise: licenseRequests.enterprise_id,
  },
  response: { table: fbResponses, id: fbResponses.id, enterprise: fbResponses.enterprise_id },
  investigation: {
    table: investigations,
    id: investigations.id,
    enterprise: investigations.enterprise_id,
  },
  // Were stored as sent (and in the document's inspection_id / complaint_id): any id was taken.
  inspection: { table: ipInspections, id: ipInspections.id, enterprise: ipInspections.enterprise_id },
  complaint: { table: complaints, id: complaints.id, enterprise: complaints.enterprise_id },
};

/** The document column that also names the record, for the kinds that have one. */
const columnOf: Partial<Record<Kind, 'service_id' | 'vehicle_id' | 'inspection_id' | 'complaint_id'>> = {
  service: 'service_id',
  vehicle: 'vehicle_id',
  inspection: 'inspection_id',
  complaint: 'complaint_id',
};

async function requireRecord(db: Db | Tx, enterpriseId: string, kind: Kind, id: string, field = 'value') {
  const t = tableOf[kind];
  const [found] = await db
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(t.id, id), eq(t.enterprise, enterpriseId)))
    .limit(1);
  if (!found) throw badRequest({ [field]: `There is no ${kind.replace('_', ' ')} ${id}.` });
}

/**
 * A `data_object_id` sent with a document's metadata names a record of the enterprise of the document's
 * kind (`data_object`, set by createDocumentObject): without a kind (a new document) or of a kind with
 * no table here, it names nothing and is refused, as a made-up id would be.
 */
export async function requireDataObject(
  db: Db | Tx,
  enterpriseId: string,
  kind: string | null,
  id: string,
): Promise<void> {
  if (kind && kind in tableOf) return requireRecord(db, enterpriseId, kind as Kind, id, 'data_object_id');
  throw badRequest({
    data_object_id: `There is no record ${id} of this document's kind: attach it with Documents/createDocumentObject.`,
  });
}

/** POST Documents/createDocumentObject: attaches a document to a record of a kind. */
export async function attachDocumentObject(
  app: FastifyInstance,
  request: FastifyRequest,
  body: Body,
): Promise<DocumentRow> {
  const { db } = app.deps.database;
  return db.transaction(async (tx) => {
    const before = await loadDocument(tx, request, body.documentID, { need: 'write' });
    if (before.locked) throw lockedConflict();
    await requireRecord(tx, request.enterpriseId, body.data_object, body.value);
    const column = columnOf[body.data_object];
    const [after] = await tx
      .update(documents)
      .set({
        data_object: body.data_object,
        data_object_id: body.value,
        ...(column ? { [column]: body.value } : {}),
        updated_at: new Date(),
      })
      .where(eq(documents.id, before.id))
      .returning();
    if (!after) throw new Error('document update returned nothing');
    await recordChange(tx, actorOf(request), {
      entity: 'documents',
      objectId: after.id,
      action: 'update',
      before: presentDocument(before),
      after: presentDocument(after),
    });
    return after;
  });
}
