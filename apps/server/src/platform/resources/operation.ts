import type { DomainEventName } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import type { FastifyRequest } from 'fastify';
import { actorOf, type Change, recordChange } from '../audit/record-change';
import { type NewDomainEvent, recordEvent } from '../events/record-event';

/** One catalogued event of any name, each checked against the catalogue where it is written. */
export type OperationEvent = { [N in DomainEventName]: NewDomainEvent<N> }[DomainEventName];

/** What one run of an operation did: its answer, the changes to log, the events to record. */
export interface OperationOutcome<R> {
  result: R;
  /** Each written to the data change log, in the operation's transaction. */
  changes?: readonly Change[];
  /** Each recorded in the outbox, in the operation's transaction (actor: the caller, unless named). */
  events?: readonly OperationEvent[];
}

export interface OperationContext {
  tx: Tx;
  request: FastifyRequest;
  enterpriseId: string;
}

export interface OperationSpec<A extends unknown[], R> {
  /** The work, in one transaction; it returns what it changed instead of logging it by hand. */
  run: (ctx: OperationContext, ...args: A) => Promise<OperationOutcome<R>>;
  /** How a failure is answered (a unique constraint as a 409 naming the field, say). */
  mapError?: (err: unknown) => unknown;
  /** Once the transaction has committed: work that must not see an uncommitted change. */
  afterCommit?: (result: R, request: FastifyRequest) => Promise<void> | void;
}

/** Runs an operation for a request: `(db, request, ...args) => result`. */
export type Operation<A extends unknown[], R> = (db: Db, request: FastifyRequest, ...args: A) => Promise<R>;

/**
 * A custom operation (not a resource's create, update or delete) with the engine's stages built in:
 * one transaction, the run, its events and its change log entries in that transaction, the error
 * mapping, then the after-commit work. The run says what it changed; it never calls recordChange.
 */
export function defineOperation<A extends unknown[], R>(spec: OperationSpec<A, R>): Operation<A, R> {
  return async (db, request, ...args) => {
    let result: R;
    try {
      result = await db.transaction(async (tx) => {
        const outcome = await spec.run({ tx, request, enterpriseId: request.enterpriseId }, ...args);
        for (const event of outcome.events ?? [])
          await recordEvent(tx, {
            ...event,
            actorId: event.actorId === undefined ? (request.auth?.userId ?? null) : event.actorId,
          } as NewDomainEvent<DomainEventName>);
        for (const change of outcome.changes ?? []) await recordChange(tx, actorOf(request), change);
        return outcome.result;
      });
    } catch (err) {
      throw spec.mapError ? spec.mapError(err) : err;
    }
    await spec.afterCommit?.(result, request);
    return result;
  };
}
