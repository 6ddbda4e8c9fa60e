import { certifications, type Db, licenseScheduledTasks, type Tx, users } from '@licensure/db';
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

export type TaskRow = typeof licenseScheduledTasks.$inferSelect;

export async function loadTask(db: Db | Tx, enterpriseId: string, id: string): Promise<TaskRow> {
  const [task] = await db
    .select()
    .from(licenseScheduledTasks)
    .where(and(eq(licenseScheduledTasks.id, id), eq(licenseScheduledTasks.enterprise_id, enterpriseId)));
  if (!task) throw notFound('scheduled task');
  return task;
}

/**
 * The credentials a task selects on a day: live ones of its licence and category, with one of its
 * statuses and levels (any, when it names none), expiring within its window of days (when it has one).
 */
export function selection(task: TaskRow, today: string): SQL {
  const c = certifications;
  return and(
    eq(c.enterprise_id, task.enterprise_id),
    isNull(c.deleted_at),
    task.license_id ? eq(c.license_id, task.license_id) : undefined,
    task.license_category_id ? eq(c.license_category_id, task.license_category_id) : undefined,
    task.certification_status_ids.length
      ? inArray(c.certification_status_id, task.certification_status_ids)
      : undefined,
    task.level_ids.length ? inArray(c.license_category_level_id, task.level_ids) : undefined,
    task.expires_within_days !== null ? gte(c.expiration_date, today) : undefined,
    task.expires_within_days !== null
      ? lte(c.expiration_date, sql`(${today}::date + ${task.expires_within_days}::int)`)
      : undefined,
  ) as SQL;
}

/** Ids of what the task selects today (the first `limit`), and how many in all. */
export async function selectedIds(db: Db | Tx, task: TaskRow, today: string, limit = 10_000) {
  const where = selection(task, today);
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: certifications.id })
      .from(certifications)
      .where(where)
      .orderBy(asc(certifications.expiration_date), asc(certifications.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(certifications).where(where),
  ]);
  return { ids: ids.map((r) => r.id), total: total?.n ?? 0 };
}

/** Credentials by id, with their holder's name (getCertifications). */
export async function certificationsByIds(db: Db | Tx, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: certifications.id,
      number: certifications.number,
      user_id: certifications.user_id,
      service_id: certifications.service_id,
      vehicle_id: certifications.vehicle_id,
      status: certifications.status,
      certification_status_id: certifications.certification_status_id,
      license_category_level_id: certifications.license_category_level_id,
      expiration_date: certifications.expiration_date,
      holder_name: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
    })
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.user_id))
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        isNull(certifications.deleted_at),
        inArray(certifications.id, ids),
      ),
    )
    .orderBy(asc(certifications.expiration_date), asc(certifications.number));
  return rows;
}
