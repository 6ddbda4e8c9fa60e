import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  fieldOf,
  fromDatabaseError,
  isDatabaseUnavailable,
  registerErrorHandling,
} from './errors';

describe('fieldOf', () => {
  it('names the whole dotted path of a validation issue', () => {
    expect(fieldOf('/pages/0/groups/1/questions/2/label')).toBe('pages.0.groups.1.questions.2.label');
    expect(fieldOf('/ids/0')).toBe('ids.0');
    expect(fieldOf('/search')).toBe('search');
    expect(fieldOf('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(fieldOf('')).toBe('_');
  });

  it('drops the wrapper key of a wrapped entity, so a top-level field keeps its plain name', () => {
    const body = { alert_type: { label: 1 }, application_type: { license_category_levels: [1] } };
    expect(fieldOf('/alert_type/label', body)).toBe('label');
    expect(fieldOf('/application_type/license_category_levels/0', body)).toBe('license_category_levels.0');
    expect(fieldOf('/alert_type', { alert_type: 'x' })).toBe('alert_type');
    // An array at the top is a field, not a wrapper.
    expect(fieldOf('/ids/0', { ids: ['x'] })).toBe('ids.0');
  });
});

describe('fromDatabaseError', () => {
  it('turns a unique violation into a 409 naming the field of the constraint', () => {
    const err = fromDatabaseError({ code: '23505', constraint: 'alert_types_label_key' }, (c) =>
      c === 'alert_types_label_key' ? 'label' : undefined,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).fields).toHaveProperty('label');
  });

  it('finds the database error behind a wrapping error', () => {
    const err = fromDatabaseError(
      new Error('query failed', { cause: { code: '23505', constraint: 'x' } }),
      () => 'code',
    );
    expect((err as AppError).fields).toHaveProperty('code');
  });

  it('turns text the database cannot store (a NUL) into a 400', () => {
    expect((fromDatabaseError({ code: '22021' }, () => undefined) as AppError).status).toBe(400);
    expect((fromDatabaseError({ code: '22P05' }, () => undefined) as AppError).status).toBe(400);
  });

  it('passes other errors through', () => {
    const e = new Error('boom');
    expect(fromDatabaseError(e, () => undefined)).toBe(e);
  });
});

/** What node-postgres and drizzle throw while PostgreSQL restarts (drizzle wraps the driver's error). */
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is restarting, unreachable or out of connections', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300', 'sorry, too many clients already'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves errors of the statement itself alone', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('23505', 'duplicate key value')))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 with Retry-After while the database is unavailable, and 500 for other errors', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw wrapped(pgError('57P01', 'terminating connection due to administrator command'));
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(down.json()).toEqual({
      error: { code: 'service_unavailable', message: expect.stringMatching(/unavailable/) },
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
