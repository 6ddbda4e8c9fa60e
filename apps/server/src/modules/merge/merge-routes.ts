import {
  countResponse,
  listResponse,
  mergeCodeQuery,
  mergeContactGroupOutput,
  mergeFieldOutput,
  mergeObjectKind,
  mergeObjectOutput,
  mergePreviewBody,
  mergeTemplateListQuery,
  mergeTemplateOutput,
  renderedMessage,
} from '@licensure/contracts';
import { enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pdfDisposition } from '../../platform/pdf/render-pdf';
import { createListStatements, type ListParams } from '../../platform/resources/list-statements';
import { idParams } from '../../platform/resources/register';
import type { Row } from '../../platform/resources/types';
import { renderLetterPdf } from './letter-pdf';
import { loadMergeValues } from './load-merge-values';
import { contactGroupsFor, mergeFieldsFor, mergeObjectsFor } from './merge-catalog';
import { mergeTemplateResource } from './merge-templates.resources';
import { loadMergeTemplate, renderWithValues } from './render-template';

const tags = ['merge'];
const pdfQuery = z.object({ kind: mergeObjectKind, id: z.uuid({ message: 'id must be a valid id' }) });

/** Template lists (inactive on request), merge objects, fields and contact groups, previews and letters. */
export async function mergeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const lists = createListStatements(db, mergeTemplateResource);
  const present = (row: Row) => mergeTemplateResource.present!(row) as z.infer<typeof mergeTemplateOutput>;
  const params = (q: z.infer<typeof mergeTemplateListQuery>): ListParams => {
    const { includeInactive, ...rest } = q;
    return { ...rest, active: includeInactive ? undefined : true } as ListParams;
  };

  r.get('/api/mergetemplates', {
    config: { access: 'merge.read', resource: 'mergetemplates' },
    schema: {
      tags,
      summary: 'List merge templates (active ones unless includeInactive), by code',
      querystring: mergeTemplateListQuery,
      response: { 200: listResponse(mergeTemplateOutput) },
    },
    handler: async (request) => {
      const page = await lists.page(request.enterpriseId, request.auth, params(request.query));
      return { ...page, items: page.items.map(present) };
    },
  });
  r.get('/api/mergetemplates/getCount', {
    config: { access: 'merge.read', resource: 'mergetemplates' },
    schema: {
      tags,
      summary: 'Count merge templates',
      querystring: mergeTemplateListQuery,
      response: { 200: countResponse },
    },
    handler: async (request) => ({
      count: await lists.count(request.enterpriseId, request.auth, params(request.query)),
    }),
  });

  r.get('/api/MergeObjects', {
    config: { access: 'merge.read' },
    schema: {
      tags,
      summary: "The kinds of record a code's templates merge against",
      querystring: mergeCodeQuery,
      response: { 200: z.array(mergeObjectOutput) },
    },
    handler: async (request) => mergeObjectsFor(request.query.code),
  });
  r.get('/api/MergeFields', {
    config: { access: 'merge.read' },
    schema: {
      tags,
      summary: "The merge fields a code's templates can use",
      querystring: mergeCodeQuery,
      response: { 200: z.array(mergeFieldOutput) },
    },
    handler: async (request) => mergeFieldsFor(request.query.code),
  });
  r.get('/api/MergeContactGroups', {
    config: { access: 'merge.read' },
    schema: {
      tags,
      summary: "Who a code's correspondence can reach, relative to the merged record",
      querystring: mergeCodeQuery,
      response: { 200: z.array(mergeContactGroupOutput) },
    },
    handler: async (request) => contactGroupsFor(request.query.code),
  });

  r.post('/api/mergetemplates/:id/preview', {
    config: { access: 'merge.read' },
    schema: {
      tags,
      summary: 'A template (stored, or with unsaved edits) merged against a real record',
      params: idParams,
      body: mergePreviewBody,
      response: { 200: renderedMessage },
    },
    handler: async (request) => {
      const template = await loadMergeTemplate(db, request.enterpriseId, request.params.id);
      const values = await loadMergeValues(db, request.enterpriseId, request.body.object);
      return renderWithValues(
        {
          subject: request.body.subject ?? template.subject,
          body_html: request.body.body_html ?? template.body_html,
        },
        values,
      );
    },
  });

  r.get('/api/mergetemplates/:id/pdf', {
    config: { access: 'merge.read' },
    schema: {
      tags,
      summary: 'A template merged against a real record, as a PDF letter',
      params: idParams,
      querystring: pdfQuery,
    },
    handler: async (request, reply) => {
      const template = await loadMergeTemplate(db, request.enterpriseId, request.params.id);
      const values = await loadMergeValues(db, request.enterpriseId, request.query);
      const message = renderWithValues(template, values);
      const [e] = await db.select().from(enterprises).where(eq(enterprises.id, request.enterpriseId));
      const pdf = await renderLetterPdf(e?.name ?? '', e?.address ?? '', message);
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfDisposition('inline', `${template.name}.pdf`))
        .send(pdf);
    },
  });
}
