import { randomUUID } from 'node:crypto';
import { conditionOutput, conditionSaveBody, type FormCondition } from '@licensure/contracts';
import { type Db, fbConditions, fbForms, fbGroups, fbQuestions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { BodyRefs } from '../../platform/resources/references';
import { registerResource } from '../../platform/resources/register';
import { assertFresh, idParams, mapDbError, tags } from './common';
import type { LiveDefinition } from './form-store';
import { conditionReadResource, presentCondition } from './forms.resources';
import { editTree } from './tree-edit';

type ConditionRow = typeof fbConditions.$inferSelect;

const liveForm = (enterpriseId: string) =>
  and(
    eq(fbForms.id, fbConditions.form_id),
    eq(fbForms.enterprise_id, enterpriseId),
    isNull(fbForms.deleted_at),
  );

async function findCondition(db: Db | Tx, enterpriseId: string, id: string) {
  const [row] = await db
    .select({ condition: fbConditions, version: fbForms.version })
    .from(fbConditions)
    .innerJoin(fbForms, liveForm(enterpriseId))
    .where(and(eq(fbConditions.id, id), eq(fbConditions.enterprise_id, enterpriseId)));
  if (!row) throw notFound('condition');
  return row;
}

const present = (row: ConditionRow, version: number) => presentCondition({ ...row, form_version: version });

/** The form of a condition: its source question's (400 naming source_question_id when unknown). */
async function formOfSource(tx: Tx, enterpriseId: string, sourceQuestionId: string) {
  const [q] = await tx
    .select({ form_id: fbQuestions.form_id })
    .from(fbQuestions)
    .innerJoin(
      fbForms,
      and(
        eq(fbForms.id, fbQuestions.form_id),
        eq(fbForms.enterprise_id, enterpriseId),
        isNull(fbForms.deleted_at),
      ),
    )
    .where(and(eq(fbQuestions.id, sourceQuestionId), eq(fbQuestions.enterprise_id, enterpriseId)));
  if (!q) throw badRequest({ source_question_id: `There is no question ${sourceQuestionId}.` });
  return q.form_id;
}

const conditionPath = (def: LiveDefinition, id: string) => {
  const i = def.conditions.findIndex((c) => c.id === id);
  return i >= 0 ? `conditions.${i}.` : null;
};

function place(def: LiveDefinition, c: FormCondition, at: number | undefined) {
  const index = at === undefined ? def.conditions.length : Math.min(at, def.conditions.length);
  def.conditions.splice(index, 0, c);
}

/** What a condition names, each of the caller's enterprise (the tree then wants them in one form). */
const conditionRefs: BodyRefs = {
  'condition.source_question_id': { table: fbQuestions, what: 'question' },
  'condition.target_question_id': { table: fbQuestions, what: 'question' },
  'condition.target_group_id': { table: fbGroups, what: 'group' },
};

/** fbconditions: when a group or question is shown. Checked like a whole-form save. */
export async function conditionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, conditionReadResource);

  r.post('/api/fbconditions', {
    config: { access: 'forms.write', refs: conditionRefs },
    schema: {
      tags,
      summary: 'Add a condition; its source question must come before the group or question it shows',
      body: conditionSaveBody,
      response: { 201: conditionOutput },
    },
    handler: async (request, reply) => {
      const { id, sort_order, updated_at: _seen, ...fields } = request.body.condition;
      const conditionId = id ?? randomUUID();
      try {
        const out = await db.transaction(async (tx) => {
          const formId = await formOfSource(tx, request.enterpriseId, fields.source_question_id);
          const { version } = await editTree(
            tx,
            request.enterpriseId,
            formId,
            (def) => {
              if (conditionPath(def, conditionId))
                throw new AppError('conflict', 'This condition id is already used.', {
                  id: 'This id is already used by another condition.',
                });
              place(def, { ...fields, id: conditionId }, sort_order);
            },
            (def) => conditionPath(def, conditionId),
          );
          const row = await findCondition(tx, request.enterpriseId, conditionId);
          const after = present(row.condition, version);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_conditions',
            objectId: conditionId,
            action: 'create',
            after,
          });
          return after;
        });
        return reply.status(201).send(out);
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.put('/api/fbconditions/:id', {
    config: { access: 'forms.write', refs: conditionRefs },
    schema: {
      tags,
      summary: 'Change a condition (within its form)',
      params: idParams,
      body: conditionSaveBody,
      response: { 200: conditionOutput },
    },
    handler: async (request) => {
      const { id: _id, sort_order, updated_at: seen, ...fields } = request.body.condition;
      const conditionId = request.params.id;
      try {
        return await db.transaction(async (tx) => {
          const current = await findCondition(tx, request.enterpriseId, conditionId);
          assertFresh(seen, current.condition.updated_at, 'condition');
          const formId = await formOfSource(tx, request.enterpriseId, fields.source_question_id);
          if (formId !== current.condition.form_id)
            throw badRequest({
              source_question_id: 'The source question must be a question of the same form.',
            });
          const { version } = await editTree(
            tx,
            request.enterpriseId,
            formId,
            (def) => {
              const at = def.conditions.findIndex((c) => c.id === conditionId);
              if (at >= 0) def.conditions.splice(at, 1);
              place(def, { ...fields, id: conditionId }, sort_order ?? (at >= 0 ? at : undefined));
            },
            (def) => conditionPath(def, conditionId),
          );
          const row = await findCondition(tx, request.enterpriseId, conditionId);
          const after = present(row.condition, version);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_conditions',
            objectId: conditionId,
            action: 'update',
            before: present(current.condition, current.version),
            after,
          });
          return after;
        });
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.delete('/api/fbconditions/:id', {
    config: { access: 'forms.write' },
    schema: { tags, summary: 'Remove a condition', params: idParams },
    handler: async (request, reply) => {
      const conditionId = request.params.id;
      await db.transaction(async (tx) => {
        const current = await findCondition(tx, request.enterpriseId, conditionId);
        await editTree(
          tx,
          request.enterpriseId,
          current.condition.form_id,
          (def) => {
            def.conditions = def.conditions.filter((c) => c.id !== conditionId);
          },
          () => null,
        );
        await recordChange(tx, actorOf(request), {
          entity: 'fb_conditions',
          objectId: conditionId,
          action: 'delete',
          before: present(current.condition, current.version),
        });
      });
      return reply.status(204).send();
    },
  });
}
