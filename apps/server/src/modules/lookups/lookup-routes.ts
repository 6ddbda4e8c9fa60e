import { defaultCriminalHistoryStatuses, pageObjects } from '@licensure/contracts';
import {
  cms_pages,
  type Db,
  data_elements,
  datasets,
  document_types,
  enterprises,
  entities,
  entity_enterprise_fields,
  processStatuses,
  type ReferenceTable,
  user_statuses,
  xslt_stylesheets,
} from '@licensure/db';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { buildMenu, type MenuNode } from './build-menu';

const tags = ['lookups'];

/** Rows of a reference list of the enterprise matching the conditions, in display order. */
function referenceRows(db: Db, table: ReferenceTable, enterpriseId: string, conditions: (SQL | undefined)[]) {
  return db
    .select()
    .from(table)
    .where(and(eq(table.enterprise_id, enterpriseId), ...conditions))
    .orderBy(asc(table.sort_order), asc(table.label));
}
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const codeLabel = z.array(z.object({ code: z.string().nullable(), label: z.string() }));
const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({ id: z.uuid(), label: z.string(), slug: z.string(), children: z.array(menuNode) }),
);

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/CMSPages/getmenu', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Menu tree of the published portal pages',
      response: { 200: z.array(menuNode) },
    },
    handler: async (request) => {
      const rows = await db
        .select({
          id: cms_pages.id,
          label: cms_pages.label,
          slug: cms_pages.slug,
          parent_id: cms_pages.parent_id,
          sort_order: cms_pages.sort_order,
        })
        .from(cms_pages)
        .where(
          and(
            eq(cms_pages.enterprise_id, request.enterpriseId),
            eq(cms_pages.published, true),
            eq(cms_pages.active, true),
          ),
        )
        .orderBy(asc(cms_pages.sort_order), asc(cms_pages.label));
      return buildMenu(rows);
    },
  });

  r.get('/api/Core/OtherDocumentTypes', {
    config: { access: 'lookups.read' },
    schema: { tags, summary: 'Document types listed under other documents' },
    handler: async (request) =>
      referenceRows(db, document_types, request.enterpriseId, [
        eq(document_types.is_other, true),
        eq(document_types.active, true),
      ]),
  });

  r.get('/api/InspectionDatasets', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'Data sets used by inspections, optionally of one entity',
      querystring: z.object({ entityId: uuid('entityId').optional() }),
    },
    handler: async (request) =>
      referenceRows(db, datasets, request.enterpriseId, [
        eq(datasets.is_inspection, true),
        request.query.entityId ? eq(datasets.entity_id, request.query.entityId) : undefined,
      ]),
  });

  r.get('/api/criminalhistory/getuserstatuses', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'Criminal history statuses: the defaults merged with the enterprise list',
      response: { 200: codeLabel },
    },
    handler: async (request) => {
      const rows = await db
        .select({ code: data_elements.code, label: data_elements.label })
        .from(data_elements)
        .where(
          and(
            eq(data_elements.enterprise_id, request.enterpriseId),
            eq(data_elements.data_section_name, 'criminal_history_status'),
            eq(data_elements.active, true),
          ),
        )
        .orderBy(asc(data_elements.sort_order), asc(data_elements.label));
      const seen = new Set(rows.map((row) => String(row.label).toLowerCase()));
      const defaults = defaultCriminalHistoryStatuses
        .filter((d) => !seen.has(d.toLowerCase()))
        .map((label) => ({ code: label.toUpperCase(), label }));
      return [
        ...defaults,
        ...rows.map((row) => ({ code: row.code as string | null, label: String(row.label) })),
      ];
    },
  });

  r.get('/api/Core/PageObjects', {
    config: { access: 'lookups.read' },
    schema: { tags, summary: 'The screens of the web app' },
    handler: async () => pageObjects,
  });

  r.get('/api/regions/getAbbreviation', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: "The enterprise's state abbreviation",
      response: { 200: z.object({ abbreviation: z.string() }) },
    },
    handler: async (request) => {
      const [e] = await db
        .select({ abbreviation: enterprises.abbreviation })
        .from(enterprises)
        .where(eq(enterprises.id, request.enterpriseId));
      if (!e) throw notFound('enterprise');
      return e;
    },
  });

  r.get('/api/GetStylesheetContent', {
    config: { access: 'configuration.read' },
    schema: { tags, summary: 'The XSLT text of a stylesheet', querystring: z.object({ id: uuid('id') }) },
    handler: async (request, reply) => {
      const [row] = await db
        .select({ content: xslt_stylesheets.content })
        .from(xslt_stylesheets)
        .where(
          and(
            eq(xslt_stylesheets.id, request.query.id),
            eq(xslt_stylesheets.enterprise_id, request.enterpriseId),
          ),
        );
      if (!row) throw notFound('stylesheet');
      return reply.type('application/xslt+xml; charset=utf-8').send(row.content);
    },
  });

  r.get('/api/Statuses', {
    config: { access: 'configuration.read' },
    schema: {
      tags,
      summary: 'The statuses of a review process',
      querystring: z.object({ ProcessID: uuid('ProcessID') }),
    },
    handler: async (request) =>
      db
        .select()
        .from(processStatuses)
        .where(
          and(
            eq(processStatuses.process_id, request.query.ProcessID),
            eq(processStatuses.enterprise_id, request.enterpriseId),
          ),
        )
        .orderBy(asc(processStatuses.sort_order), asc(processStatuses.label)),
  });

  r.get('/api/EducationModule/GetSelfEnteredCourseFields', {
    config: { access: 'lookups.read' },
    schema: { tags, summary: 'Custom fields asked of a person entering a course themselves' },
    handler: async (request) =>
      db
        .select({
          id: entity_enterprise_fields.id,
          name: entity_enterprise_fields.name,
          label: entity_enterprise_fields.label,
          category: entity_enterprise_fields.category,
          field_type: entity_enterprise_fields.field_type,
          required: entity_enterprise_fields.required,
        })
        .from(entity_enterprise_fields)
        .innerJoin(entities, eq(entities.id, entity_enterprise_fields.entity_id))
        .where(
          and(
            eq(entity_enterprise_fields.enterprise_id, request.enterpriseId),
            eq(entities.code, 'self_entered_course'),
            eq(entity_enterprise_fields.active, true),
          ),
        )
        .orderBy(asc(entity_enterprise_fields.sort_order), asc(entity_enterprise_fields.label)),
  });

  r.get('/api/Core/UserStatus/:id/LockedMessage', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Whether a user status locks the account, and the message shown',
      params: z.object({ id: uuid('id') }),
      response: { 200: z.object({ locked: z.boolean(), locked_message: z.string().nullable() }) },
    },
    handler: async (request) => {
      const [row] = await db
        .select({ locked: user_statuses.locked, locked_message: user_statuses.locked_message })
        .from(user_statuses)
        .where(
          and(eq(user_statuses.id, request.params.id), eq(user_statuses.enterprise_id, request.enterpriseId)),
        );
      if (!row) throw notFound('user status');
      return row as { locked: boolean; locked_message: string | null };
    },
  });
}
