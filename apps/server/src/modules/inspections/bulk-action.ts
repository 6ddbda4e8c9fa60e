import type { inspectionBulkBody } from '@licensure/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';

type Writer = ReturnType<typeof createWriter>;
const field = { status: 'ip_status_id', inspector: 'inspector_id', outcome: 'outcome' } as const;

/**
 * IPInspections/bulkAction: set the status (value: a status), the inspector (value: a person, or none)
 * or the outcome (value: one of each inspection's result set) of many inspections, each through the
 * engine's write path.
 */
export async function inspectionBulkAction(
  writer: Writer,
  request: FastifyRequest,
  body: z.infer<typeof inspectionBulkBody>,
): Promise<number> {
  const value = body.value ?? null;
  if (body.code !== 'inspector' && !value) throw badRequest({ value: `Choose the ${body.code} to set.` });
  if ((body.code === 'status' || body.code === 'inspector') && value && !z.uuid().safeParse(value).success)
    throw badRequest({ value: 'value must be a valid id' });
  return writer.batch(
    request,
    {
      route: 'bulkAction',
      ids: 'inspectionIDs',
      value: 'value',
      field: field[body.code],
      schema: z.unknown(),
    },
    body.inspectionIDs,
    value,
  );
}
