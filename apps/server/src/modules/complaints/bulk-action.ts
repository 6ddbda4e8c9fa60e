import type { ComplaintBulkBody } from '@licensure/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';
import { firstClosedStatusId, statusCloses } from './complaint-number';

type Writer = ReturnType<typeof createWriter>;

/**
 * Complaints/bulkAction: assign (value: a staff member, or none to unassign), change status (value: a
 * status) or close (value: a closing status, or the first one) many complaints, each through the
 * engine's write path (change log, status events).
 */
export async function complaintBulkAction(
  writer: Writer,
  request: FastifyRequest,
  body: ComplaintBulkBody,
): Promise<number> {
  const db = request.server.deps.database.db;
  let field = 'complaint_status_id';
  let value = body.value ?? null;
  if (body.code === 'assign') field = 'assigned_to';
  else if (body.code === 'status') {
    if (!value) throw badRequest({ value: 'Choose the status to set.' });
  } else {
    value = value ?? (await firstClosedStatusId(db, request.enterpriseId));
    if (!value || !(await statusCloses(db, request.enterpriseId, value)))
      throw badRequest({ value: 'Closing needs a status that closes complaints.' });
  }
  return writer.batch(
    request,
    { route: 'bulkAction', ids: 'complaintIDs', value: 'value', field, schema: z.unknown() },
    body.complaintIDs,
    value,
  );
}
