import { formGetQuery, formOutput, formSaveBody } from '@licensure/contracts';
import { fb_form_position_permissions, fbForms } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/http/errors';
import { defineOperation } from '../../platform/resources/operation';
import type { BodyRefs } from '../../platform/resources/references';
import { findForm, hasResponses, idParams, mapDbError, presentForm, tags } from './common';
import { loadLiveDefinition, loadVersionDefinition } from './form-store';
import { createForm, replaceForm } from './save-form';

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

/** Deletes a form: kept, marked deleted, when it has responses; else gone with its position permissions. */
const deleteForm = defineOperation({
  async run({ tx, enterpriseId }, id: string) {
    const form = await findForm(tx, enterpriseId, id, true);
    const before = await loadLiveDefinition(tx, enterpriseId, form.id);
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
            eq(fb_form_position_permissions.enterprise_id, enterpriseId),
          ),
        );
      await tx.delete(fbForms).where(eq(fbForms.id, form.id));
    }
    return {
      result: undefined,
      changes: [{ entity: 'fb_forms', objectId: form.id, action: 'delete', before }],
    };
  },
});

/** fbforms: one (live or a frozen version), create, replace, delete; the list and count are the engine's (forms.resources.ts). */
export async function formsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

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
      await deleteForm(db, request, request.params.id);
      return reply.status(204).send();
    },
  });
}
