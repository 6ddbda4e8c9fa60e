import { dataChangeLog, type Tx } from '@licensure/db';

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

/** Records a write in the data change log; call it inside the transaction of the write itself. */
export async function recordChange(tx: Tx, actor: Actor, change: Change): Promise<void> {
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
