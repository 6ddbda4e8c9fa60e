import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { sortTerm } from './list-query';

const dialect = new PgDialect();
const sortable = { name: sql`"t"."name"`, expires: sql`"t"."expires"` };

describe('sortTerm', () => {
  it('sorts by the named expression, empty values last, either way', () => {
    expect(dialect.sqlToQuery(sortTerm(sortable, { sortBy: 'NAME' }, 'expires')).sql).toBe(
      '"t"."name" asc nulls last',
    );
    expect(dialect.sqlToQuery(sortTerm(sortable, { reverse: true }, 'expires')).sql).toBe(
      '"t"."expires" desc nulls last',
    );
  });

  it('refuses an unknown sortBy with a 400 naming it', () => {
    try {
      sortTerm(sortable, { sortBy: 'password' }, 'name');
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError & { fields?: Record<string, string> }).fields?.sortBy).toMatch(/name, expires/);
    }
  });
});
