import {
  countResponse,
  formGetQuery,
  formListQuery,
  formOutput,
  formSaveBody,
  formSortFields,
  formSummary,
  listResponse,
} from '@licensure/contracts';
import { fb_form_position_permissions, fbForms } from '@licensure/db';
import { and, asc, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import type { BodyRefs } from '../../platform/resources/references';
import { findForm, hasResponses, idParams, mapDbError, pageOf, presentForm, tags } from './common';
import { loadLiveDefinition, loadVersionDefinition } from './form-store';
import { createForm, replaceForm } from './save-form';

const sortable: Record<(typeof formSortFields)[number], SQL | typeof fbForms.version> = {
  name: sql`lower(${fbForms.name})`,
  updated_at: sql`${fbForms.updated_at}`,
  version: fbForms.version,
};

// Written out: inside a subquery, drizzle leaves columns unqualified, and "id" would be the inner table's.
const questionCount = sql<number>`(select cast(count(*) as integer) from fb_questions q where q.form_id = "fb_forms"."id")`;
const responseCount = sql<number>`(select cast(count(*) as integer) from fb_responses r where r.form_id = "fb_forms"."id")`;

/**
 * What a form's tree names in the enterprise's lists (the tree's checks too: validate-tree.ts).
 * Conditions and reimbursement rules name questions of the tree itself, new ones included.
 */
const formRefs: BodyRefs = {
  'form.document_type_id': 'document_types',
  'form.form_type_id': 'fb_form_types',
  'form.pages[].groups[].questions[].document_type_id': 'document_types',
  'form.pages[].groups[].questions[].element_id': 'fb_elements',
};

/** fbforms: list, count, one (live or a frozen version), create, replace, delete. */
export async function formsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  function whereOf(enterpriseId: string, q: { form_type_id?: string; active?: boolean; search?: string }) {
    const conditions: SQL[] = [eq(fbForms.enterprise_id, enterpriseId), isNull(fbForms.deleted_at)];
    if (q.form_type_id) conditions.push(eq(fbForms.form_type_id, q.form_type_id));
    if (q.active !== undefined) conditions.push(eq(fbForms.active, q.active));
    const search = q.search?.trim();
    if (search) conditions.push(ilike(fbForms.name, likeContains(search)));
    return and(...conditions);
  }

  r.get('/api/fbforms', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'List forms with their question and response counts',
      querystring: formListQuery,
      response: { 200: listResponse(formSummary) },
    },
    handler: async (request) => {
      const q = request.query;
      const sortKey = formSortFields.find((k) => k.toLowerCase() === (q.sortBy ?? 'name').toLowerCase());
      if (!sortKey) throw badRequest({ sortBy: `sortBy must be one of: ${formSortFields.join(', ')}` });
      const where = whereOf(request.enterpriseId, q);
      const dir = q.reverse ? desc : asc;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: fbForms.id,
            name: fbForms.name,
            description: fbForms.description,
            form_type_id: fbForms.form_type_id,
            version: fbForms.version,
            active: fbForms.active,
            applicant_access: fbForms.applicant_access,
            question_count: questionCount,
            response_count: responseCount,
            updated_at: fbForms.updated_at,
          })
          .from(fbForms)
          .where(where)
          .orderBy(dir(sortable[sortKey]), asc(fbForms.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ total: countAll }).from(fbForms).where(where),
      ]);
      return pageOf(
        rows.map((row) => ({ ...row, updated_at: row.updated_at.toISOString() })),
        count?.total ?? 0,
        q,
      );
    },
  });

  r.get('/api/fbforms/getCount', {
    config: { access: 'forms.read' },
    schema: { tags, summary: 'Count forms', querystring: formListQuery, response: { 200: countResponse } },
    handler: async (request) => {
      const [row] = await db
        .select({ total: countAll })
        .from(fbForms)
        .where(whereOf(request.enterpriseId, request.query));
      return { count: row?.total ?? 0 };
    },
  });

  r.get('/api/fbforms/:id', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'One form with its tree; ?version=N gives the tree of that version',
      params: idParams,
      querystring: formGetQuery,
      response: { 200: formOutput },
    },
    handler: async (request) => {
      const form = await findForm(db, request.enterpriseId, request.params.id);
      const version = request.query.version ?? form.version;
      const definition =
        version === form.version
          ? await loadLiveDefinition(db, request.enterpriseId, form.id)
          : await loadVersionDefinition(db, form.id, version);
      if (!definition) throw notFound('form version');
      return presentForm(definition, form, await hasResponses(db, form.id, version));
    },
  });

  r.post('/api/fbforms', {
    config: { access: 'forms.write', refs: formRefs },
    schema: {
      tags,
      summary: 'Create a form with its tree (or replace it, when the body names a form of this enterprise)',
      body: formSaveBody,
      response: { 200: formOutput, 201: formOutput },
    },
    handler: async (request, reply) => {
      const { id, updated_at: seen, ...def } = request.body.form;
      try {
        const { live, created } = await db.transaction(async (tx) => {
          if (id) {
            const [existing] = await tx
              .select({ id: fbForms.id })
              .from(fbForms)
              .where(
                and(
                  eq(fbForms.id, id),
                  eq(fbForms.enterprise_id, request.enterpriseId),
                  isNull(fbForms.deleted_at),
                ),
              );
            if (existing) return { live: await replaceForm(tx, request, id, def, seen), created: false };
          }
          return { live: await createForm(tx, request, def, id), created: true };
        });
        const form = { enterprise_id: request.enterpriseId, ...live };
        return reply
          .status(created ? 201 : 200)
          .send(presentForm(live, form, created ? false : await hasResponses(db, live.id, live.version)));
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.put('/api/fbforms/:id', {
    config: { access: 'forms.write', refs: formRefs },
    schema: {
      tags,
      summary: 'Replace a form’s tree and settings',
      description:
        'Rows are matched by id, so question ids stay stable. When the current version has responses, a changed tree starts the next version. Send updated_at as read to get a 409 when someone else changed the form meanwhile.',
      params: idParams,
      body: formSaveBody,
      response: { 200: formOutput },
    },
    handler: async (request) => {
      const { id: _id, updated_at: seen, ...def } = request.body.form;
      try {
        const live = await db.transaction((tx) => replaceForm(tx, request, request.params.id, def, seen));
        return presentForm(
          live,
          { enterprise_id: request.enterpriseId, ...live },
          await hasResponses(db, live.id, live.version),
        );
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.delete('/api/fbforms/:id', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Delete a form (kept, marked deleted, when it has responses)',
      params: idParams,
    },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const form = await findForm(tx, request.enterpriseId, request.params.id, true);
        const before = await loadLiveDefinition(tx, request.enterpriseId, form.id);
        if (await hasResponses(tx, form.id)) {
          await tx
            .update(fbForms)
            .set({ deleted_at: new Date(), updated_at: new Date() })
            .where(eq(fbForms.id, form.id));
        } else {
          await tx
            .delete(fb_form_position_permissions)
            .where(
              and(
                eq(fb_form_position_permissions.form_id, form.id),
                eq(fb_form_position_permissions.enterprise_id, request.enterpriseId),
              ),
            );
          await tx.delete(fbForms).where(eq(fbForms.id, form.id));
        }
        await recordChange(tx, actorOf(request), {
          entity: 'fb_forms',
          objectId: form.id,
          action: 'delete',
          before,
        });
      });
      return reply.status(204).send();
    },
  });
}
