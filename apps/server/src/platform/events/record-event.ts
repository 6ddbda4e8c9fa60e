import { domainEvents, type Tx } from '@licensure/db';

export interface NewDomainEvent {
  enterpriseId: string;
  /** What happened, dotted: `licenseRequest.submitted`. */
  name: string;
  /** The table or resource of the object: `license_requests`. */
  entity: string;
  objectId: string;
  actorId?: string | null;
  payload?: Record<string, unknown>;
}

/**
 * Records a domain event in the outbox, in the caller's transaction: it is dispatched to consumers
 * only if the transaction commits, and it is never lost when it does.
 */
export async function recordEvent(tx: Tx, event: NewDomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    enterprise_id: event.enterpriseId,
    name: event.name,
    entity: event.entity,
    object_id: event.objectId,
    actor_id: event.actorId ?? null,
    payload: event.payload ?? {},
  });
}
