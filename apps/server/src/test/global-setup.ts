import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, seedGeography } from '@licensure/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Names of this run's databases, derived from TEST_DATABASE_URL's database so that two runs against
 * different databases (two developers, two CI jobs) never drop each other's.
 */
export function testDatabaseNames(url: string) {
  const base =
    new URL(url).pathname
      .slice(1)
      .replace(/[^a-z0-9_]/gi, '_')
      .toLowerCase() || 'postgres';
  return { template: `${base}_tpl`, prefix: `${base}_t_` };
}

/**
 * Migrates one database per run and keeps it as a template: a PGlite dump that each test file loads,
 * and, with TEST_DATABASE_URL, a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.TEST_DB_KIND === 'postgres';
  const pglite = await openPglite();
  await pglite.migrate();
  await seedGeography(pglite.db);
  const dump = await pglite.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `licensure-test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);

  const url = onPostgres ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { template } = testDatabaseNames(url);
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const tpl = openPostgres(withDatabase(url, template), 2);
    await tpl.migrate();
    await seedGeography(tpl.db);
    await tpl.close();
  }
  return async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or starts_with(datname, $2)',
      [testDatabaseNames(url).template, testDatabaseNames(url).prefix],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
