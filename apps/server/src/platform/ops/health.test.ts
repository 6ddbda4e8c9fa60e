import { Writable } from 'node:stream';
import type { Database } from '@licensure/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../test/test-database';

// Issue 28 items 1 and 2: health for load balancers and Prometheus metrics, public and cheap, out of the
// access log; metrics behind METRICS_TOKEN.

const TOKEN = 'metrics-token-of-this-test-0123456789';
let database: Database;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', METRICS_TOKEN: TOKEN });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream }, startJobs: false });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const urlsLogged = () => lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);

describe('GET /healthz and /readyz', () => {
  it('healthz answers while the process runs, and neither is written to the access log', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    await app.inject({ method: 'GET', url: '/readyz' });
    await app.inject({ method: 'GET', url: '/api/IsSessionAlive' });
    // The API's request was logged (so the log works), the health checks were not.
    expect(urlsLogged()).toContain('/api/IsSessionAlive');
    expect(urlsLogged().filter((u) => u === '/healthz' || u === '/readyz')).toEqual([]);
  });

  it('readyz is 503 naming the job queue until it runs, then 200', async () => {
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({
      status: 'not ready',
      failing: ['jobs'],
      checks: { database: 'ok', migrations: 'ok', jobs: 'the job queue is not running' },
    });
    await app.deps.jobs.start();
    const after = await app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('readyz names the migrations when one of this code is not applied, or a newer one is', async () => {
    const result = await database.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const [last] = (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    const missing = await app.inject({ method: 'GET', url: '/readyz' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ failing: ['migrations'] });
    expect((missing.json() as { checks: { migrations: string } }).checks.migrations).toMatch(
      /^\d+ of \d+ migrations applied$/,
    );
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Number(last!.created_at) + 1000})`,
    );
    const newer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(newer.statusCode).toBe(503);
    expect(newer.json()).toMatchObject({
      failing: ['migrations'],
      checks: { migrations: 'the database was migrated by a newer release' },
    });
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`,
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('refuses a caller without the bearer token, or with another one', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('licensure_');
  });

  it('counts requests by route pattern and status, with pools, queues, mail and event lag', async () => {
    const id = '3f1c2a9e-1111-4222-8333-444455556666';
    const route = app.registeredRoutes.find(
      (r) => r.method === 'GET' && r.url.endsWith('/:id') && r.access !== 'public',
    )!;
    const url = route.url.replace(':id', id);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The route's pattern, never the URL with its id.
    expect(text).toContain(`licensure_http_requests_total{method="GET",route="${route.url}",status="401"}`);
    expect(text).not.toContain(id);
    expect(text).toMatch(
      /licensure_http_request_duration_seconds_bucket\{[^}]*route="\/healthz"[^}]*status="200"/,
    );
    expect(text).toContain('licensure_job_queue_jobs{queue="mail-send",state="ready"}');
    expect(text).toContain('# TYPE licensure_job_failures_total counter');
    expect(text).toContain('# TYPE licensure_mail_sent_total counter');
    expect(text).toContain('# TYPE licensure_event_dispatch_lag_seconds histogram');
    expect(text).toMatch(/licensure_events_pending \d+/);
    expect(text).toContain('licensure_process_resident_memory_bytes');
    if (database.kind === 'postgres')
      expect(text).toMatch(/licensure_db_pool_connections\{pool="main",state="in_use"\} \d+/);
  });

  it('is not served on the app port without METRICS_TOKEN', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const other = await buildApp({ config, database, logger: false, startJobs: false });
    await other.ready();
    try {
      const res = await other.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
