import { certifications, type Db } from '@licensure/db';
import { and, asc, isNotNull } from 'drizzle-orm';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueCorrespondence } from '../correspondence/queue-correspondence';
import { selection, type TaskRow } from './selection';

/** Letters a run sends at most; a larger selection is reported as an error, never silently cut. */
export const MAX_LETTERS = 10_000;

/** What sending letters needs of a task run (run-task's RunDeps has it; declared here so neither file imports the other). */
export interface LetterDeps {
  db: Db;
  jobs: JobQueue;
}

/**
 * Each merge template of the task, merged on each selected credential held by a person and emailed to
 * them through correspondence. The key (task, day, template, credential) makes a second run on the same
 * day send nothing again.
 */
export async function sendTaskLetters(deps: LetterDeps, task: TaskRow, today: string, runBy: string | null) {
  const c = certifications;
  const rows = await deps.db
    .select({ id: c.id, user_id: c.user_id })
    .from(c)
    .where(and(selection(task, today), isNotNull(c.user_id)))
    .orderBy(asc(c.expiration_date), asc(c.id))
    .limit(MAX_LETTERS + 1);
  const errors: string[] = [];
  if (rows.length > MAX_LETTERS)
    errors.push(
      `More than ${MAX_LETTERS} credentials selected: letters were sent for the first ${MAX_LETTERS}.`,
    );
  let queued = 0;
  await deps.jobs.start();
  for (const templateId of task.merge_template_ids)
    for (const row of rows.slice(0, MAX_LETTERS)) {
      try {
        const sent = await deps.db.transaction((tx) =>
          queueCorrespondence(
            tx,
            {
              enterpriseId: task.enterprise_id,
              to: [row.user_id as string],
              mergeTemplateId: templateId,
              mergeObject: { kind: 'certification', id: row.id },
              initiatedById: runBy,
              idempotencyKey: `task:${task.id}:${today}:${templateId}:${row.id}`,
            },
            deps.jobs,
          ),
        );
        if (sent.created) queued++;
      } catch (err) {
        if (errors.length < 100)
          errors.push(`Letter for credential ${row.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  return { queued, errors };
}
