// Setting up the list-endpoint benchmark's database and the SQL the raw server runs.
import { enterprises, openPostgres, referenceTables, seedDatabase } from '@licensure/db';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { addCredentials, benchLabel } from '../list-targets';
import { BENCH_DB, SECTION, type Settings } from './settings';

// ---------------------------------------------------------------------------------------------------
// Setting up the database and the SQL

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const dropBenchDatabase = (adminUrl: string) =>
  withClient(adminUrl, (c) => c.query(`drop database if exists ${BENCH_DB} with (force)`));

export async function prepareDatabase(settings: Settings, benchUrl: string) {
  await dropBenchDatabase(settings.databaseUrl);
  await withClient(settings.databaseUrl, (c) => c.query(`create database ${BENCH_DB}`));
  const database = openPostgres(benchUrl, 4);
  try {
    await database.migrate();
    await seedDatabase(database.db, { hashPassword, demo: true });
    const [enterprise] = await database.db.select({ id: enterprises.id }).from(enterprises).limit(1);
    if (!enterprise) throw new Error('the seed created no enterprise');
    const table = referenceTables.data_elements;
    for (let start = 0; start < settings.rows; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(settings.rows, start + 1000); i++) {
        rows.push({
          enterprise_id: enterprise.id,
          data_section_name: SECTION,
          label: benchLabel(i),
          code: `B${String(i + 1).padStart(6, '0')}`,
          description: `Benchmark row ${i + 1}: a description of typical length for a reference list entry.`,
          sort_order: i + 1,
        });
      }
      await database.db.insert(table).values(rows); // one multi-row INSERT per 1,000 rows
    }
    if (settings.mode === 'scoped') await addCredentials(database.db, enterprise.id, settings.rows);
    await withClient(benchUrl, (c) => c.query('analyze'));
    return { database, enterpriseId: enterprise.id };
  } catch (err) {
    await database.close();
    throw err;
  }
}
