import { dataChangeLog, type Tx } from '@licensure/db';
import { badRequest } from '../http/errors';

export interface Actor {
  userId: string | null;
  enterpriseId: string;
}

export interface Change {
  entity: string;
  objectId: string;
  action: 'create' | 'update' | 'delete';
  before?: unknown;
  after?: unknown;
}

/** Free text that is one line by nature: a reason (`reason`, `delete_reason`, `reject_reason`). */
const singleLine = (key: string) => key === 'reason' || key.endsWith('_reason');

/**
 * The field (as the API names it: `reason`) of a single-line text among the values written that holds
 * a carriage return or line feed, or null. Values unchanged from `before` are not judged again.
 * Multi-line free text (notes, descriptions, messages) keeps its line breaks: the log stores values as
 * JSON, where a line break stays inside its string.
 */
export function lineBreakIn(after: unknown, before?: unknown): string | null {
  if (!after || typeof after !== 'object' || Array.isArray(after)) return null;
  const old = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(after))
    if (singleLine(key) && typeof value === 'string' && /[\r\n]/.test(value) && old[key] !== value)
      return 'reason';
  return null;
}

/**
 * Records a write in the data change log; call it inside the transaction of the write itself. A reason
 * with a line break is refused (400 naming it), which rolls the write back with it: every write goes
 * through here, so the rule holds for every reason the API takes.
 */
export async function recordChange(tx: Tx, actor: Actor, change: Change): Promise<void> {
  const broken = lineBreakIn(change.after, change.before);
  if (broken) throw badRequest({ [broken]: `${broken} must be on one line` });
  await tx.insert(dataChangeLog).values({
    enterprise_id: actor.enterpriseId,
    user_id: actor.userId,
    entity: change.entity,
    object_id: change.objectId,
    action: change.action,
    before: change.before === undefined ? null : toJson(change.before),
    after: change.after === undefined ? null : toJson(change.after),
  });
}

const toJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

export const actorOf = (request: { auth: { userId: string } | null; enterpriseId: string }): Actor => ({
  userId: request.auth?.userId ?? null,
  enterpriseId: request.enterpriseId,
});
