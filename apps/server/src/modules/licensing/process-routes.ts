import { listQuery, listResponse } from '@licensure/contracts';
import { processes, processStatuses, referenceTables } from '@licensure/db';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { registerSimpleCrud } from '../registry/simple-crud';

const tags = ['licensing'];
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The process type of application review processes (the spec's fixed application process type). */
export const applicationProcessType = 'application';

const processInput = z.object({
  label: z.string().trim().min(1, 'label is required').max(200),
  code: optionalText(64),
  process_type: optionalText(64),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(100_000).default(0),
});

const processStatusInput = z.object({
  process_id: z.uuid({ message: 'process_id must be a valid id' }),
  label: z.string().trim().min(1, 'label is required').max(200),
  code: optionalText(64),
  is_final: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(100_000).default(0),
});

const statusListQuery = listQuery.extend({
  ProcessID: z.uuid({ message: 'ProcessID must be a valid id' }).optional(),
  process_id: z.uuid({ message: 'process_id must be a valid id' }).optional(),
  license_id: z.uuid({ message: 'license_id must be a valid id' }).optional(),
  licenseID: z.uuid({ message: 'licenseID must be a valid id' }).optional(),
});

const statusRow = z.object({
  id: z.uuid(),
  process_id: z.uuid(),
  process_label: z.string(),
  label: z.string(),
  code: z.string().nullable(),
  is_final: z.boolean(),
  active: z.boolean(),
  sort_order: z.number().int(),
});

/** Review processes (Process) and their statuses (processstatuses). */
export async function processRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerSimpleCrud(app, {
    path: 'Process',
    entity: 'processes',
    wrapper: 'process',
    singular: 'process',
    table: processes,
    input: processInput,
    filters: { process_type: 'process_type', processType: 'process_type' },
    searchable: ['label', 'code'],
    sortable: ['label', 'sort_order', 'created_at', 'updated_at'],
    defaultSort: 'sort_order',
    read: 'licensing.read',
    write: 'licensing.write',
    tags,
    validate: async () => undefined,
  });

  registerSimpleCrud(app, {
    path: 'processstatuses',
    entity: 'process_statuses',
    wrapper: 'process_status',
    singular: 'process status',
    table: processStatuses,
    input: processStatusInput,
    filters: {},
    searchable: ['label'],
    sortable: ['label', 'sort_order'],
    defaultSort: 'sort_order',
    read: 'licensing.read',
    write: 'licensing.write',
    tags,
    list: false,
    async validate(tx, request, input) {
      const [p] = await tx
        .select({ id: processes.id })
        .from(processes)
        .where(and(eq(processes.id, input.process_id), eq(processes.enterprise_id, request.enterpriseId)));
      if (!p) throw badRequest({ process_id: 'There is no such process.' });
      return undefined;
    },
  });

  r.get('/api/processstatuses', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary:
        'List process statuses: of a process (ProcessID), or of the processes of a licence (license_id)',
      querystring: statusListQuery,
      response: { 200: listResponse(statusRow) },
    },
    handler: async (request) => {
      const q = request.query;
      const conditions: (SQL | undefined)[] = [eq(processStatuses.enterprise_id, request.enterpriseId)];
      const processId = q.ProcessID ?? q.process_id;
      if (processId) conditions.push(eq(processStatuses.process_id, processId));
      const licenseId = q.license_id ?? q.licenseID;
      if (licenseId) {
        const links = referenceTables.process_licenses;
        conditions.push(
          inArray(
            processStatuses.process_id,
            db.select({ id: links.process_id }).from(links).where(eq(links.license_id, licenseId)),
          ),
        );
      }
      if (q.search?.trim()) conditions.push(ilike(processStatuses.label, likeContains(q.search.trim())));
      const where = and(...conditions);
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: processStatuses.id,
            process_id: processStatuses.process_id,
            process_label: processes.label,
            label: processStatuses.label,
            code: processStatuses.code,
            is_final: processStatuses.is_final,
            active: processStatuses.active,
            sort_order: processStatuses.sort_order,
          })
          .from(processStatuses)
          .innerJoin(processes, eq(processes.id, processStatuses.process_id))
          .where(where)
          .orderBy(
            asc(processes.sort_order),
            asc(processes.label),
            asc(processStatuses.sort_order),
            asc(processStatuses.id),
          )
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ n: countAll }).from(processStatuses).where(where),
      ]);
      return { items, total: count?.n ?? 0, currentPage: q.currentPage, numPerPage: q.numPerPage };
    },
  });
}
