import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request a piece of work was caused by. A request runs inside its own context; a job sent and an
 * event recorded inside it carry its id, and the job's run and the event's dispatch open a context
 * with that id again, so every log line (pino's mixin below) and mail row of the chain carries it.
 */
interface RequestContext {
  requestId: string;
  /** Request log lines already carry the id as a binding of Fastify's request logger. */
  inRequest: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being served, or of the request that caused the job or event being run. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/**
 * Runs fn as work caused by the request `requestId` (a job's run, an event's dispatch), or by none: a
 * poller started during some request must not lend that request's id to unrelated work.
 */
export function runForRequest<T>(requestId: string | null | undefined, fn: () => T): T {
  if (!requestId) return storage.exit(fn);
  return storage.run({ requestId, inRequest: false }, fn);
}

/** Runs the rest of a request (its hooks and handler) in its context: Fastify's onRequest hook. */
export function enterRequest(requestId: string, done: () => void): void {
  storage.run({ requestId, inRequest: true }, done);
}

/** pino's mixin: the request id on every line written for a job or event a request caused. */
export function requestIdMixin(): Record<string, string> {
  const store = storage.getStore();
  return store && !store.inRequest ? { requestId: store.requestId } : {};
}

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of an incoming request: the load balancer's `x-request-id` when it sent a sane one (so its
 * log and ours agree), else a new UUID; unique across processes, unlike Fastify's counter.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}

/** The job payload key that carries the request id from `send` to the worker. */
export const REQUEST_ID_KEY = '__requestId';

/** Runs fn outside any request: what it starts (timers, pollers) is caused by no request. */
export const outsideRequest = <T>(fn: () => T): T => storage.exit(fn);
