/**
 * Benchmark of the generic list endpoint: our server (buildApp: routing, session lookup, access check,
 * zod validation, drizzle, serialization) against a minimal Fastify + pg handler that runs the same SQL
 * and returns the same JSON. Both run side by side on one PostgreSQL database, each in its own process,
 * loaded in turn by autocannon from this process. See bench/README.md.
 *
 *   cd /work/main && npx tsx bench/list-endpoint.ts        (or: npm run list -w @licensure/bench)
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../apps/server/src/platform/auth/context';
import { dropBenchDatabase, prepareDatabase } from './list-endpoint/database';
import { BackendCpu, measure, median, type RunResult } from './list-endpoint/measure';
import { type RawQuery, type Role, rawParams, Server, serveChild } from './list-endpoint/servers';
import { BENCH_DB, HOST, readSettings, SECTION, withDatabase } from './list-endpoint/settings';
import { benchResource, listSql } from './list-targets';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Main

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** CPU self time per request of each server's profile (the last round), by module and by function. */
function printProfiles(round: { ours: RunResult; raw: RunResult }) {
  for (const [role, run] of [
    ['ours', round.ours],
    ['raw', round.raw],
  ] as const) {
    const p = run.profile;
    if (!p) continue;
    const perRequest = (ms: number) => `${fmt((ms * 1000) / run.requests, 0).padStart(6)} µs`;
    console.log(
      `\nProfile of ${role}: ${fmt(p.sampledMs, 0)} ms busy (${fmt(p.idleMs, 0)} ms idle) over ${run.requests} requests, ` +
        `${fmt((p.sampledMs * 1000) / run.requests, 0)} µs busy/request (${path.relative(process.cwd(), p.file)})`,
    );
    console.log('  self time per request by module:');
    for (const m of p.byModule.slice(0, 18)) console.log(`    ${perRequest(m.ms)}  ${m.name}`);
    console.log('  by function:');
    for (const f of p.byFunction.slice(0, 20)) console.log(`    ${perRequest(f.ms)}  ${f.name}`);
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const benchUrl = withDatabase(settings.databaseUrl, BENCH_DB);
  const target = new URL(settings.path, `http://${HOST}`);
  const resource = benchResource(target.pathname);
  if (target.searchParams.has('search'))
    throw new Error('the raw server does not implement search; leave it out of BENCH_PATH');

  const servers: Server[] = [];
  let backends: BackendCpu | undefined;
  let setupDb: Awaited<ReturnType<typeof prepareDatabase>>['database'] | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      await Promise.allSettled(servers.map((s) => s.stop()));
      await backends?.close().catch(() => {});
      await setupDb?.close().catch(() => {});
      if (settings.keepDatabase) {
        console.log(`Kept the database ${BENCH_DB} (BENCH_KEEP_DB=1); drop it when done.`);
        return;
      }
      await dropBenchDatabase(settings.databaseUrl).catch((err: unknown) =>
        console.error(`could not drop ${BENCH_DB}:`, err),
      );
    })();
    return cleaned;
  };
  const abort = (why: string) => {
    console.error(`\n${why}: cleaning up`);
    void cleanup().finally(() => process.exit(2));
  };
  // Bounded: setup, then per round two servers of warm-up + measurement, with slack.
  const budgetMs =
    (180 + settings.rounds * 2 * (settings.warmupSeconds + settings.durationSeconds + 15)) * 1000;
  const watchdog = setTimeout(() => abort(`the benchmark took longer than ${budgetMs / 1000} s`), budgetMs);
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));

  try {
    const started = performance.now();
    console.log(
      `Preparing ${BENCH_DB} on ${new URL(benchUrl).host}: migrate, seed (demo), ${settings.rows} data_elements rows in section '${SECTION}'...`,
    );
    const prepared = await prepareDatabase(settings, benchUrl);
    setupDb = prepared.database;
    const { enterpriseId } = prepared;
    const scoped = settings.mode === 'scoped';
    const [applicant] = await setupDb.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.user_name, 'applicant'));
    // The portal caller as the auth hook would load it: no staff permission, so the row scope applies.
    const auth = scoped
      ? ({ userId: applicant!.id, permissions: new Set<string>() } as unknown as AuthContext)
      : null;
    const sql = listSql(setupDb.db, resource, enterpriseId, auth, target.searchParams);
    await setupDb.close();
    setupDb = undefined;
    console.log(`  ready in ${fmt((performance.now() - started) / 1000)} s`);

    // The raw server binds the enterprise id, the filters present in the URL, then LIMIT and OFFSET.
    const filterParams = Object.keys(resource.filters ?? {}).filter(
      (param) => (target.searchParams.get(param) ?? '') !== '',
    );
    const raw: RawQuery = {
      route: target.pathname,
      pageSql: sql.page.sql,
      countSql: sql.count.sql,
      enterpriseId,
      filterParams,
      fixed: scoped ? { page: sql.page.params, count: sql.count.params } : undefined,
    };
    const expected = rawParams(raw, Object.fromEntries(target.searchParams));
    if (!scoped)
      assert.deepEqual(
        expected.page,
        sql.page.params,
        'the raw page parameters differ from the ones drizzle binds',
      );
    if (!scoped)
      assert.deepEqual(
        expected.where,
        sql.count.params,
        'the raw count parameters differ from the ones drizzle binds',
      );

    const ours = new Server('ours');
    servers.push(ours);
    await ours.start({ type: 'start', role: 'ours', databaseUrl: benchUrl, poolSize: settings.poolSize });
    const login = await fetch(`http://${HOST}:${ours.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        scoped
          ? { user_name: 'applicant', password: 'applicant-demo-2026', isPortal: true }
          : { user_name: 'admin', password: 'admin-demo-2026', isPortal: false },
      ),
    });
    if (login.status !== 200)
      throw new Error(`sign-in as admin failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie };

    // What our endpoint really sends to PostgreSQL for one request, to check the raw SQL against it.
    await ours.ask({ type: 'capture', on: true }, 'capturing');
    const oursBody = await (await fetch(`http://${HOST}:${ours.port}${settings.path}`, { headers })).text();
    const { queries } = await ours.ask({ type: 'capture', on: false }, 'captured');
    const findQuery = (text: string) => queries.find((q) => q.text === text);
    assert.ok(
      findQuery(sql.page.sql),
      `our endpoint did not run the captured page SQL; it ran:\n${queries.map((q) => q.text).join('\n')}`,
    );
    assert.ok(findQuery(sql.count.sql), 'our endpoint did not run the captured count SQL');
    assert.deepEqual(findQuery(sql.page.sql)?.values, sql.page.params);
    const otherQueries = queries.filter((q) => q.text !== sql.page.sql && q.text !== sql.count.sql);
    if (settings.rawSession) {
      raw.session = otherQueries.find((q) => q.text.includes('"sessions"'));
      if (!raw.session) throw new Error('BENCH_RAW_SESSION: no session statement was captured');
    }

    const rawServer = new Server('raw');
    servers.push(rawServer);
    await rawServer.start({
      type: 'start',
      role: 'raw',
      databaseUrl: benchUrl,
      poolSize: settings.poolSize,
      raw,
    });
    const rawBody = await (await fetch(`http://${HOST}:${rawServer.port}${settings.path}`)).text();
    const oursJson = JSON.parse(oursBody) as { items: { id: string }[]; total: number };
    const rawJson = JSON.parse(rawBody) as { items: Record<string, unknown>[]; total: number };
    if (scoped) {
      // Ours presents each row (names, ISO dates); the raw server sends pg's rows: compare what was chosen.
      assert.equal(rawJson.total, oursJson.total, 'the two servers count differently');
      assert.deepEqual(
        rawJson.items.map((i) => i.id),
        oursJson.items.map((i) => i.id),
        'the two servers page differently',
      );
    } else assert.deepEqual(rawJson, oursJson, 'the two servers answer differently');
    if (oursJson.items.length === 0) throw new Error('the bench page is empty: nothing to measure');

    console.log(`\nPage SQL:  ${sql.page.sql}\n  params:  ${JSON.stringify(sql.page.params)}`);
    console.log(`Count SQL: ${sql.count.sql}`);
    console.log(`Other statements our endpoint ran for one request: ${otherQueries.length}`);
    for (const q of otherQueries) console.log(`  - ${q.text.replace(/\s+/g, ' ').slice(0, 140)}...`);
    console.log(
      `Responses: same JSON (${oursJson.items.length} items of ${oursJson.total}, ${oursBody.length} bytes ours, ${rawBody.length} bytes raw${oursBody === rawBody ? ', byte-identical' : ''})`,
    );
    console.log(
      `\nLoad: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per server, ` +
        `${settings.rounds} round(s), pool ${settings.poolSize} each, ${os.cpus().length} CPUs`,
    );

    const resultsDir = path.join(here, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    backends = await BackendCpu.open(settings.databaseUrl);
    const rounds: { ours: RunResult; raw: RunResult; ratio: number }[] = [];
    for (let r = 0; r < settings.rounds; r++) {
      // Alternate the order between rounds so neither side always runs on a warmer database.
      const order: Server[] = r % 2 === 0 ? [ours, rawServer] : [rawServer, ours];
      const results: Partial<Record<Role, RunResult>> = {};
      for (const server of order) {
        process.stdout.write(`  round ${r + 1}: ${server.role}...`);
        const profileFile = settings.profile
          ? path.join(resultsDir, `list-endpoint-${stamp}-${server.role}-${r + 1}.cpuprofile`)
          : undefined;
        results[server.role] = await measure(
          server,
          settings,
          server.role === 'ours' ? headers : {},
          backends,
          profileFile,
        );
        process.stdout.write(` ${fmt(results[server.role]!.requestsPerSecond, 0)} req/s\n`);
      }
      const o = results.ours!;
      const w = results.raw!;
      rounds.push({ ours: o, raw: w, ratio: o.requestsPerSecond / w.requestsPerSecond });
    }

    const summary = (pick: (x: (typeof rounds)[number]) => RunResult) => {
      const runs = rounds.map(pick);
      const db = runs.map((x) => x.db?.cpuMsPerRequest).filter((x) => x !== undefined);
      return {
        requestsPerSecond: median(runs.map((x) => x.requestsPerSecond)),
        p50: median(runs.map((x) => x.latencyMs.p50)),
        p99: median(runs.map((x) => x.latencyMs.p99)),
        cpuMsPerRequest: median(runs.map((x) => x.server.cpuMsPerRequest)),
        dbCpuMsPerRequest: db.length > 0 ? median(db) : undefined,
        eventLoopUtilization: median(runs.map((x) => x.server.eventLoopUtilization)),
      };
    };
    const o = summary((x) => x.ours);
    const w = summary((x) => x.raw);
    const ratio = median(rounds.map((x) => x.ratio));
    const pass = ratio >= settings.target;

    const columns = ['req/s', 'p50 ms', 'p99 ms', 'node µs/req', 'db µs/req', 'node busy'];
    const row = (name: string, cells: string[]) =>
      `${name.padEnd(20)}${cells.map((c, i) => c.padStart(Math.max(10, (columns[i]?.length ?? 0) + 2))).join('')}`;
    const line = (name: string, x: typeof o) =>
      row(name, [
        fmt(x.requestsPerSecond, 0),
        fmt(x.p50, 2),
        fmt(x.p99, 2),
        fmt(x.cpuMsPerRequest * 1000, 0),
        x.dbCpuMsPerRequest === undefined ? '-' : fmt(x.dbCpuMsPerRequest * 1000, 0),
        `${fmt(x.eventLoopUtilization * 100, 0)}%`,
      ]);
    console.log(
      `\nGET ${settings.path}${settings.rounds > 1 ? ` (medians of ${settings.rounds} rounds)` : ''}`,
    );
    console.log(row('', columns));
    console.log(line('ours (buildApp)', o));
    console.log(line(settings.rawSession ? 'raw + session sql' : 'raw (fastify + pg)', w));
    console.log(
      `\nThroughput ours/raw: ${fmt(ratio, 2)}x (target ${fmt(settings.target, 2)}x or better): ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(`p99 latency: ours ${fmt(o.p99, 2)} ms, raw ${fmt(w.p99, 2)} ms`);
    if (settings.rounds > 1) console.log(`ratio per round: ${rounds.map((x) => fmt(x.ratio, 2)).join(', ')}`);

    if (settings.profile) printProfiles(rounds.at(-1)!);

    const file = path.join(resultsDir, `list-endpoint-${stamp}.json`);
    const report = {
      benchmark: 'list-endpoint',
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      settings: { ...settings, databaseUrl: new URL(settings.databaseUrl).host },
      sql: { page: sql.page, count: sql.count, otherStatementsPerRequest: otherQueries.map((q) => q.text) },
      response: {
        items: oursJson.items.length,
        total: oursJson.total,
        bytes: oursBody.length,
        byteIdentical: oursBody === rawBody,
      },
      ours: o,
      raw: w,
      ratio,
      target: settings.target,
      pass,
      rounds,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results: ${path.relative(process.cwd(), file)}`);
    if (settings.strict && !pass) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

if (process.argv[2] === 'serve') {
  await serveChild();
} else {
  await main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  });
}
