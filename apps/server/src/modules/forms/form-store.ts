// Reading a form's tree and the versioning rule: shared by the forms and responses modules.
import type {
  FormCondition,
  FormDefinition,
  FormPage,
  FormQuestion,
  ReimbursementRule,
} from '@licensure/contracts';
import {
  type Db,
  fbConditions,
  fbForms,
  fbFormVersions,
  fbGroups,
  fbPages,
  fbQuestions,
  fbReimbursementRules,
  fbResponses,
  type Tx,
} from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

export type VersionedDefinition = FormDefinition & { id: string; version: number };
export type LiveDefinition = VersionedDefinition & { updated_at: Date; created_at: Date };

type QuestionOptions = FormQuestion['options'];

/** A question row as the tree holds it. */
/** A stored condition as the form definition holds it. */
export function conditionFromRow(c: typeof fbConditions.$inferSelect): FormCondition {
  return {
    id: c.id,
    target_group_id: c.target_group_id,
    target_question_id: c.target_question_id,
    source_question_id: c.source_question_id,
    operator: c.operator as FormCondition['operator'],
    value: c.value,
    and_flag: c.and_flag,
  };
}

export function questionFromRow(q: typeof fbQuestions.$inferSelect): FormQuestion {
  return {
    id: q.id,
    kind: q.kind as FormQuestion['kind'],
    label: q.label,
    help_text: q.help_text,
    required: q.required,
    required_message: q.required_message,
    format: q.format,
    format_message: q.format_message,
    min: q.min,
    max: q.max,
    options: (q.options ?? []) as QuestionOptions,
    data_section_name: q.data_section_name,
    element_id: q.element_id,
    document_type_id: q.document_type_id,
  };
}

/** The live tree of a form (pages, groups, questions in sort order), or null if missing or deleted. */
export async function loadLiveDefinition(
  db: Db | Tx,
  enterpriseId: string,
  formId: string,
): Promise<LiveDefinition | null> {
  const [form] = await db
    .select()
    .from(fbForms)
    .where(and(eq(fbForms.id, formId), eq(fbForms.enterprise_id, enterpriseId), isNull(fbForms.deleted_at)));
  if (!form) return null;
  const [pages, groups, questions, conditions, rules] = await Promise.all([
    db
      .select()
      .from(fbPages)
      .where(eq(fbPages.form_id, formId))
      .orderBy(asc(fbPages.sort_order), asc(fbPages.created_at), asc(fbPages.id)),
    db
      .select()
      .from(fbGroups)
      .where(eq(fbGroups.form_id, formId))
      .orderBy(asc(fbGroups.sort_order), asc(fbGroups.created_at), asc(fbGroups.id)),
    db
      .select()
      .from(fbQuestions)
      .where(eq(fbQuestions.form_id, formId))
      .orderBy(asc(fbQuestions.sort_order), asc(fbQuestions.created_at), asc(fbQuestions.id)),
    db
      .select()
      .from(fbConditions)
      .where(eq(fbConditions.form_id, formId))
      .orderBy(asc(fbConditions.sort_order), asc(fbConditions.created_at), asc(fbConditions.id)),
    db
      .select()
      .from(fbReimbursementRules)
      .where(eq(fbReimbursementRules.form_id, formId))
      .orderBy(
        asc(fbReimbursementRules.sort_order),
        asc(fbReimbursementRules.created_at),
        asc(fbReimbursementRules.id),
      ),
  ]);

  const questionsByGroup = new Map<string, FormQuestion[]>();
  for (const q of questions) {
    const list = questionsByGroup.get(q.group_id) ?? [];
    list.push(questionFromRow(q));
    questionsByGroup.set(q.group_id, list);
  }
  const groupsByPage = new Map<string, FormPage['groups']>();
  for (const g of groups) {
    const list = groupsByPage.get(g.page_id) ?? [];
    list.push({
      id: g.id,
      title: g.title,
      description: g.description,
      spot_check: g.spot_check,
      populate_entity: g.populate_entity ?? null,
      questions: questionsByGroup.get(g.id) ?? [],
    });
    groupsByPage.set(g.page_id, list);
  }
  return {
    id: form.id,
    version: form.version,
    name: form.name,
    description: form.description,
    form_type_id: form.form_type_id,
    document_type_id: form.document_type_id,
    active: form.active,
    applicant_access: form.applicant_access,
    pages: pages.map((p) => ({ id: p.id, title: p.title, groups: groupsByPage.get(p.id) ?? [] })),
    conditions: conditions.map(conditionFromRow),
    reimbursement_rules: rules.map(
      (r): ReimbursementRule => ({
        id: r.id,
        question_id: r.question_id,
        description: r.description,
        amount: r.amount,
        max_amount: r.max_amount,
      }),
    ),
    created_at: form.created_at,
    updated_at: form.updated_at,
  };
}

