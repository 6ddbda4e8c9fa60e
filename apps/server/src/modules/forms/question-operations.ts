import type { FormQuestion } from '@licensure/contracts';
import { type Db, fbForms, fbGroups, fbQuestions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { defineOperation } from '../../platform/resources/operation';
import { assertFresh, mapDbError } from './common';
import type { LiveDefinition } from './form-store';
import { presentQuestion } from './forms.resources';
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

type QuestionFields = Omit<FormQuestion, 'id'>;

/** Adds a question to a group (last, or at `sortOrder`), through the tree's versioning rule. */
export const addQuestion = defineOperation({
  mapError: mapDbError,
  async run({ tx, enterpriseId }, groupId: string, sortOrder: number | undefined, question: FormQuestion) {
    const questionId = question.id;
    const group = await targetGroup(tx, enterpriseId, groupId);
    const { version } = await editTree(
      tx,
      enterpriseId,
      group.form_id,
      (def) => {
        if (questionPath(def, questionId))
          throw new AppError('conflict', 'This question id is already used.', {
            id: 'This id is already used by another question.',
          });
        const g = groupOf(def, groupId);
        if (g) place(g, question, sortOrder);
      },
      (def) => questionPath(def, questionId),
    );
    const after = present((await findQuestion(tx, enterpriseId, questionId)).question, version);
    return {
      result: after,
      changes: [{ entity: 'fb_questions', objectId: questionId, action: 'create', after }],
    };
  },
});

/** Changes a question; a group and sort order move it within its form. */
export const changeQuestion = defineOperation({
  mapError: mapDbError,
  async run(
    { tx, enterpriseId },
    questionId: string,
    groupId: string,
    sortOrder: number | undefined,
    seen: string | undefined,
    fields: QuestionFields,
  ) {
    const current = await findQuestion(tx, enterpriseId, questionId);
    assertFresh(seen, current.question.updated_at, 'question');
    const group = await targetGroup(tx, enterpriseId, groupId);
    if (group.form_id !== current.question.form_id)
      throw badRequest({ group_id: 'A question can only move to a group of its own form.' });
    const { version } = await editTree(
      tx,
      enterpriseId,
      group.form_id,
      (def) => {
        let at: number | undefined;
        for (const p of def.pages)
          for (const g of p.groups) {
            const i = g.questions.findIndex((q) => q.id === questionId);
            if (i >= 0) {
              g.questions.splice(i, 1);
              if (g.id === groupId) at = i;
            }
          }
        const g = groupOf(def, groupId);
        if (g) place(g, { ...fields, id: questionId }, sortOrder ?? at);
      },
      (def) => questionPath(def, questionId),
    );
    const after = present((await findQuestion(tx, enterpriseId, questionId)).question, version);
    const before = present(current.question, current.version);
    return {
      result: after,
      changes: [{ entity: 'fb_questions', objectId: questionId, action: 'update', before, after }],
    };
  },
});

/** Removes a question, with the conditions that read or show it and its reimbursement rules' link. */
export const removeQuestion = defineOperation({
  async run({ tx, enterpriseId }, questionId: string) {
    const current = await findQuestion(tx, enterpriseId, questionId);
    await editTree(
      tx,
      enterpriseId,
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
    const before = present(current.question, current.version);
    return {
      result: undefined,
      changes: [{ entity: 'fb_questions', objectId: questionId, action: 'delete', before }],
    };
  },
});
