import { Readable } from 'node:stream';
import { csvLine, requestQueueQuery } from '@licensure/contracts';
import { licenseRequests } from '@licensure/db';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueCsvCells, queueCsvHeader } from './queue-csv';
import { queueOrder, queueWhere } from './queue-query';
import { presentSummary, summaryFrom } from './request-store';

const BATCH = 500;
const exportQuery = requestQueueQuery.omit({ currentPage: true, numPerPage: true });

/** The review queue as CSV: every page of the current filter, streamed in batches. */
export async function queueExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/LicenseRequests/exportCsv', {
    config: { access: 'requests.read' },
    schema: {
      tags: ['licensing'],
      summary: 'The review queue (same filters and order, all pages) as CSV, streamed',
      querystring: exportQuery,
    },
    handler: async (request, reply) => {
      const q = { ...request.query, currentPage: 1, numPerPage: BATCH };
      const where = queueWhere(request.enterpriseId, request.auth!, q);
      const order = queueOrder(q);
      const now = new Date();
      async function* lines() {
        yield `\uFEFF${csvLine(queueCsvHeader)}`;
        for (let offset = 0; ; offset += BATCH) {
          const rows = await summaryFrom(db)
            .where(where)
            .orderBy(order, asc(licenseRequests.id))
            .limit(BATCH)
            .offset(offset);
          for (const row of rows) yield csvLine(queueCsvCells(presentSummary(row), now));
          if (rows.length < BATCH) return;
        }
      }
      const day = now.toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="licence-requests-${day}.csv"`)
        .send(Readable.from(lines()));
    },
  });
}
