/**
 * Benchmark of the NEMSIS exports (issue 27 item 8): the State export of 50,000 licensed services and the
 * DEM export of a 5,000-person service must each take 10 s or less. Each export is the server's own
 * generator (apps/server/src/modules/nemsis), written piece by piece to a file as the rows are read, on a
 * PostgreSQL database made for the run; the peak memory of the process is printed beside the time. The
 * validation (XSD with libxml2, then the national Schematron with SaxonJS) takes the whole document, so it
 * runs as a separate, timed step on the file written (BENCH_VALIDATE=0 skips it). Figures: bench/README.md.
 *
 *   cd /work/main && npx tsx bench/nemsis-export.ts
 *   BENCH_SERVICES=50000 BENCH_PEOPLE=5000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DB_NAME (licensure_bench_nemsis) names the database made for the run; BENCH_KEEP=1 keeps it.
 */
import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEnterprise, openPostgres } from '@licensure/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { demExport } from '../apps/server/src/modules/nemsis/dem-export';
import { stateExport } from '../apps/server/src/modules/nemsis/state-export';
import { validateSchematron, validateXsd } from '../apps/server/src/modules/nemsis/validate';

const BENCH_DB = process.env.BENCH_DB_NAME || 'licensure_bench_nemsis';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('BENCH_DB_NAME: lower-case letters, digits and _');
const serviceCount = Number(process.env.BENCH_SERVICES ?? 50_000);
const peopleCount = Number(process.env.BENCH_PEOPLE ?? 5_000);
const validate = process.env.BENCH_VALIDATE !== '0';
const keep = process.env.BENCH_KEEP === '1';
const budgetSeconds = 10;
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
})();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Writes the pieces to a file as they come, never holding the document; returns seconds and bytes. */
async function writeFile(chunks: AsyncIterable<string>, path: string) {
  peakRss = process.memoryUsage().rss;
  const started = performance.now();
  const out = createWriteStream(path);
  for await (const chunk of chunks)
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return { seconds: (performance.now() - started) / 1000, bytes: (await stat(path)).size, peak: peakRss };
}

async function validateFile(path: string, dataset: 'DEM' | 'STATE') {
  const xml = await readFile(path, 'utf8');
  let started = performance.now();
  const xsd = await validateXsd(xml, dataset);
  const xsdSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const rules = await validateSchematron(xml, dataset);
  const rulesSeconds = (performance.now() - started) / 1000;
  const errors = [...xsd, ...rules].filter((i) => i.severity === 'error');
  return { xsdSeconds, rulesSeconds, errors: errors.length, first: errors[0]?.message };
}

async function main() {
  await admin(`drop database if exists ${BENCH_DB}`);
  await admin(`create database ${BENCH_DB}`);
  const database = openPostgres(benchUrl, 4);
  try {
    await database.migrate();
    const { db } = database;
    const enterprise = await db.transaction((tx) =>
      createEnterprise(tx, { name: 'Bench State EMS', abbreviation: 'TX' }),
    );
    const e = enterprise.id;
    let started = performance.now();
    await db.execute(sql`insert into certification_levels (enterprise_id, label, code, abbreviation, rank)
      values (${e}, 'EMT', 'EMT', 'EMT', 1), (${e}, 'Paramedic', 'P', 'Paramedic', 2)`);
    await db.execute(sql`insert into services (enterprise_id, name, service_number, county_fips, state)
      select ${e}, 'Service ' || n, 'S' || n, '48453', 'TX' from generate_series(1, ${serviceCount}) n`);
    await db.execute(sql`insert into certifications (enterprise_id, service_id, number, status, issue_date, expiration_date)
      select enterprise_id, id, 'L-' || service_number, 'active', '2025-01-01', '2027-12-31' from services where enterprise_id = ${e}`);
    const found = await db.execute(sql`select id from services where service_number = 'S1'`);
    const [big] = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { id: string }[];
    await db.execute(sql`insert into users (enterprise_id, first_name, last_name, national_ems_id)
      select ${e}, 'First' || n, 'Last' || n, 'E' || lpad(n::text, 7, '0') from generate_series(1, ${peopleCount}) n`);
    await db.execute(sql`insert into service_personnel (enterprise_id, service_id, user_id, start_date)
      select ${e}, ${big!.id}, id, '2024-01-01' from users where enterprise_id = ${e}`);
    await db.execute(sql`insert into certifications (enterprise_id, user_id, certification_level_id, number, status, issue_date, expiration_date)
      select ${e}, u.id, l.id, 'EMT-' || u.national_ems_id, 'active', '2024-06-01', '2028-06-30'
      from users u cross join lateral (select id from certification_levels where enterprise_id = ${e} order by rank limit 1) l
      where u.enterprise_id = ${e}`);
    await db.execute(sql`insert into nemsis_profiles (enterprise_id, service_id, "values") values
      (${e}, null, ${JSON.stringify({ state_fips: '48', procedures: ['89666000'], medications: ['1191'], protocols: ['9914001'] })}::jsonb),
      (${e}, ${big!.id}, ${JSON.stringify({ primary_service_type: '9920001', organization_status: '1016003', tax_status: '1018003', emd_provided: '1213001', procedures: ['89666000'], medications: ['1191'], protocols: ['9914001'] })}::jsonb)`);
    await db.execute(sql`analyze`);
    console.log(
      `generated ${serviceCount} services and a ${peopleCount}-person roster in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const statePath = join(tmpdir(), `${BENCH_DB}-state.xml`);
    const state = await writeFile(stateExport(db, e), statePath);
    const dem = await demExport(db, e, big!.id);
    const demPath = join(tmpdir(), `${BENCH_DB}-dem.xml`);
    const demRun = await writeFile(dem!.chunks, demPath);
    const line = (what: string, r: typeof state) =>
      `${what}: ${r.seconds.toFixed(2)} s, ${mb(r.bytes)} written, peak RSS ${mb(r.peak)} (budget ${budgetSeconds} s): ${r.seconds <= budgetSeconds ? 'PASS' : 'FAIL'}`;
    console.log(line(`State export, ${serviceCount} services`, state));
    console.log(line(`DEM export, ${peopleCount} people`, demRun));

    if (validate) {
      for (const [what, path, dataset] of [
        ['DEM', demPath, 'DEM'],
        ['State', statePath, 'STATE'],
      ] as const) {
        started = performance.now();
        const v = await validateFile(path, dataset);
        console.log(
          `${what} validation (separate step): XSD ${v.xsdSeconds.toFixed(1)} s, Schematron ${v.rulesSeconds.toFixed(1)} s, ${v.errors} errors${v.first ? ` (first: ${v.first})` : ''}`,
        );
      }
    }
    if (state.seconds > budgetSeconds || demRun.seconds > budgetSeconds) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await database.close();
    if (!keep) await admin(`drop database if exists ${BENCH_DB}`);
  }
}

await main();
