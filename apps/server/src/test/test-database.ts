import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Database, fromPglite, openPostgres, pgliteExtensions } from '@licensure/db';
import pg from 'pg';
import { inject } from 'vitest';
import { testDatabaseNames, withDatabase } from './global-setup';

/** The database kind of this test project: PGlite in the `server` project, PostgreSQL in `server-pg`. */
export const testDbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database with the national reference data, copied from the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const { template, prefix } = testDatabaseNames(url);
    const name = `${prefix}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    return openPostgres(withDatabase(url, name), 5);
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return fromPglite(pglite);
}
