import { resourceEvent } from '@licensure/contracts';
import { courseAttendees, type Db, trainings } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { notFound } from '../../platform/http/errors';

/**
 * `BulkRemoveAttendees/{course}`: removes the named attendees of one course (kept, marked deleted with
 * the reason), each in the change log with its event, in one transaction. An id that is not a live
 * attendee of that course is a 404 and nothing is removed.
 */
export async function bulkRemoveAttendees(
  db: Db,
  request: FastifyRequest,
  trainingId: string,
  attendeeIds: string[],
  reason: string,
): Promise<string[]> {
  const ids = [...new Set(attendeeIds)];
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: trainings.id })
      .from(trainings)
      .where(
        and(
          eq(trainings.id, trainingId),
          eq(trainings.enterprise_id, request.enterpriseId),
          isNull(trainings.deleted_at),
        ),
      );
    if (!course) throw notFound('course');
    const rows = await tx
      .select()
      .from(courseAttendees)
      .where(
        and(
          inArray(courseAttendees.id, ids),
          eq(courseAttendees.training_id, trainingId),
          eq(courseAttendees.enterprise_id, request.enterpriseId),
          isNull(courseAttendees.deleted_at),
        ),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound('course attendee');
    const now = new Date();
    for (const before of rows) {
      const [after] = await tx
        .update(courseAttendees)
        .set({ deleted_at: now, delete_reason: reason, updated_at: now })
        .where(eq(courseAttendees.id, before.id))
        .returning();
      await recordChange(tx, actorOf(request), {
        entity: 'course_attendees',
        objectId: before.id,
        action: 'delete',
        before,
        after,
      });
      await recordEvent(tx, {
        enterpriseId: request.enterpriseId,
        name: resourceEvent('course_attendees', 'deleted'),
        entity: 'course_attendees',
        objectId: before.id,
        actorId: request.auth?.userId ?? null,
      });
    }
    return rows.map((r) => r.id);
  });
}
