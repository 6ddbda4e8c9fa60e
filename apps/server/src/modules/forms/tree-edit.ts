// One-item edits of a form's tree (fbquestions, fbconditions): load the live tree, change it in
// memory, then check and write it like a whole-form save, so the same rules hold.
import type { FormDefinition } from '@licensure/contracts';
import type { Tx } from '@licensure/db';
import { AppError } from '../../platform/http/errors';
import { findForm } from './common';
import { type LiveDefinition, loadLiveDefinition } from './form-store';
import { writeFormTree } from './save-tree';

/** Where a question sits in the tree, as the field path prefix of its checks. */
export function questionPath(def: Pick<FormDefinition, 'pages'>, questionId: string): string | null {
  for (const [i, p] of def.pages.entries())
    for (const [j, g] of p.groups.entries())
      for (const [k, q] of g.questions.entries())
        if (q.id === questionId) return `pages.${i}.groups.${j}.questions.${k}.`;
  return null;
}

/** Field errors about the edited item named by its own fields (`element_id`, not `pages.0…`). */
function rename(err: unknown, prefix: string | null): unknown {
  if (!(err instanceof AppError) || !err.fields || !prefix) return err;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(err.fields))
    fields[key.startsWith(prefix) ? key.slice(prefix.length) : key] = message;
  const first = Object.entries(fields)[0];
  return new AppError(err.code, first ? first[1] : err.message, fields);
}

/**
 * Locks form `formId`, hands a copy of its live tree to `change` and writes the result. `pathOf`
 * names where the edited item ended up, so errors about it use its own field names.
 */
export async function editTree(
  tx: Tx,
  enterpriseId: string,
  formId: string,
  change: (def: LiveDefinition) => void,
  pathOf: (def: LiveDefinition) => string | null,
): Promise<{ version: number; before: LiveDefinition; after: LiveDefinition }> {
  await findForm(tx, enterpriseId, formId, true);
  const before = await loadLiveDefinition(tx, enterpriseId, formId);
  if (!before) throw new AppError('not_found', 'The form was not found.');
  const next = structuredClone(before);
  change(next);
  try {
    const { version } = await writeFormTree(tx, enterpriseId, formId, before, next);
    const after = await loadLiveDefinition(tx, enterpriseId, formId);
    if (!after) throw new AppError('not_found', 'The form was not found.');
    return { version, before, after };
  } catch (err) {
    throw rename(err, pathOf(next));
  }
}
