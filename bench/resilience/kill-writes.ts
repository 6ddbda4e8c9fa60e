/**
 * Issue 10 item 10: kill -9 during multi-row writes, on PGlite (a data folder on disk) and PostgreSQL
 * (a private cluster).
 *
 * Each run prepares, through the API, a submitted licence request (two levels: its approval issues two
 * credentials) and an uploaded roster CSV, then sends at once: a save of a licence's whole configuration
 * (PUT /api/licenses/:id: categories, levels, request and credential statuses), the roster import
 * (POST clinicians/importClinicians: people, roster entries and change log, all or none) and the approval
 * (POST LicenseRequests/approve). After a random delay the server gets SIGKILL. Then the database is opened
 * as it was left (PGlite: by this script, with no repair step) and every invariant is checked for every
 * run so far (lib/kill-checks.ts); the next run starts the server on it again.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { envNumber, onCleanup, runScript } from './lib/cleanup';
import { type Cluster, freePort, startPrivateCluster } from './lib/cluster';
import { type Answer, call, type Session, signIn } from './lib/http';
import { checkInvariants, type Query, type RunRecord } from './lib/kill-checks';
import {
  configPayload,
  createKillFixture,
  type KillFixture,
  prepareApproval,
  uploadRoster,
} from './lib/kill-setup';
import { type Server, startServer } from './lib/server';
import { serverTree } from './lib/tree';

const RUNS = envNumber('KILL_RUNS', 25);
const MIN_DELAY_MS = envNumber('KILL_MIN_DELAY_MS', 20);
const MAX_DELAY_MS = envNumber('KILL_MAX_DELAY_MS', 2000);
const ROSTER_ROWS = envNumber('KILL_ROSTER_ROWS', 200);
const BACKENDS = (process.env.KILL_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim());
// proper-lockfile's stale time of the data folder lock (platform/data-dir-lock.ts): a killed server
// leaves its lock, which a new one may take over only once it is this old.
const LOCK_STALE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type WriteName = 'save' | 'roster' | 'approve';

interface BackendFigures {
  backend: string;
  runs: number;
  killedDuringWrite: number;
  inFlight: Record<WriteName, number>;
  landedOfInFlight: Record<WriteName, number>;
  ackedBeforeKill: Record<WriteName, number>;
  problems: string[];
  opens: number;
  openMs: number[];
  restartMs: number[];
  lockWaitMs: number[];
}

async function pgliteQuery<T>(
  dataDir: string,
  fn: (q: Query) => Promise<T>,
): Promise<{ result: T; openMs: number }> {
  const started = performance.now();
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const openMs = performance.now() - started;
  try {
    const q: Query = async <R>(sql: string, params?: unknown[]) => (await db.query<R>(sql, params)).rows;
    // A plain read of a big table too: the files are readable, not merely openable.
    await q('select count(*) from data_change_log');
    return { result: await fn(q), openMs };
  } finally {
    await db.close();
  }
}

async function pgQuery<T>(url: string, fn: (q: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(
      async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
    );
  } finally {
    await client.end();
  }
}

async function runBackend(backend: string, root: string, dir: string): Promise<BackendFigures> {
  const figures: BackendFigures = {
    backend,
    runs: 0,
    killedDuringWrite: 0,
    inFlight: { save: 0, roster: 0, approve: 0 },
    landedOfInFlight: { save: 0, roster: 0, approve: 0 },
    ackedBeforeKill: { save: 0, roster: 0, approve: 0 },
    problems: [],
    opens: 0,
    openMs: [],
    restartMs: [],
    lockWaitMs: [],
  };
  const dataDir = path.join(dir, backend);
  let cluster: Cluster | undefined;
  if (backend === 'postgres') cluster = await startPrivateCluster(envNumber('KILL_PG_PORT', 55434));
  const port = await freePort();
  const logFile = path.join(dir, `${backend}-server.log`);
  const start = async () => {
    const lock = path.join(dataDir, '.server.lock');
    if (!cluster) {
      let age = Number.POSITIVE_INFINITY;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        // no lock left
      }
      const wait = Number.isFinite(age) ? Math.max(0, LOCK_STALE_MS + 500 - age) : 0;
      if (Number.isFinite(age)) figures.lockWaitMs.push(wait);
      await sleep(wait);
    }
    const t0 = performance.now();
    const s = await startServer({
      root,
      port,
      dataDir,
      logFile,
      ...(cluster ? { databaseUrl: cluster.url } : {}),
    });
    figures.restartMs.push(performance.now() - t0);
    return s;
  };

  let server: Server = await start();
  const admin: Session = await signIn(server.base, 'admin');
  const fixture: KillFixture = await createKillFixture(server.base, admin);
  const records: RunRecord[] = [];
  const check = async (): Promise<Awaited<ReturnType<typeof checkInvariants>>> => {
    if (cluster) return pgQuery(cluster.url, (q) => checkInvariants(q, fixture, records));
    const { result, openMs } = await pgliteQuery(path.join(dataDir, 'pgdata'), (q) =>
      checkInvariants(q, fixture, records),
    );
    figures.opens++;
    figures.openMs.push(openMs);
    return result;
  };

  for (let i = 1; i <= RUNS; i++) {
    if (!server.alive) server = await start();
    const run = `${backend === 'postgres' ? 'P' : 'L'}${i}`;
    const requestId = await prepareApproval(server.base, admin, fixture, run);
    const documentId = await uploadRoster(server.base, admin, run, ROSTER_ROWS);
    const record: RunRecord = {
      run,
      gen: i,
      requestId,
      rosterRows: ROSTER_ROWS,
      acked: { save: false, roster: false, approve: false },
    };
    records.push(record);
    const answered: Partial<Record<WriteName, Answer>> = {};
    const send = (name: WriteName, p: Promise<Answer>) =>
      p.then((a) => {
        answered[name] = a;
        return a;
      });
    const b = server.base;
    const writes = [
      send(
        'save',
        call(b, admin, 'PUT', `/api/licenses/${fixture.configLicenseId}`, configPayload(fixture, i), 60_000),
      ),
      send(
        'roster',
        call(
          b,
          admin,
          'POST',
          `/api/clinicians/importClinicians/${documentId}/${fixture.serviceId}`,
          undefined,
          60_000,
        ),
      ),
      send(
        'approve',
        call(b, admin, 'POST', '/api/LicenseRequests/approve', { licenseRequestID: requestId }, 60_000),
      ),
    ];
    const delay = MIN_DELAY_MS + Math.random() * (MAX_DELAY_MS - MIN_DELAY_MS);
    await sleep(delay);
    const inFlight = (['save', 'roster', 'approve'] as const).filter((w) => !answered[w]);
    for (const w of ['save', 'roster', 'approve'] as const) {
      const a = answered[w];
      if (a && a.status >= 200 && a.status < 300) {
        record.acked[w] = true;
        figures.ackedBeforeKill[w]++;
      } else if (a)
        figures.problems.push(
          `run ${run}: ${w} answered ${a.status} before the kill: ${JSON.stringify(a.body).slice(0, 200)}`,
        );
    }
    await server.kill('SIGKILL');
    await Promise.all(writes);
    figures.runs++;
    if (inFlight.length) figures.killedDuringWrite++;
    for (const w of inFlight) figures.inFlight[w]++;

    const { problems, outcomes } = await check();
    const outcome = outcomes.get(run);
    for (const w of inFlight) if (outcome?.[w]) figures.landedOfInFlight[w]++;
    for (const p of problems) if (!figures.problems.includes(p)) figures.problems.push(p);
    process.stdout.write(
      `${backend} run ${i}/${RUNS}: killed after ${delay.toFixed(0)} ms; in flight: ${inFlight.join(', ') || 'none'}; landed: ${(['save', 'roster', 'approve'] as const).filter((w) => outcome?.[w]).join(', ') || 'none'}; ${problems.length ? `${problems.length} PROBLEMS` : 'all whole or absent'}\n`,
    );
  }
  // The server opens the database once more after the last kill and serves.
  server = await start();
  const res = await call(server.base, admin, 'GET', `/api/licenses/${fixture.configLicenseId}`);
  if (res.status !== 200)
    figures.problems.push(`after the last kill the server answered ${res.status} to a licence read`);
  await server.kill('SIGTERM');
  return figures;
}

const fmtList = (xs: number[]) =>
  xs.length ? `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms` : '-';

await runScript('kill-writes', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'licensure-kill-'));
  onCleanup('remove the temp folder', () => rmSync(dir, { recursive: true, force: true }));
  const tree = serverTree();
  process.stdout.write(
    `server from ${tree.label}; ${RUNS} runs per backend (${BACKENDS.join(', ')}), kill after ${MIN_DELAY_MS}-${MAX_DELAY_MS} ms, roster of ${ROSTER_ROWS} rows\n`,
  );
  const all: BackendFigures[] = [];
  for (const backend of BACKENDS) all.push(await runBackend(backend, tree.root, dir));
  const lines: string[] = [];
  for (const f of all) {
    lines.push(
      `${f.backend}: ${f.runs} runs, ${f.killedDuringWrite} killed while a write was in flight`,
      `  in flight at the kill (then found committed): save ${f.inFlight.save} (${f.landedOfInFlight.save}), roster import ${f.inFlight.roster} (${f.landedOfInFlight.roster}), approval ${f.inFlight.approve} (${f.landedOfInFlight.approve})`,
      `  answered before the kill: save ${f.ackedBeforeKill.save}, roster import ${f.ackedBeforeKill.roster}, approval ${f.ackedBeforeKill.approve}`,
      `  restarts ${fmtList(f.restartMs)}${f.lockWaitMs.length ? `, waiting for the killed server's data-folder lock to go stale ${fmtList(f.lockWaitMs)}` : ''}${f.opens ? `; PGlite opened ${f.opens} times after a kill with no repair step (${fmtList(f.openMs)})` : ''}`,
      `  invariant violations: ${f.problems.length}`,
    );
    for (const p of f.problems.slice(0, 10)) lines.push(`    ${p}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n`);
  return all.every((f) => f.problems.length === 0 && f.runs === RUNS);
});
