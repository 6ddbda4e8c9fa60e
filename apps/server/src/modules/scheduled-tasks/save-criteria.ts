import { type Db, enterprises, licenseScheduledTasks } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { presentTask } from './scheduled-tasks.resources';

type Criteria = Partial<
  Pick<
    typeof licenseScheduledTasks.$inferInsert,
    'certification_status_ids' | 'level_ids' | 'license_id' | 'license_category_id'
  >
>;

/** A task as the API answers it (begin time in server and local time). */
export async function presentedTask(db: Db, enterpriseId: string, id: string) {
  const [row] = await db
    .select({ task: licenseScheduledTasks, hours: enterprises.utc_to_server_hours })
    .from(licenseScheduledTasks)
    .innerJoin(enterprises, eq(enterprises.id, licenseScheduledTasks.enterprise_id))
    .where(and(eq(licenseScheduledTasks.id, id), eq(licenseScheduledTasks.enterprise_id, enterpriseId)));
  if (!row) throw notFound('scheduled task');
  return presentTask({ ...row.task, utc_to_server_hours: row.hours });
}

/** saveStatuses and saveLevels: replaces a task's criteria, in the change log. */
export async function saveCriteria(db: Db, request: FastifyRequest, id: string, criteria: Criteria) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(licenseScheduledTasks)
      .where(
        and(eq(licenseScheduledTasks.id, id), eq(licenseScheduledTasks.enterprise_id, request.enterpriseId)),
      )
      .for('update');
    if (!before) throw notFound('scheduled task');
    const [after] = await tx
      .update(licenseScheduledTasks)
      .set({ ...criteria, updated_at: new Date() })
      .where(eq(licenseScheduledTasks.id, id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'license_scheduled_tasks',
      objectId: id,
      action: 'update',
      before,
      after,
    });
  });
  return presentedTask(db, request.enterpriseId, id);
}
