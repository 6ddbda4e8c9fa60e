// Creating and replacing a whole form (fbforms POST and PUT).
import type { FormDefinition } from '@licensure/contracts';
import { fbForms, type Tx } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { assertFresh, findForm } from './common';
import { type LiveDefinition, loadLiveDefinition } from './form-store';
import { writeFormTree } from './save-tree';
import { checkFormIdFree } from './validate-tree';

const formColumns = (def: FormDefinition) => ({
  name: def.name,
  description: def.description ?? null,
  form_type_id: def.form_type_id ?? null,
  document_type_id: def.document_type_id ?? null,
  active: def.active,
  applicant_access: def.applicant_access,
});

async function reload(tx: Tx, enterpriseId: string, formId: string): Promise<LiveDefinition> {
  const live = await loadLiveDefinition(tx, enterpriseId, formId);
  if (!live) throw notFound('form');
  return live;
}

/** A new form with its tree; `id` is the client's choice when given (409 when taken). */
export async function createForm(
  tx: Tx,
  request: FastifyRequest,
  def: FormDefinition,
  id?: string,
): Promise<LiveDefinition> {
  if (id) await checkFormIdFree(tx, id);
  const [created] = await tx
    .insert(fbForms)
    .values({
      ...(id ? { id } : {}),
      ...formColumns(def),
      enterprise_id: request.enterpriseId,
      created_by: request.auth?.userId ?? null,
    })
    .returning({ id: fbForms.id });
  if (!created) throw new Error('form not created');
  await writeFormTree(tx, request.enterpriseId, created.id, null, def);
  const after = await reload(tx, request.enterpriseId, created.id);
  await recordChange(tx, actorOf(request), {
    entity: 'fb_forms',
    objectId: created.id,
    action: 'create',
    after,
  });
  return after;
}

/**
 * Replaces a form's tree and settings. `seen` is updated_at as the client read it (409 when stale).
 * A changed tree of an answered version starts the next version (see beforeTreeEdit).
 */
export async function replaceForm(
  tx: Tx,
  request: FastifyRequest,
  formId: string,
  def: FormDefinition,
  seen?: string,
): Promise<LiveDefinition> {
  const row = await findForm(tx, request.enterpriseId, formId, true);
  assertFresh(seen, row.updated_at, 'form');
  const before = await reload(tx, request.enterpriseId, formId);
  await writeFormTree(tx, request.enterpriseId, formId, before, def);
  await tx
    .update(fbForms)
    .set({ ...formColumns(def), updated_at: new Date() })
    .where(eq(fbForms.id, formId));
  const after = await reload(tx, request.enterpriseId, formId);
  await recordChange(tx, actorOf(request), {
    entity: 'fb_forms',
    objectId: formId,
    action: 'update',
    before,
    after,
  });
  return after;
}
