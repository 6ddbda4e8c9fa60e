import type { TriggerLogOutput } from '@licensure/contracts';
import { type Db, type Tx, triggerConfigurations, triggerLogs, triggers } from '@licensure/db';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { alertTriggerFailure } from './failure-alerts';
import { loadGraph } from './graph';

/** The queue whose jobs run one firing's actions each, in order. */
export const ACTIONS_QUEUE = 'trigger-actions';

export interface FiringJob {
  logId: string;
}

export type TriggerRow = typeof triggers.$inferSelect;

export interface FireInput {
  enterpriseId: string;
  trigger: TriggerRow;
  entity: string;
  objectId: string;
  /** The domain event that fired it: one firing per event and configuration, however often delivered. */
  eventId: string | null;
  firedBy: string | null;
  /** Why it cannot run (its event's payload is not valid): logged as failed, with this cause, and alerted. */
  refusal?: string;
}

/**
 * Fires a trigger on an object, in the caller's transaction: each live configuration trigger listening
 * to it gets a log with its planned chain of actions and a job to run them. A chain that loops is
 * logged with `infinite_found` and no actions, and runs nothing. Answers the new logs' ids.
 */
export async function fireTrigger(tx: Tx, jobs: JobQueue, input: FireInput): Promise<string[]> {
  const graph = await loadGraph(tx, input.enterpriseId);
  const ids: string[] = [];
  for (const link of graph.linksOf(input.trigger.id)) {
    const plan = graph.plan(link.row, input.objectId);
    const refused = input.refusal ?? null;
    const steps = plan.steps.map((s) => ({
      index: s.index,
      trigger_id: s.trigger_id,
      action: s.action,
      outcome: refused ? 'failed' : 'pending',
      message: refused,
      at: refused ? new Date().toISOString() : null,
    }));
    const finished = steps.length === 0 || refused !== null;
    const [log] = await tx
      .insert(triggerLogs)
      .values({
        enterprise_id: input.enterpriseId,
        trigger_id: input.trigger.id,
        trigger_configuration_trigger_id: link.row.id,
        trigger_configuration_id: link.row.trigger_configuration_id,
        entity: input.entity,
        object_id: input.objectId,
        event_id: input.eventId,
        fired_by: input.firedBy,
        infinite_found: plan.infiniteFound,
        status: refused ? 'failed' : finished ? 'done' : 'queued',
        actions: steps,
        finished_at: finished ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: triggerLogs.id });
    if (!log) continue;
    ids.push(log.id);
    if (refused)
      await alertTriggerFailure(tx, { enterpriseId: input.enterpriseId, logId: log.id, cause: refused });
    if (!finished) await jobs.send<FiringJob>(ACTIONS_QUEUE, { logId: log.id }, { tx });
  }
  return ids;
}

/** Logs with their trigger's code and configuration's name, newest first. */
export async function selectLogs(
  db: Db | Tx,
  where: SQL | undefined,
  limit = 200,
): Promise<TriggerLogOutput[]> {
  const rows = await db
    .select({ log: triggerLogs, trigger_code: triggers.code, configuration_name: triggerConfigurations.name })
    .from(triggerLogs)
    .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
    .innerJoin(triggerConfigurations, eq(triggerConfigurations.id, triggerLogs.trigger_configuration_id))
    .where(where)
    .orderBy(desc(triggerLogs.created_at), desc(triggerLogs.id))
    .limit(limit);
  return rows.map(({ log, trigger_code, configuration_name }) => ({
    id: log.id,
    enterprise_id: log.enterprise_id,
    trigger_id: log.trigger_id,
    trigger_code,
    trigger_configuration_trigger_id: log.trigger_configuration_trigger_id,
    trigger_configuration_id: log.trigger_configuration_id,
    configuration_name,
    entity: log.entity,
    object_id: log.object_id,
    event_id: log.event_id,
    fired_by: log.fired_by,
    infiniteFound: log.infinite_found,
    status: log.status,
    actions: log.actions as TriggerLogOutput['actions'],
    created_at: log.created_at.toISOString(),
    finished_at: log.finished_at?.toISOString() ?? null,
  }));
}

export const logsByIds = (db: Db | Tx, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : selectLogs(db, inArray(triggerLogs.id, ids));

/** Sets fields of one step of a log's actions. */
export async function setStep(
  db: Db | Tx,
  logId: string,
  index: number,
  patch: { outcome: string; message: string | null; attempts?: number },
): Promise<void> {
  const value = JSON.stringify({ ...patch, at: new Date().toISOString() });
  await db
    .update(triggerLogs)
    .set({
      actions: sql`jsonb_set(${triggerLogs.actions}, array[${String(index)}]::text[], (${triggerLogs.actions} -> ${index}::int) || ${value}::jsonb)`,
    })
    .where(eq(triggerLogs.id, logId));
}
