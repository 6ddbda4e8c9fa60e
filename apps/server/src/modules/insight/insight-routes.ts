import {
  insightExportQuery,
  insightFigure,
  insightFigureParams,
  insightPeriodQuery,
  reviewerView as reviewerViewSchema,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { figureCsv, figureXlsx } from './export-figure';
import { computeFigure, periodOf } from './figures';
import { reviewerView } from './reviewer-view';

const tags = ['insight'];

/** The office dashboard's figures, their exports, and a reviewer's own view. */
export async function insightRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/insight/figures/:figure', {
    config: { access: 'insight.read' },
    schema: {
      tags,
      summary: 'One figure of the office dashboard over a period (default: the year up to today)',
      params: insightFigureParams,
      querystring: insightPeriodQuery,
      response: { 200: insightFigure },
    },
    handler: async (request) =>
      computeFigure(db, request.enterpriseId, request.params.figure, periodOf(request.query)),
  });

  r.get('/api/insight/export/:figure', {
    config: { access: 'insight.read' },
    schema: {
      tags,
      summary: "One figure's table as CSV or XLSX",
      params: insightFigureParams,
      querystring: insightExportQuery,
    },
    handler: async (request, reply) => {
      const { format, ...period } = request.query;
      const figure = await computeFigure(db, request.enterpriseId, request.params.figure, periodOf(period));
      const name = `${figure.id}-${figure.from}-${figure.to}.${format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(figureCsv(figure));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(await figureXlsx(figure));
    },
  });

  r.get('/api/insight/reviewer', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary:
        "The signed-in reviewer's checked-out requests, what waits next, and their times beside the office's",
      response: { 200: reviewerViewSchema },
    },
    handler: async (request) => reviewerView(db, request.enterpriseId, request.auth!.userId),
  });
}
