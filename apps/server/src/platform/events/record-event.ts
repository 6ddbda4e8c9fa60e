import {
  type DomainEventName,
  type EventEntity,
  type EventPayload,
  isDomainEventName,
  type ResourceEventName,
} from '@licensure/contracts';
import { domainEvents, type Tx } from '@licensure/db';
import { currentRequestId } from '../ops/request-context';

/** An outbox row: any name (the outbox's own tests and fixtures); domain code records catalogued events. */
export interface OutboxEntry {
  enterpriseId: string;
  name: string;
  /** The table or resource of the object: `license_requests`. */
  entity: string;
  objectId: string;
  actorId?: string | null;
  payload?: Record<string, unknown>;
}

type PayloadField<N extends DomainEventName> =
  object extends EventPayload<N> ? { payload?: EventPayload<N> } : { payload: EventPayload<N> };

/**
 * A domain event of the catalogue (packages/contracts/src/events.ts): its name is a symbol of the
 * catalogue, its entity and payload the ones declared for it.
 */
export type NewDomainEvent<N extends DomainEventName> = {
  enterpriseId: string;
  /** What happened: `Events.requestApproved`, `resourceEvent('services', 'created')`. */
  name: N;
  entity: EventEntity<N>;
  objectId: string;
  actorId?: string | null;
} & PayloadField<N>;

/**
 * Records a domain event in the outbox, in the caller's transaction: it is dispatched to consumers
 * only if the transaction commits, and it is never lost when it does. A name outside the catalogue is
 * a type error, and refused at run time too (a resource's generated name, say).
 */
export async function recordEvent<N extends DomainEventName>(
  tx: Tx,
  event: NewDomainEvent<N>,
): Promise<void> {
  if (!isDomainEventName(event.name)) throw new Error(`${event.name} is not an event of the catalogue`);
  await recordOutboxEntry(tx, event as OutboxEntry);
}

/** Writes an outbox row as given: for the outbox's own tests; modules record events with recordEvent. */
export async function recordOutboxEntry(tx: Tx, event: OutboxEntry): Promise<void> {
  await tx.insert(domainEvents).values({
    enterprise_id: event.enterpriseId,
    name: event.name,
    entity: event.entity,
    object_id: event.objectId,
    actor_id: event.actorId ?? null,
    payload: event.payload ?? {},
    request_id: currentRequestId() ?? null,
  });
}

/**
 * The event a declarative resource's write records (`events: true`): `${entity}.created|updated|deleted`,
 * which the catalogue must declare (`resourceEventActions`); an undeclared one is refused.
 */
export function resourceWriteEvent(
  entity: string,
  action: 'create' | 'update' | 'delete',
): ResourceEventName {
  const name = `${entity}.${action === 'create' ? 'created' : action === 'update' ? 'updated' : 'deleted'}`;
  if (!isDomainEventName(name))
    throw new Error(`${name} is not an event of the catalogue (resourceEventActions)`);
  return name as ResourceEventName;
}