/** Locks the form row for the rest of the transaction, so versioning steps serialise. */
async function lockForm(tx: Tx, enterpriseId: string, formId: string) {
  const [form] = await tx
    .select({ id: fbForms.id, version: fbForms.version })
    .from(fbForms)
    .where(and(eq(fbForms.id, formId), eq(fbForms.enterprise_id, enterpriseId), isNull(fbForms.deleted_at)))
    .for('update');
  if (!form) throw notFound('form');
  return form;
}

/** The stored definition without the live-only timestamps. */
function frozenCopy(live: LiveDefinition): VersionedDefinition {
  const { created_at: _created, updated_at: _updated, ...definition } = live;
  return definition;
}

async function frozenRow(db: Db | Tx, formId: string, version: number) {
  const [row] = await db
    .select({ definition: fbFormVersions.definition })
    .from(fbFormVersions)
    .where(and(eq(fbFormVersions.form_id, formId), eq(fbFormVersions.version, version)));
  return row ? (row.definition as VersionedDefinition) : null;
}

async function insertFrozen(tx: Tx, enterpriseId: string, formId: string, version: number) {
  const live = await loadLiveDefinition(tx, enterpriseId, formId);
  if (!live) throw notFound('form');
  await tx
    .insert(fbFormVersions)
    .values({ form_id: formId, version, definition: frozenCopy(live) })
    .onConflictDoNothing();
}

/**
 * Freezes the current version's definition (once) and returns it: called when a response is
 * created, so the response renders with the tree it was answered on.
 */
export async function freezeCurrentVersion(
  tx: Tx,
  enterpriseId: string,
  formId: string,
): Promise<{ version: number; definition: VersionedDefinition }> {
  const form = await lockForm(tx, enterpriseId, formId);
  let definition = await frozenRow(tx, formId, form.version);
  if (!definition) {
    await insertFrozen(tx, enterpriseId, formId, form.version);
    definition = await frozenRow(tx, formId, form.version);
    if (!definition) throw notFound('form version');
  }
  return { version: form.version, definition };
}

/**
 * The definition of one version: the frozen one, or the live tree when that version is the current
 * one and was never frozen. Null when neither exists.
 */
export async function loadVersionDefinition(
  db: Db | Tx,
  formId: string,
  version: number,
): Promise<VersionedDefinition | null> {
  const frozen = await frozenRow(db, formId, version);
  if (frozen) return frozen;
  const [form] = await db
    .select({ enterprise_id: fbForms.enterprise_id, version: fbForms.version })
    .from(fbForms)
    .where(eq(fbForms.id, formId));
  if (!form || form.version !== version) return null;
  const live = await loadLiveDefinition(db, form.enterprise_id, formId);
  return live ? frozenCopy(live) : null;
}

async function hasResponsesOn(db: Db | Tx, formId: string, version: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(fbResponses)
    .where(and(eq(fbResponses.form_id, formId), eq(fbResponses.form_version, version)))
    .limit(1);
  return Boolean(row);
}

/**
 * The versioning rule, run before every write to a form's tree in the same transaction. When
 * responses were answered on the current version, the edit starts the next one (the answered one
 * stays frozen); a frozen version nobody answered is dropped, so it is frozen again from the edited
 * tree. Returns the version the edit lands in.
 */
export async function beforeTreeEdit(tx: Tx, enterpriseId: string, formId: string): Promise<number> {
  const form = await lockForm(tx, enterpriseId, formId);
  const frozen = await frozenRow(tx, formId, form.version);
  const answered = await hasResponsesOn(tx, formId, form.version);
  let version = form.version;
  if (answered) {
    // Responses written without a frozen copy (imports, old data) keep the tree they were answered on.
    if (!frozen) await insertFrozen(tx, enterpriseId, formId, form.version);
    version = form.version + 1;
  } else if (frozen) {
    await tx
      .delete(fbFormVersions)
      .where(and(eq(fbFormVersions.form_id, formId), eq(fbFormVersions.version, form.version)));
  }
  await tx.update(fbForms).set({ version, updated_at: new Date() }).where(eq(fbForms.id, formId));
  return version;
}

/** Whether responses were answered on the form's current version. */
export async function currentVersionHasResponses(db: Db | Tx, formId: string): Promise<boolean> {
  const [form] = await db.select({ version: fbForms.version }).from(fbForms).where(eq(fbForms.id, formId));
  return form ? hasResponsesOn(db, formId, form.version) : false;
}
