import type { FormOutput } from '@licensure/contracts';
import { type Db, fbForms, fbResponses, type Tx } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, fromDatabaseError, notFound } from '../../platform/http/errors';
import type { LiveDefinition, VersionedDefinition } from './form-store';

export const tags = ['forms'];
export { idParams } from '../../platform/resources/register';

/** Unique indexes of the module, by the field a duplicate is about. */
const constraintFields: Record<string, string> = {
  fb_forms_name_key: 'name',
  fb_packages_name_key: 'name',
  fb_forms_pkey: 'id',
  fb_questions_pkey: 'id',
  fb_conditions_pkey: 'id',
  fb_groups_pkey: 'id',
  fb_pages_pkey: 'id',
  fb_reimbursement_rules_pkey: 'id',
};
export const mapDbError = (err: unknown) => fromDatabaseError(err, (c) => constraintFields[c]);

/** The live (not deleted) form row of the enterprise, locked for the transaction when asked. */
export async function findForm(db: Db | Tx, enterpriseId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(fbForms)
    .where(and(eq(fbForms.id, id), eq(fbForms.enterprise_id, enterpriseId), isNull(fbForms.deleted_at)));
  const [form] = lock ? await query.for('update') : await query;
  if (!form) throw notFound('form');
  return form;
}

/** 409 when `seen` (updated_at as the client read it) is not the record's current updated_at. */
export function assertFresh(seen: string | undefined, current: Date, what: string) {
  if (seen !== undefined && new Date(seen).getTime() !== current.getTime())
    throw new AppError('conflict', `This ${what} was changed by someone else. Reload it and try again.`, {
      updated_at: `The ${what} was changed by someone else.`,
    });
}

export async function hasResponses(db: Db | Tx, formId: string, version?: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(fbResponses)
    .where(
      version === undefined
        ? eq(fbResponses.form_id, formId)
        : and(eq(fbResponses.form_id, formId), eq(fbResponses.form_version, version)),
    )
    .limit(1);
  return Boolean(row);
}

/** A form as the API returns it: its tree (live or of one version) and whether it was answered. */
export function presentForm(
  definition: VersionedDefinition,
  form: { enterprise_id: string; created_at: Date; updated_at: Date },
  answered: boolean,
): FormOutput {
  const { id, version, name, description, form_type_id, document_type_id, active, applicant_access } =
    definition;
  return {
    id,
    enterprise_id: form.enterprise_id,
    version,
    name,
    description,
    form_type_id,
    document_type_id,
    active,
    applicant_access,
    pages: definition.pages,
    conditions: definition.conditions,
    reimbursement_rules: definition.reimbursement_rules,
    has_responses: answered,
    created_at: form.created_at.toISOString(),
    updated_at: form.updated_at.toISOString(),
  };
}

export type { LiveDefinition };
