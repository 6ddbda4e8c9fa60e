import {
  getQueriesQuery,
  previewQueryBody,
  queryAdvancedFilterValue,
  queryChart,
  queryChartQuery,
  queryColumnValue,
  queryExportQuery,
  queryField,
  queryFilterValue,
  queryListItem,
  queryOutput,
  queryResults,
  querySecurityGroup,
  querySubjects,
  runQueryBody,
  saveQueryBody,
} from '@licensure/contracts';
import { securityGroups } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import type { BodyRefs } from '../../platform/resources/references';
import { fieldById, mayRead } from './catalogue';
import { catalogueField } from './compile';
import { exportQuery } from './export-query';
import { describeField, fieldsOf, securityGroupsFor } from './query-fields';
import {
  definitionOf,
  deleteQuery,
  listQueries,
  loadQuery,
  prepareQuery,
  presentQuery,
  saveQuery,
} from './query-store';
import { runChart, runPage } from './run-query';

const tags = ['queries'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const fieldsParams = z.object({
  id: z.union([z.enum(querySubjects), z.uuid()], {
    message: `id must be a saved query's id or one of: ${querySubjects.join(', ')}`,
  }),
});
const fieldParams = z.object({
  id: z
    .string()
    .max(80, 'id must be a field of the catalogue')
    .regex(/^[a-z_]+\.[a-z_]+$/, 'id must be a field of the catalogue'),
});

/** What a query names, each of the caller's enterprise: its criteria's rules and the groups it is shared with. */
const queryRefs: BodyRefs = {
  'query.query_criteria[].license_rule_id': 'license_rules',
  'query.viewers[]': { table: securityGroups, what: 'security group' },
  'query.editors[]': { table: securityGroups, what: 'security group' },
};

/** Saved queries: the catalogue, saving and sharing, running a page, charts and exports. */
export async function queryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/queries/getqueries', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: "The caller's saved queries and those shared with their groups (state: all, mine or shared)",
      querystring: getQueriesQuery,
      response: { 200: z.array(queryListItem) },
    },
    handler: async (request) =>
      listQueries(db, request, request.query.state, request.query.availableOnly === true),
  });

  r.get('/api/queries/getquery/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: 'One saved query with its columns, filters, criteria, sharing and default view',
      params: idParams,
      response: { 200: queryOutput },
    },
    handler: async (request) => presentQuery(db, request, await loadQuery(db, request, request.params.id)),
  });

  const part = <K extends 'query_column_values' | 'query_filter_values' | 'query_advanced_filter_values'>(
    path: string,
    key: K,
    item: z.ZodType,
    summary: string,
  ) =>
    r.get(path, {
      config: { access: 'queries.read' },
      schema: { tags, summary, params: idParams, response: { 200: z.array(item) } },
      handler: async (request) => {
        const q = await loadQuery(db, request, (request.params as { id: string }).id);
        return definitionOf(q.row)[key].map((v) => ({
          ...v,
          field_label: fieldById.get(v.field)?.label ?? v.field,
        }));
      },
    });
  const labelled = { field_label: z.string() };
  part(
    '/api/queries/getcolumns/:id',
    'query_column_values',
    queryColumnValue.extend(labelled),
    "A saved query's columns and sort",
  );
  part(
    '/api/queries/getfilters/:id',
    'query_filter_values',
    queryFilterValue.extend(labelled),
    "A saved query's filters",
  );
  part(
    '/api/queries/getadvancedfilters/:id',
    'query_advanced_filter_values',
    queryAdvancedFilterValue.extend(labelled),
    "A saved query's advanced filter: clauses joined by and/or with parentheses",
  );

  r.get('/api/queries/getfields/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: "The catalogue's fields the caller may read, for a subject or for a saved query's subject",
      params: fieldsParams,
      response: { 200: z.array(queryField) },
    },
    handler: async (request) => {
      const id = request.params.id;
      const subject = (querySubjects as readonly string[]).includes(id)
        ? (id as (typeof querySubjects)[number])
        : definitionOf((await loadQuery(db, request, id)).row).subject;
      return fieldsOf(subject, request.auth!.permissions);
    },
  });

  r.get('/api/queries/getfield/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: 'One field of the catalogue (people.county, ...), with the choices of a reference list',
      params: fieldParams,
      response: { 200: queryField },
    },
    handler: async (request) => {
      const f = fieldById.get(request.params.id);
      if (!f) throw notFound('field');
      if (!mayRead(request.auth!.permissions, f)) throw forbidden();
      return describeField(db, request.enterpriseId, f);
    },
  });

  r.get('/api/queries/getsecuritygroups', {
    config: { access: 'queries.write' },
    schema: {
      tags,
      summary: 'The security groups a query can be shared with, saying which the caller belongs to',
      response: { 200: z.array(querySecurityGroup) },
    },
    handler: async (request) => securityGroupsFor(db, request.enterpriseId, request.auth!.userId),
  });

  r.post('/api/queries/save', {
    config: { access: 'queries.write', refs: queryRefs },
    schema: {
      tags,
      summary: 'Saves a query (new without an id); only its owner changes viewers and editors',
      body: saveQueryBody,
      response: { 200: queryOutput },
    },
    handler: async (request) => {
      const id = await db.transaction((tx) => saveQuery(tx, request, request.body.query));
      return presentQuery(db, request, await loadQuery(db, request, id));
    },
  });

  r.delete('/api/queries/delete/:id', {
    config: { access: 'queries.write' },
    schema: {
      tags,
      summary: 'Deletes a saved query (its owner only)',
      params: idParams,
      response: { 200: z.object({ id: z.uuid(), deleted: z.boolean() }) },
    },
    handler: async (request) => {
      await db.transaction((tx) => deleteQuery(tx, request, request.params.id));
      return { id: request.params.id, deleted: true };
    },
  });

  r.post('/api/queries/run/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: 'One page of the results of a saved query',
      params: idParams,
      body: runQueryBody,
      response: { 200: queryResults },
    },
    handler: async (request) => {
      const q = await loadQuery(db, request, request.params.id);
      const compiled = await prepareQuery(db, request, definitionOf(q.row));
      return runPage(db, compiled, request.body.page, request.body.numPerPage);
    },
  });

  r.post('/api/queries/preview', {
    config: { access: 'queries.write', refs: queryRefs },
    schema: {
      tags,
      summary: 'One page of the results of a query being built, before it is saved',
      body: previewQueryBody,
      response: { 200: queryResults },
    },
    handler: async (request) => {
      const compiled = await prepareQuery(db, request, request.body.query);
      return runPage(db, compiled, request.body.page, request.body.numPerPage);
    },
  });

  r.get('/api/queries/chart/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: "Rows per value of one field of a saved query's results (its chart field unless named)",
      params: idParams,
      querystring: queryChartQuery,
      response: { 200: queryChart },
    },
    handler: async (request) => {
      const q = await loadQuery(db, request, request.params.id);
      const def = definitionOf(q.row);
      const compiled = await prepareQuery(db, request, def);
      const fieldId = request.query.field ?? def.chart_field ?? def.query_column_values[0]!.field;
      let field: ReturnType<typeof catalogueField>;
      try {
        field = catalogueField(fieldId, def.subject, 'field');
      } catch {
        throw badRequest({ field: `${fieldId} is not a field of ${def.subject}` });
      }
      if (!mayRead(request.auth!.permissions, field)) throw forbidden();
      const kind = request.query.kind ?? (def.default_view === 'line' ? 'line' : 'bar');
      return runChart(db, compiled, field, kind);
    },
  });

  r.get('/api/queries/export/:id', {
    config: { access: 'queries.read' },
    schema: {
      tags,
      summary: 'All results of a saved query as CSV or XLSX, streamed',
      params: idParams,
      querystring: queryExportQuery,
    },
    handler: async (request, reply) => {
      const q = await loadQuery(db, request, request.params.id);
      const compiled = await prepareQuery(db, request, definitionOf(q.row));
      const format = request.query.format;
      const name = q.row.name.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'query';
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(exportQuery(db, compiled, format, request.log));
    },
  });
}
