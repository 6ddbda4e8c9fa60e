import type { FormCondition } from '@licensure/contracts';
import { type Db, fbConditions, fbForms, fbQuestions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { defineOperation } from '../../platform/resources/operation';
import { assertFresh, mapDbError } from './common';
import type { LiveDefinition } from './form-store';
import { presentCondition } from './forms.resources';
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

type ConditionFields = Omit<FormCondition, 'id'>;

/** Adds a condition (last, or at `sortOrder`); its source question must come before what it shows. */
export const addCondition = defineOperation({
  mapError: mapDbError,
  async run({ tx, enterpriseId }, sortOrder: number | undefined, condition: FormCondition) {
    const conditionId = condition.id;
    const formId = await formOfSource(tx, enterpriseId, condition.source_question_id);
    const { version } = await editTree(
      tx,
      enterpriseId,
      formId,
      (def) => {
        if (conditionPath(def, conditionId))
          throw new AppError('conflict', 'This condition id is already used.', {
            id: 'This id is already used by another condition.',
          });
        place(def, condition, sortOrder);
      },
      (def) => conditionPath(def, conditionId),
    );
    const after = present((await findCondition(tx, enterpriseId, conditionId)).condition, version);
    return {
      result: after,
      changes: [{ entity: 'fb_conditions', objectId: conditionId, action: 'create', after }],
    };
  },
});

/** Changes a condition, within its form. */
export const changeCondition = defineOperation({
  mapError: mapDbError,
  async run(
    { tx, enterpriseId },
    conditionId: string,
    sortOrder: number | undefined,
    seen: string | undefined,
    fields: ConditionFields,
  ) {
    const current = await findCondition(tx, enterpriseId, conditionId);
    assertFresh(seen, current.condition.updated_at, 'condition');
    const formId = await formOfSource(tx, enterpriseId, fields.source_question_id);
    if (formId !== current.condition.form_id)
      throw badRequest({ source_question_id: 'The source question must be a question of the same form.' });
    const { version } = await editTree(
      tx,
      enterpriseId,
      formId,
      (def) => {
        const at = def.conditions.findIndex((c) => c.id === conditionId);
        if (at >= 0) def.conditions.splice(at, 1);
        place(def, { ...fields, id: conditionId }, sortOrder ?? (at >= 0 ? at : undefined));
      },
      (def) => conditionPath(def, conditionId),
    );
    const after = present((await findCondition(tx, enterpriseId, conditionId)).condition, version);
    const before = present(current.condition, current.version);
    return {
      result: after,
      changes: [{ entity: 'fb_conditions', objectId: conditionId, action: 'update', before, after }],
    };
  },
});

/** Removes a condition. */
export const removeCondition = defineOperation({
  async run({ tx, enterpriseId }, conditionId: string) {
    const current = await findCondition(tx, enterpriseId, conditionId);
    await editTree(
      tx,
      enterpriseId,
      current.condition.form_id,
      (def) => {
        def.conditions = def.conditions.filter((c) => c.id !== conditionId);
      },
      () => null,
    );
    const before = present(current.condition, current.version);
    return {
      result: undefined,
      changes: [{ entity: 'fb_conditions', objectId: conditionId, action: 'delete', before }],
    };
  },
});
