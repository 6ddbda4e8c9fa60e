import {
  fireDrillExportQuery,
  humanCheckChallenge,
  humanCheckQuery,
  publicDrillsQuery,
  publicFireDrill,
  publicFireDrillBody,
  publicFireDrillReceipt,
  publicSchool,
  publicSchoolSystem,
  publicSchoolsQuery,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drillsCsv, drillsXlsx } from './export-fire-drills';
import { humanCheckOf } from './human-check';
import {
  publicDrills,
  publicDrillYears,
  publicSchoolSystems,
  publicSchools,
  reportDrill,
} from './public-fire-drills';

const tags = ['public'];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Reads anyone may make, limited per address so that the lists cannot be hammered. */
const publicRead = { access: 'public' as const, rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Fire drill reporting on the public site (no sign-in), and the staff export of the reports. */
export async function fireDrillRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/public/firedrill/schoolsystems', {
    config: publicRead,
    schema: {
      tags,
      summary: 'The school systems a drill can be reported for',
      response: { 200: z.array(publicSchoolSystem) },
    },
    handler: (request) => publicSchoolSystems(db, request.enterpriseId),
  });

  r.get('/api/public/firedrill/schools', {
    config: publicRead,
    schema: {
      tags,
      summary: 'The schools of a school system',
      querystring: publicSchoolsQuery,
      response: { 200: z.array(publicSchool) },
    },
    handler: (request) => publicSchools(db, request.enterpriseId, request.query.school_system_id),
  });

  r.get('/api/public/firedrill/drills', {
    config: publicRead,
    schema: {
      tags,
      summary: "A school's reported drills, of a year when one is given (never who reported them)",
      querystring: publicDrillsQuery,
      response: { 200: z.array(publicFireDrill) },
    },
    handler: (request) => publicDrills(db, request.enterpriseId, request.query.school_id, request.query.year),
  });

  r.get('/api/public/firedrill/years', {
    config: publicRead,
    schema: {
      tags,
      summary: 'The years drills were reported in, and this year',
      response: { 200: z.array(z.number().int()) },
    },
    handler: (request) => publicDrillYears(db, request.enterpriseId),
  });

  r.post('/api/public/firedrill/drills', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'A school reports a drill (no sign-in; the human check of action "firedrill")',
      body: publicFireDrillBody,
      response: { 201: publicFireDrillReceipt },
    },
    handler: async (request, reply) => reply.status(201).send(await reportDrill(app, request, request.body)),
  });

  r.get('/api/public/humancheck', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        "What a public form needs for the enterprise's human check: a reCAPTCHA site key or a local challenge",
      querystring: humanCheckQuery,
      response: { 200: humanCheckChallenge },
    },
    handler: async (request) => (await humanCheckOf(app, request)).challenge(request.query.action),
  });

  r.get('/api/firedrill/drills/export', {
    config: { access: 'firedrills.read' },
    schema: {
      tags: ['firedrills'],
      summary: 'The reported drills as CSV or XLSX, streamed, by school system, school and date',
      querystring: fireDrillExportQuery,
    },
    handler: async (request, reply) => {
      const { format, ...filter } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      const stream =
        format === 'xlsx'
          ? drillsXlsx(db, request.enterpriseId, filter)
          : drillsCsv(db, request.enterpriseId, filter);
      return reply
        .type(format === 'xlsx' ? XLSX_MIME : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fire-drills-${day}.${format}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
