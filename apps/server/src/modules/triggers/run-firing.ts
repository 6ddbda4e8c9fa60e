import type { TriggerAction } from '@licensure/contracts';
import { triggerLogs } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markJobDone } from '../../platform/jobs/done-marker';
import { alertTriggerFailure } from './failure-alerts';
import { ACTIONS_QUEUE, type FiringJob, setStep } from './fire';
import { runAction } from './run-action';
import { loadSubject, missingSubject } from './subject';

/** Attempts after the first before an action is left failed. */
const RETRIES = 3;

interface Step {
  index: number;
  action: TriggerAction;
  outcome: string;
}

/**
 * Runs a firing's actions in order, each in its own transaction with a done-marker, so that a retried
 * job (after a failure, a crash or by another process) skips what already ran and never sends a letter
 * twice. Each outcome is written to the log and pushed to the affected person through the realtime hub.
 */
export async function runFiring(app: FastifyInstance, logId: string, retryCount: number): Promise<void> {
  const { db } = app.deps.database;
  const { jobs, hub } = app.deps;
  const [log] = await db.select().from(triggerLogs).where(eq(triggerLogs.id, logId));
  if (!log || log.status === 'done' || log.status === 'failed') return;
  const steps = log.actions as unknown as Step[];
  const subject = await loadSubject(db, log.enterprise_id, log.entity, log.object_id);
  if (!subject) {
    const cause = missingSubject(log.entity);
    for (const s of steps)
      if (s.outcome === 'pending') await setStep(db, logId, s.index, { outcome: 'failed', message: cause });
    await finish(app, logId, 'failed', cause);
    return;
  }
  await db.update(triggerLogs).set({ status: 'running' }).where(eq(triggerLogs.id, logId));
  const log_ = app.log.child({ part: 'triggers', logId });
  for (const step of steps) {
    if (step.outcome !== 'pending') continue;
    let result: Awaited<ReturnType<typeof runAction>> | null;
    try {
      result = await db.transaction(async (tx) => {
        if (!(await markJobDone(tx, `trigger-step:${logId}:${step.index}`, ACTIONS_QUEUE))) return null;
        const r = await runAction(step.action, {
          tx,
          enterpriseId: log.enterprise_id,
          subject,
          actorId: log.fired_by,
          logId,
          index: step.index,
          jobs,
          log: log_,
        });
        await setStep(tx, logId, step.index, {
          outcome: r.outcome,
          message: r.message,
          attempts: retryCount + 1,
        });
        return r;
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = retryCount >= RETRIES;
      log_.warn({ err, step: step.index, retryCount }, 'trigger action failed');
      await setStep(db, logId, step.index, {
        outcome: last ? 'failed' : 'pending',
        message: last
          ? `Failed after ${retryCount + 1} attempts: ${message}`
          : `Attempt ${retryCount + 1} failed, retrying: ${message}`,
        attempts: retryCount + 1,
      });
      if (!last) throw err;
      for (const later of steps)
        if (later.index > step.index && later.outcome === 'pending')
          await setStep(db, logId, later.index, { outcome: 'skipped', message: 'An earlier action failed.' });
      await finish(app, logId, 'failed', message);
      return;
    }
    if (result && subject.userId)
      await hub.publish(subject.userId, {
        type: 'trigger',
        log_id: logId,
        entity: log.entity,
        object_id: log.object_id,
        kind: step.action.kind,
        outcome: result.outcome,
        message: result.message,
      });
  }
  // An action that answered `failed` (the record cannot take it) did not stop the others, but the
  // firing failed: it is counted and alerted with that cause.
  const [after] = await db
    .select({ actions: triggerLogs.actions })
    .from(triggerLogs)
    .where(eq(triggerLogs.id, logId));
  const failed = ((after?.actions ?? []) as unknown as (Step & { message: string | null })[]).filter(
    (s) => s.outcome === 'failed',
  );
  await finish(app, logId, failed.length ? 'failed' : 'done', failed.map((s) => s.message ?? '').join(' '));
}

/**
 * Ends a firing. A failed one is counted on the trigger list and alerted, with its cause, to the staff
 * who may fix the configuration, in the same transaction as its status.
 */
async function finish(app: FastifyInstance, logId: string, status: 'done' | 'failed', cause = '') {
  await app.deps.database.db.transaction(async (tx) => {
    const [log] = await tx
      .update(triggerLogs)
      .set({ status, finished_at: new Date() })
      .where(eq(triggerLogs.id, logId))
      .returning({ enterpriseId: triggerLogs.enterprise_id });
    if (status !== 'failed' || !log) return;
    app.log.warn({ part: 'triggers', logId, cause }, 'trigger firing failed');
    await alertTriggerFailure(tx, { enterpriseId: log.enterpriseId, logId, cause });
  });
}

/** Declares the queue and its worker. */
export async function registerFiringWorker(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  await jobs.createQueue(ACTIONS_QUEUE, { retryLimit: RETRIES, retryDelay: 2, retryBackoff: true });
  await jobs.work<FiringJob>(ACTIONS_QUEUE, (data, job) => runFiring(app, data.logId, job.retryCount), {
    concurrency: 2,
  });
}
