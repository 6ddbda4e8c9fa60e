import {
  availableForm,
  createViewBody,
  createViewOutput,
  documentTypeHistoryBody,
  formAccess,
  reimbursementRuleOutput,
} from '@licensure/contracts';
import { document_types, documents, fbForms, fbReimbursementRules, fbResponses } from '@licensure/db';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest } from '../../platform/http/errors';
import { enterpriseReference } from '../../platform/permissions/policies';
import { findForm, idParams, tags } from './common';
import { createResponsesView } from './create-view';

const formIdQuery = z.object({ form_id: z.uuid({ message: 'form_id must be a valid id' }) });

/** Applicant access, available forms, the responses view, reimbursement rules, document types. */
export async function formSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/fbforms/available', {
    config: { access: enterpriseReference() },
    schema: {
      tags,
      summary: 'Forms a portal applicant may start: active, and open to applicants',
      response: { 200: z.array(availableForm) },
    },
    handler: async (request) =>
      db
        .select({
          id: fbForms.id,
          name: fbForms.name,
          description: fbForms.description,
          version: fbForms.version,
          applicant_access: fbForms.applicant_access,
        })
        .from(fbForms)
        .where(
          and(
            eq(fbForms.enterprise_id, request.enterpriseId),
            isNull(fbForms.deleted_at),
            eq(fbForms.active, true),
            ne(fbForms.applicant_access, 'none'),
          ),
        )
        .orderBy(sql`lower(${fbForms.name})`, asc(fbForms.id)),
  });

  r.get('/api/fbforms/getAccess', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'What portal applicants may do with a form',
      querystring: formIdQuery,
      response: { 200: formAccess },
    },
    handler: async (request) => {
      const form = await findForm(db, request.enterpriseId, request.query.form_id);
      return { form_id: form.id, applicant_access: form.applicant_access };
    },
  });

  r.post('/api/fbforms/saveAccess', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Set what portal applicants may do with a form (none, view or edit)',
      body: formAccess,
      response: { 200: formAccess },
    },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const { form_id, applicant_access } = request.body;
        const before = await findForm(tx, request.enterpriseId, form_id, true);
        const [after] = await tx
          .update(fbForms)
          .set({ applicant_access, updated_at: new Date() })
          .where(eq(fbForms.id, form_id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'fb_forms',
          objectId: form_id,
          action: 'update',
          before,
          after,
        });
        return { form_id, applicant_access };
      }),
  });

  r.post('/api/fbforms/createview', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Create (or replace) a database view of the form’s responses, one column per question',
      body: createViewBody,
      response: { 200: createViewOutput },
    },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const form = await findForm(tx, request.enterpriseId, request.body.formID, true);
        const view = await createResponsesView(tx, request.enterpriseId, form.id);
        await recordChange(tx, actorOf(request), {
          entity: 'fb_form_views',
          objectId: form.id,
          action: 'create',
          after: view,
        });
        request.log.info({ form_id: form.id, view: view.view_name }, 'form responses view created');
        return view;
      }),
  });

  r.get('/api/fbforms/reimbursementrules/:id', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'The reimbursement rules of a form',
      params: idParams,
      response: { 200: z.array(reimbursementRuleOutput) },
    },
    handler: async (request) => {
      const form = await findForm(db, request.enterpriseId, request.params.id);
      const rows = await db
        .select({
          id: fbReimbursementRules.id,
          form_id: fbReimbursementRules.form_id,
          question_id: fbReimbursementRules.question_id,
          description: fbReimbursementRules.description,
          amount: fbReimbursementRules.amount,
          max_amount: fbReimbursementRules.max_amount,
          sort_order: fbReimbursementRules.sort_order,
        })
        .from(fbReimbursementRules)
        .where(eq(fbReimbursementRules.form_id, form.id))
        .orderBy(asc(fbReimbursementRules.sort_order), asc(fbReimbursementRules.id));
      return rows;
    },
  });

  r.put('/api/fbforms/updateFormResponseDocumentTypeHistorically', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Give a form, and every document uploaded through its responses, a document type',
      body: documentTypeHistoryBody,
      response: { 200: z.object({ updated: z.number().int() }) },
    },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const { FormId, DocumentTypeId } = request.body;
        const before = await findForm(tx, request.enterpriseId, FormId, true);
        const [type] = await tx
          .select({ id: document_types.id })
          .from(document_types)
          .where(
            and(
              eq(document_types.id, DocumentTypeId),
              eq(document_types.enterprise_id, request.enterpriseId),
            ),
          );
        if (!type) throw badRequest({ DocumentTypeId: `There is no document type ${DocumentTypeId}.` });
        const [after] = await tx
          .update(fbForms)
          .set({ document_type_id: DocumentTypeId, updated_at: new Date() })
          .where(eq(fbForms.id, FormId))
          .returning();
        const responsesOfForm = tx
          .select({ id: fbResponses.id })
          .from(fbResponses)
          .where(and(eq(fbResponses.form_id, FormId), eq(fbResponses.enterprise_id, request.enterpriseId)));
        const changed = await tx
          .update(documents)
          .set({ document_type_id: DocumentTypeId, updated_at: new Date() })
          .where(
            and(
              eq(documents.enterprise_id, request.enterpriseId),
              inArray(documents.fb_response_id, responsesOfForm),
            ),
          )
          .returning({ id: documents.id });
        await recordChange(tx, actorOf(request), {
          entity: 'fb_forms',
          objectId: FormId,
          action: 'update',
          before,
          after: { ...after, documents_updated: changed.map((d) => d.id) },
        });
        return { updated: changed.length };
      }),
  });
}
