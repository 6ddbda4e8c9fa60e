import type { Database, Tx } from '@licensure/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss, type Queue } from 'pg-boss';
import { jobFailures, jobRetries } from '../ops/metrics/counters';
import { currentRequestId, outsideRequest, REQUEST_ID_KEY, runForRequest } from '../ops/request-context';

/** How a queue runs its jobs. Retries and expiry are inherited by every job of the queue. */
export interface QueueSettings {
  /** standard (default); singleton: one job active at a time; stately: at most one queued and one active. */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Attempts after the first (default 2). */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job active longer than this is taken as crashed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Set it (>= 10) to have a job of a crashed process retried soon after its heartbeats stop. */
  heartbeatSeconds?: number;
  /** How long finished jobs are kept (default 7 days). */
  deleteAfterSeconds?: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx;
  /** With a singleton or stately queue: one job per key. */
  singletonKey?: string;
  startAfter?: Date | number;
  id?: string;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  pollingIntervalSeconds?: number;
}

export interface JobInfo {
  id: string;
  queue: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the process stops or the job's claim is lost. */
  signal: AbortSignal;
}

/** Throw to fail the attempt (it is retried while retries remain); never crashes the process. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** A queue's jobs by state, as pg-boss's monitor last counted them (metrics). */
export interface QueueCounts {
  name: string;
  /** Ready to run now. */
  ready: number;
  /** Waiting for a later start (retries, delayed jobs). */
  deferred: number;
  active: number;
  failed: number;
}

export interface JobRecord {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
}

/** The platform's job queue: modules use this, never pg-boss itself. */
export interface JobQueue {
  /** Declares a queue; before start() it is created when the queue starts. */
  createQueue(name: string, settings?: QueueSettings): Promise<void>;
  /** Runs handler for the queue's jobs in this process; before start() it begins when the queue starts. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Enqueues a job; starts the queue first when it is not running (tests start it lazily). Returns the
   * job id, or null when a singleton/stately queue refused it as a duplicate.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  find(name: string, id: string): Promise<JobRecord | null>;
  /**
   * Sends a job to the queue at each occurrence of a cron expression (UTC unless tz), once in the
   * whole cluster however many processes run; `key` tells several schedules of one queue apart.
   */
  schedule<T extends object>(
    name: string,
    cron: string,
    data: T,
    options?: { key?: string; tz?: string },
  ): Promise<void>;
  unschedule(name: string, key?: string): Promise<void>;
  /** Jobs of each queue by state; none before the queue has started. */
  counts(): Promise<QueueCounts[]>;
  /** Runs fn after the queue has started (now, when it already has). */
  onStart(fn: () => void | Promise<void>): void;
  /** Runs fn before the queue stops. */
  onStop(fn: () => void | Promise<void>): void;
  start(): Promise<void>;
  /** Waits up to stopTimeoutMs for running jobs, then stops; what did not finish runs again later. */
  stop(): Promise<void>;
  readonly started: boolean;
}

export interface JobQueueOptions {
  /** Seconds between pg-boss's checks for expired and stalled jobs (default 30). */
  superviseIntervalSeconds?: number;
  stopTimeoutMs?: number;
  /** Connections of pg-boss's own pool on PostgreSQL (default 4). */
  poolSize?: number;
}

interface Declared {
  queues: Map<string, QueueSettings>;
  workers: { name: string; handler: JobHandler<object>; options: WorkOptions }[];
}

function newBoss(database: Database, options: JobQueueOptions): PgBoss {
  const supervise = options.superviseIntervalSeconds ?? 30;
  const common = {
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // Cron schedules (scheduled tasks): pg-boss's timekeeper sends each occurrence once in the cluster.
    schedule: true,
  };
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('a PGlite database without its PGlite instance');
    return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  }
  if (!database.connectionString) throw new Error('the job queue needs the PostgreSQL connection string');
  return new PgBoss({
    ...common,
    connectionString: database.connectionString,
    max: options.poolSize ?? 4,
    application_name: 'licensure-jobs',
  });
}

