import { courseAttendees, type Db, referenceTables, trainings } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

const statuses = referenceTables.attendee_statuses;

/** The prerequisites of a course a person has not completed, each named (empty: all met). */
export async function failedPrerequisites(
  db: Db,
  enterpriseId: string,
  trainingId: string,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  const [course] = await db
    .select({ prerequisites: trainings.prerequisite_ids })
    .from(trainings)
    .where(
      and(
        eq(trainings.id, trainingId),
        eq(trainings.enterprise_id, enterpriseId),
        isNull(trainings.deleted_at),
      ),
    );
  if (!course) throw notFound('course');
  const ids = course.prerequisites;
  if (ids.length === 0) return [];
  const [required, done] = await Promise.all([
    db
      .select({ id: trainings.id, name: trainings.name })
      .from(trainings)
      .where(and(inArray(trainings.id, ids), eq(trainings.enterprise_id, enterpriseId))),
    db
      .select({ id: courseAttendees.training_id })
      .from(courseAttendees)
      .innerJoin(statuses, eq(statuses.id, courseAttendees.attendee_status_id))
      .where(
        and(
          eq(courseAttendees.user_id, userId),
          eq(courseAttendees.enterprise_id, enterpriseId),
          inArray(courseAttendees.training_id, ids),
          isNull(courseAttendees.deleted_at),
          eq(statuses.is_completion, true),
        ),
      ),
  ]);
  const completed = new Set(done.map((d) => d.id));
  return required.filter((r) => !completed.has(r.id)).sort((a, b) => a.name.localeCompare(b.name));
}
