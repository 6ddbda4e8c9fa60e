import type { Database } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { knownMigrations, refuseNewerSchema, SchemaNewerError, schemaState } from './schema-version';

// Issue 28 item 5 (in part): the server refuses to start on a database a newer release has migrated.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database?.close());

describe('the schema version at start', () => {
  it('accepts a database migrated by this code', async () => {
    const state = await schemaState(database);
    expect(state).toMatchObject({ newer: false, current: true, known: knownMigrations().length });
    await expect(refuseNewerSchema(database)).resolves.toBeUndefined();
  });

  it('refuses one that a newer release migrated, saying what to do', async () => {
    const later = (knownMigrations().at(-1)?.when ?? 0) + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a-newer-release', ${later})`,
    );
    await expect(refuseNewerSchema(database)).rejects.toThrow(SchemaNewerError);
    await expect(refuseNewerSchema(database)).rejects.toThrow(
      /upgraded by a newer release[\s\S]*restore the backup taken before the upgrade/,
    );
  });
});
