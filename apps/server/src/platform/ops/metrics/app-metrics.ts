import { type Database, domainEvents } from '@licensure/db';
import { isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import { httpDuration, httpRequests, processCounters } from './counters';

/** Node's own metrics (memory, event loop, GC): once per process, whatever number of apps it builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'licensure_' });
  }
  return processRegistry;
}

export interface AppMetrics {
  /** Counts every answered request by its route pattern (never the raw URL: ids would explode it). */
  observeRequests(app: FastifyInstance): void;
  /** The Prometheus text of this app's and this process's metrics. */
  scrape(): Promise<{ contentType: string; body: string }>;
  registry: Registry;
}

/**
 * The metrics of one app: the process's counters (requests, jobs, mail, event lag) and gauges read at
 * scrape time from what is cheap to read: the database pools, pg-boss's monitored queue counts, and the
 * outbox's undispatched events (a partial index keeps that count small and fast).
 */
/**
 * What the metrics read of the job queue (its JobQueue has it): declared here because platform/jobs imports
 * ops for its counters, and ops importing jobs back would close a module circle (.dependency-cruiser.cjs).
 */
export interface QueueCountsSource {
  counts(): Promise<{ name: string; ready: number; deferred: number; active: number; failed: number }[]>;
}

export function createAppMetrics(database: Database, jobs: QueueCountsSource): AppMetrics {
  const registry = new Registry();
  // The counters' label sets differ; registerMetric's generic wants one.
  for (const metric of processCounters) registry.registerMetric(metric as Metric);

  new Gauge({
    name: 'licensure_db_pool_connections',
    help: 'Database connections by pool and state (PostgreSQL): in use, idle, max',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const p of database.poolStats?.() ?? []) {
        this.set({ pool: p.pool, state: 'in_use' }, p.total - p.idle);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
        this.set({ pool: p.pool, state: 'max' }, p.max);
      }
    },
  });
  new Gauge({
    name: 'licensure_db_pool_waiting',
    help: 'Callers waiting for a database connection, by pool (PostgreSQL)',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const p of database.poolStats?.() ?? []) this.set({ pool: p.pool }, p.waiting);
    },
  });
  new Gauge({
    name: 'licensure_job_queue_jobs',
    help: "Jobs by queue and state (ready, deferred, active, failed), as pg-boss's monitor last counted",
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await jobs.counts()) {
        this.set({ queue: q.name, state: 'ready' }, q.ready);
        this.set({ queue: q.name, state: 'deferred' }, q.deferred);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'failed' }, q.failed);
      }
    },
  });
  const pendingEvents = () =>
    database.db
      .select({
        n: sql<number>`count(*)::int`,
        age: sql<number | null>`extract(epoch from now() - min(${domainEvents.created_at}))::float8`,
      })
      .from(domainEvents)
      .where(isNull(domainEvents.dispatched_at));
  new Gauge({
    name: 'licensure_events_pending',
    help: 'Domain events recorded and not yet dispatched',
    registers: [registry],
    async collect() {
      const [row] = await pendingEvents();
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'licensure_events_oldest_pending_seconds',
    help: 'Age of the oldest undispatched domain event (0 when none): the dispatch lag right now',
    registers: [registry],
    async collect() {
      const [row] = await pendingEvents();
      this.set(Math.max(0, Number(row?.age ?? 0)));
    },
  });

  return {
    registry,
    observeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        // An unmatched URL (a scan, a typo) is one label, not one per URL.
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route, status: String(reply.statusCode) };
        httpRequests.inc(labels);
        httpDuration.observe(labels, reply.elapsedTime / 1000);
      });
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
