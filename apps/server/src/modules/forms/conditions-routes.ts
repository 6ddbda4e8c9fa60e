import { randomUUID } from 'node:crypto';
import {
  conditionListQuery,
  conditionOutput,
  conditionSaveBody,
  countResponse,
  type FormCondition,
  listResponse,
} from '@licensure/contracts';
import { type Db, fbConditions, fbForms, fbQuestions, type Tx } from '@licensure/db';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { countAll } from '../../platform/resources/list-query';
import { assertFresh, idParams, mapDbError, pageOf, tags } from './common';
import type { LiveDefinition } from './form-store';
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

function present(row: ConditionRow, version: number) {
  return {
    id: row.id,
    form_id: row.form_id,
    target_group_id: row.target_group_id,
    target_question_id: row.target_question_id,
    source_question_id: row.source_question_id,
    operator: row.operator as FormCondition['operator'],
    value: row.value,
    and_flag: row.and_flag,
    sort_order: row.sort_order,
    form_version: version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

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

const sortable = {
  sort_order: sql`${fbConditions.sort_order}`,
  created_at: sql`${fbConditions.created_at}`,
  updated_at: sql`${fbConditions.updated_at}`,
  operator: sql`${fbConditions.operator}`,
} as const;

/** fbconditions: when a group or question is shown. Checked like a whole-form save. */
export async function conditionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  function whereOf(
    enterpriseId: string,
    q: {
      form_id?: string;
      target_group_id?: string;
      target_question_id?: string;
      source_question_id?: string;
    },
  ) {
    const conditions: SQL[] = [eq(fbConditions.enterprise_id, enterpriseId)];
    if (q.form_id) conditions.push(eq(fbConditions.form_id, q.form_id));
    if (q.target_group_id) conditions.push(eq(fbConditions.target_group_id, q.target_group_id));
    if (q.target_question_id) conditions.push(eq(fbConditions.target_question_id, q.target_question_id));
    if (q.source_question_id) conditions.push(eq(fbConditions.source_question_id, q.source_question_id));
    return and(...conditions);
  }

  r.get('/api/fbconditions', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'List conditions (by form, target or source)',
      querystring: conditionListQuery,
      response: { 200: listResponse(conditionOutput) },
    },
    handler: async (request) => {
      const q = request.query;
      const key = (Object.keys(sortable) as (keyof typeof sortable)[]).find(
        (k) => k.toLowerCase() === (q.sortBy ?? 'sort_order').toLowerCase(),
      );
      if (!key) throw badRequest({ sortBy: `sortBy must be one of: ${Object.keys(sortable).join(', ')}` });
      const dir = q.reverse ? desc : asc;
      const where = whereOf(request.enterpriseId, q);
      const [rows, [count]] = await Promise.all([
        db
          .select({ condition: fbConditions, version: fbForms.version })
          .from(fbConditions)
          .innerJoin(fbForms, liveForm(request.enterpriseId))
          .where(where)
          .orderBy(asc(fbConditions.form_id), dir(sortable[key]), asc(fbConditions.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db
          .select({ total: countAll })
          .from(fbConditions)
          .innerJoin(fbForms, liveForm(request.enterpriseId))
          .where(where),
      ]);
      return pageOf(
        rows.map((row) => present(row.condition, row.version)),
        count?.total ?? 0,
        q,
      );
    },
  });

  r.get('/api/fbconditions/getCount', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'Count conditions',
      querystring: conditionListQuery,
      response: { 200: countResponse },
    },
    handler: async (request) => {
      const [row] = await db
        .select({ total: countAll })
        .from(fbConditions)
        .innerJoin(fbForms, liveForm(request.enterpriseId))
        .where(whereOf(request.enterpriseId, request.query));
      return { count: row?.total ?? 0 };
    },
  });

  r.get('/api/fbconditions/:id', {
    config: { access: 'forms.read' },
    schema: { tags, summary: 'One condition', params: idParams, response: { 200: conditionOutput } },
    handler: async (request) => {
      const row = await findCondition(db, request.enterpriseId, request.params.id);
      return present(row.condition, row.version);
    },
  });

  r.post('/api/fbconditions', {
    config: { access: 'forms.write' },
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
    config: { access: 'forms.write' },
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
