import { type ErrorCode, errorStatus, messages } from '@licensure/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error with an API code; the error handler turns it into `{ error: {...} }` with its status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

/** Said of a text input holding a NUL character, which PostgreSQL cannot store in text. */
export const nulCharacterMessage = 'Text must not contain a NUL character (\\u0000).';

export const notFound = (what = 'record') => new AppError('not_found', `The ${what} was not found.`);
export const forbidden = () => new AppError('forbidden', messages.forbidden);
export const unauthenticated = () => new AppError('unauthenticated', messages.notSignedIn);
export const badRequest = (fields: Record<string, string>) =>
  new AppError('validation_failed', Object.values(fields)[0] ?? 'Invalid input.', fields);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * The field a validation issue is about: its whole path, dotted (`pages.0.groups.1.questions.2.label`),
 * so that a nested error names its place. When `body` is given and the path starts at the wrapper key
 * of a wrapped entity (`{ alert_type: {...} }`), the wrapper is dropped, so a top-level field keeps its
 * plain name (`label`) as screens and tests know it.
 */
export function fieldOf(instancePath: string, body?: unknown): string {
  const parts = instancePath
    .split('/')
    .filter((p) => p !== '')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  const [head] = parts;
  if (parts.length > 1 && head !== undefined && isPlainObject(body) && isPlainObject(body[head]))
    parts.shift();
  return parts.length > 0 ? parts.join('.') : '_';
}

interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

function pgErrorOf(err: unknown): PgError | undefined {
  let e = err as PgError | undefined;
  for (let i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause;
  }
  return undefined;
}

/** Said with a 503 while the database cannot be reached. */
export const databaseUnavailableMessage = 'The service is briefly unavailable. Try again in a few seconds.';
/** Seconds a client should wait before retrying after a 503 (PostgreSQL restarts in a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATE classes 08 (connection exception) and 57P0x (the server is shutting down or starting: admin
// or crash shutdown, cannot connect now), and 53300 (too many connections).
const unavailableCodes = /^(08...|57P0[1-4]|53300)$/;
// Errors of the socket or the driver rather than of the statement: refused, reset, timed out, or pg's
// "Connection terminated" / "not queryable" / pool "timeout exceeded when trying to connect".
const unavailableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const unavailableMessages =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|terminating connection/i;

/**
 * True when an error (or its cause, as drizzle wraps driver errors) says the database could not be
 * reached, rather than that the statement failed: the request may succeed when retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && typeof e === 'object' && i < 4; i++) {
    if (typeof e.code === 'string' && (unavailableCodes.test(e.code) || unavailableSystemCodes.has(e.code)))
      return true;
    if (typeof e.message === 'string' && unavailableMessages.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Maps a database constraint violation to a 409 or 400; other errors pass through. */
export function fromDatabaseError(
  err: unknown,
  fieldForConstraint: (c: string) => string | undefined,
): unknown {
  const pgErr = pgErrorOf(err);
  if (!pgErr) return err;
  if (pgErr.code === '23505') {
    const field = (pgErr.constraint && fieldForConstraint(pgErr.constraint)) ?? 'id';
    return new AppError('conflict', `A record with this ${field.replaceAll('_', ' ')} already exists.`, {
      [field]: `This ${field.replaceAll('_', ' ')} is already used by another record.`,
    });
  }
  if (pgErr.code === '23503')
    return new AppError('conflict', 'The record is still referred to by other records.');
  if (pgErr.code === '22P02' || pgErr.code === '22007' || pgErr.code === '22008')
    return new AppError('validation_failed', 'A value has the wrong format.');
  // 22021 / 22P05: a character the database cannot store in text or jsonb (a NUL); the input guard
  // refuses these first, this is the second line for inputs it cannot see (file contents, headers).
  if (pgErr.code === '22021' || pgErr.code === '22P05')
    return new AppError('validation_failed', nulCharacterMessage);
  return err;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation)
        fields[fieldOf(issue.instancePath, error.validationContext === 'body' ? request.body : undefined)] ??=
          issue.message ?? 'Invalid value';
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        error: {
          code: 'validation_failed',
          message: first ? `${first[0]}: ${first[1]}` : 'Invalid input.',
          fields,
        },
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'service_unavailable', message: databaseUnavailableMessage } });
    }
    const mapped = fromDatabaseError(error, () => undefined);
    if (mapped instanceof AppError) {
      return reply
        .status(mapped.status)
        .send({ error: { code: mapped.code, message: mapped.message, fields: mapped.fields } });
    }
    const fe = error as FastifyError;
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply
        .status(413)
        .send({ error: { code: 'payload_too_large', message: 'The request is too large.' } });
    if (fe.statusCode === 429)
      return reply.status(429).send({
        error: { code: 'rate_limited', message: fe.message || 'Too many requests. Try again shortly.' },
      });
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
      return reply.status(fe.statusCode).send({
        error: {
          code: fe.statusCode === 415 ? 'validation_failed' : 'validation_failed',
          message: fe.message,
        },
      });
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on the server.' } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: 'route_not_found',
        message: `${messages.routeNotFound} (${request.method} ${request.url.split('?')[0]})`,
      },
    });
  });
}
