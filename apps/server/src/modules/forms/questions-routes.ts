import { randomUUID } from 'node:crypto';
import { type FormQuestion, questionOutput, questionSaveBody } from '@licensure/contracts';
import { type Db, fbForms, fbGroups, fbQuestions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { BodyRefs } from '../../platform/resources/references';
import { registerResource } from '../../platform/resources/register';
import { assertFresh, idParams, mapDbError, tags } from './common';
import type { LiveDefinition } from './form-store';
import { presentQuestion, questionReadResource } from './forms.resources';
import { editTree, questionPath } from './tree-edit';

type QuestionRow = typeof fbQuestions.$inferSelect;
type Group = LiveDefinition['pages'][number]['groups'][number];

const liveForm = (enterpriseId: string) =>
  and(
    eq(fbForms.id, fbQuestions.form_id),
    eq(fbForms.enterprise_id, enterpriseId),
    isNull(fbForms.deleted_at),
  );

async function findQuestion(db: Db | Tx, enterpriseId: string, id: string) {
  const [row] = await db
    .select({ question: fbQuestions, version: fbForms.version })
    .from(fbQuestions)
    .innerJoin(fbForms, liveForm(enterpriseId))
    .where(and(eq(fbQuestions.id, id), eq(fbQuestions.enterprise_id, enterpriseId)));
  if (!row) throw notFound('question');
  return row;
}

const present = (row: QuestionRow, version: number) => presentQuestion({ ...row, form_version: version });

function groupOf(def: LiveDefinition, groupId: string): Group | undefined {
  for (const p of def.pages) for (const g of p.groups) if (g.id === groupId) return g;
  return undefined;
}

/** Puts `q` into `group` at `at` (clamped; the end when not given). */
function place(group: Group, q: FormQuestion, at: number | undefined) {
  const index = at === undefined ? group.questions.length : Math.min(at, group.questions.length);
  group.questions.splice(index, 0, q);
}

/** The group a question goes into: a group of a live form of the enterprise (400 naming group_id). */
async function targetGroup(tx: Tx, enterpriseId: string, groupId: string) {
  const [g] = await tx
    .select({ id: fbGroups.id, form_id: fbGroups.form_id })
    .from(fbGroups)
    .innerJoin(
      fbForms,
      and(
        eq(fbForms.id, fbGroups.form_id),
        eq(fbForms.enterprise_id, enterpriseId),
        isNull(fbForms.deleted_at),
      ),
    )
    .where(and(eq(fbGroups.id, groupId), eq(fbGroups.enterprise_id, enterpriseId)));
  if (!g) throw badRequest({ group_id: `There is no group ${groupId}.` });
  return g;
}

/** What a question names, each of the caller's enterprise (its group's form then decides the rest). */
const questionRefs: BodyRefs = {
  'question.group_id': { table: fbGroups, what: 'group' },
  'question.document_type_id': 'document_types',
  'question.element_id': 'fb_elements',
};

/** fbquestions: the questions of forms, one at a time; every write goes through the versioning rule. */
export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, questionReadResource);

  r.post('/api/fbquestions', {
    config: { access: 'forms.write', refs: questionRefs },
    schema: {
      tags,
      summary: 'Add a question to a group (last, or at sort_order)',
      body: questionSaveBody,
      response: { 201: questionOutput },
    },
    handler: async (request, reply) => {
      const { group_id, sort_order, updated_at: _seen, id, ...fields } = request.body.question;
      const questionId = id ?? randomUUID();
      try {
        const out = await db.transaction(async (tx) => {
          const group = await targetGroup(tx, request.enterpriseId, group_id);
          const { version } = await editTree(
            tx,
            request.enterpriseId,
            group.form_id,
            (def) => {
              if (questionPath(def, questionId))
                throw new AppError('conflict', 'This question id is already used.', {
                  id: 'This id is already used by another question.',
                });
              const g = groupOf(def, group_id);
              if (g) place(g, { ...fields, id: questionId }, sort_order);
            },
            (def) => questionPath(def, questionId),
          );
          const row = await findQuestion(tx, request.enterpriseId, questionId);
          const after = present(row.question, version);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_questions',
            objectId: questionId,
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

  r.put('/api/fbquestions/:id', {
    config: { access: 'forms.write', refs: questionRefs },
    schema: {
      tags,
      summary: 'Change a question; group_id and sort_order move it within its form',
      params: idParams,
      body: questionSaveBody,
      response: { 200: questionOutput },
    },
    handler: async (request) => {
      const { group_id, sort_order, updated_at: seen, id: _id, ...fields } = request.body.question;
      const questionId = request.params.id;
      try {
        return await db.transaction(async (tx) => {
          const current = await findQuestion(tx, request.enterpriseId, questionId);
          assertFresh(seen, current.question.updated_at, 'question');
          const group = await targetGroup(tx, request.enterpriseId, group_id);
          if (group.form_id !== current.question.form_id)
            throw badRequest({ group_id: 'A question can only move to a group of its own form.' });
          const { version } = await editTree(
            tx,
            request.enterpriseId,
            group.form_id,
            (def) => {
              let at: number | undefined;
              for (const p of def.pages)
                for (const g of p.groups) {
                  const i = g.questions.findIndex((q) => q.id === questionId);
                  if (i >= 0) {
                    g.questions.splice(i, 1);
                    if (g.id === group_id) at = i;
                  }
                }
              const g = groupOf(def, group_id);
              if (g) place(g, { ...fields, id: questionId }, sort_order ?? at);
            },
            (def) => questionPath(def, questionId),
          );
          const row = await findQuestion(tx, request.enterpriseId, questionId);
          const after = present(row.question, version);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_questions',
            objectId: questionId,
            action: 'update',
            before: present(current.question, current.version),
            after,
          });
          return after;
        });
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.delete('/api/fbquestions/:id', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Remove a question, with the conditions that read or show it',
      params: idParams,
    },
    handler: async (request, reply) => {
      const questionId = request.params.id;
      await db.transaction(async (tx) => {
        const current = await findQuestion(tx, request.enterpriseId, questionId);
        await editTree(
          tx,
          request.enterpriseId,
          current.question.form_id,
          (def) => {
            for (const p of def.pages)
              for (const g of p.groups) g.questions = g.questions.filter((q) => q.id !== questionId);
            def.conditions = def.conditions.filter(
              (c) => c.source_question_id !== questionId && c.target_question_id !== questionId,
            );
            for (const rule of def.reimbursement_rules)
              if (rule.question_id === questionId) rule.question_id = null;
          },
          () => null,
        );
        await recordChange(tx, actorOf(request), {
          entity: 'fb_questions',
          objectId: questionId,
          action: 'delete',
          before: present(current.question, current.version),
        });
      });
      return reply.status(204).send();
    },
  });
}