/** pg-boss on the application's database (PGlite through pg-boss's own adapter, or PostgreSQL). */
export function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
): JobQueue {
  const boss = newBoss(database, options);
  // An unhandled 'error' event would end the process; pg-boss reports failed maintenance this way.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  const declared: Declared = { queues: new Map(), workers: [] };
  const startHooks: (() => void | Promise<void>)[] = [];
  const stopHooks: (() => void | Promise<void>)[] = [];
  let starting: Promise<void> | undefined;
  let started = false;
  let stopped = false;

  async function ensureQueue(name: string, settings: QueueSettings): Promise<void> {
    const { policy, ...rest } = settings;
    const existing = await boss.getQueue(name);
    if (!existing)
      await boss.createQueue(name, { ...rest, policy: policy ?? 'standard' } as Omit<Queue, 'name'>);
    else if (Object.keys(rest).length) await boss.updateQueue(name, rest);
  }

  async function attach(name: string, handler: JobHandler<object>, work: WorkOptions): Promise<void> {
    await boss.work<object>(
      name,
      {
        localConcurrency: work.concurrency ?? 1,
        pollingIntervalSeconds: work.pollingIntervalSeconds ?? 1,
        batchSize: 1,
      },
      async (jobs) => {
        for (const job of jobs) {
          const info = { id: job.id, queue: name, retryCount: job.retryCount, signal: job.signal };
          // The request that sent the job (if any): its id goes on the job's log lines and on what it sends.
          const { [REQUEST_ID_KEY]: requestId, ...data } = job.data as Record<string, unknown>;
          if (job.retryCount > 0) jobRetries.inc({ queue: name });
          await runForRequest(typeof requestId === 'string' ? requestId : null, async () => {
            try {
              await handler(data, info);
              // Work a request caused is traced at info (its id is on the line); the rest at debug.
              const level = typeof requestId === 'string' ? 'info' : 'debug';
              log[level]({ queue: name, jobId: job.id, retryCount: job.retryCount }, 'job done');
            } catch (err) {
              jobFailures.inc({ queue: name });
              log.error({ err, queue: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
              throw err;
            }
          });
        }
      },
    );
  }

  async function doStart(): Promise<void> {
    await boss.start();
    for (const [name, settings] of declared.queues) await ensureQueue(name, settings);
    for (const w of declared.workers) await attach(w.name, w.handler, w.options);
    started = true;
    for (const fn of startHooks) await fn();
    log.info({ queues: [...declared.queues.keys()] }, 'job queue started');
  }

  const queue: JobQueue = {
    get started() {
      return started;
    },
    async createQueue(name, settings = {}) {
      declared.queues.set(name, settings);
      if (started) await ensureQueue(name, settings);
    },
    async work(name, handler, work = {}) {
      const entry = { name, handler: handler as JobHandler<object>, options: work };
      declared.workers.push(entry);
      if (started) await attach(name, entry.handler, work);
    },
    async send(name, data, send = {}) {
      if (!started) {
        // On PGlite the transaction holds the only connection: starting inside it would wait forever.
        if (send.tx) throw new Error('start the job queue before sending a job inside a transaction');
        await queue.start();
      }
      const requestId = currentRequestId();
      return boss.send(name, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        ...(send.singletonKey ? { singletonKey: send.singletonKey } : {}),
        ...(send.startAfter !== undefined ? { startAfter: send.startAfter } : {}),
        ...(send.id ? { id: send.id } : {}),
        // The adapter runs pg-boss's statements on the caller's transaction (its execute() is the
        // drizzle one; the adapter's structural type is looser than drizzle's generic signature).
        ...(send.tx ? { db: fromDrizzle(send.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },
    async find(name, id) {
      if (!started) await queue.start();
      const [job] = await boss.findJobs<object>(name, { id });
      return job ? { id: job.id, state: job.state, retryCount: job.retryCount } : null;
    },
    async schedule(name, cron, data, schedule = {}) {
      if (!started) await queue.start();
      await boss.schedule(name, cron, data, {
        tz: schedule.tz ?? 'UTC',
        ...(schedule.key ? { key: schedule.key } : {}),
      });
    },
    async unschedule(name, key) {
      if (!started) await queue.start();
      await boss.unschedule(name, key);
    },
    async counts() {
      if (!started) return [];
      const queues = await boss.getQueues([...declared.queues.keys()]);
      return queues.map((q) => ({
        name: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
    onStart(fn) {
      startHooks.push(fn);
      if (started)
        void Promise.resolve(fn()).catch((err: unknown) => log.error({ err }, 'job queue start hook'));
    },
    onStop(fn) {
      stopHooks.push(fn);
    },
    start() {
      if (stopped) return Promise.reject(new Error('the job queue was stopped'));
      // Started lazily by a request in tests: its pollers and timers must not run as that request's.
      starting ??= outsideRequest(() => doStart());
      return starting;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      await starting.catch(() => {});
      for (const fn of stopHooks) await fn();
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000, close: true });
      started = false;
    },
  };
  return queue;
}
