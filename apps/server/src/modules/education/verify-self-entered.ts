import { resourceEvent } from '@licensure/contracts';
import { courseAttendees, type Db, referenceTables, trainings } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, notFound } from '../../platform/http/errors';

const statuses = referenceTables.attendee_statuses;

/**
 * Staff verify a course a person entered themselves (after checking its certificate): the course is
 * marked verified and the person is credited with a completed attendance on its end (or start) date,
 * in one transaction. A course already verified, or not self-entered, is a conflict.
 */
export async function verifySelfEnteredCourse(db: Db, request: FastifyRequest, trainingId: string) {
  const enterpriseId = request.enterpriseId;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(trainings)
      .where(
        and(
          eq(trainings.id, trainingId),
          eq(trainings.enterprise_id, enterpriseId),
          isNull(trainings.deleted_at),
        ),
      )
      .for('update');
    if (!before) throw notFound('course');
    if (!before.self_entered || before.verified || !before.entered_by)
      throw new AppError(
        'conflict',
        'Only a course a person entered themselves, not yet verified, can be verified.',
      );
    const [done] = await tx
      .select({ id: statuses.id })
      .from(statuses)
      .where(and(eq(statuses.enterprise_id, enterpriseId), eq(statuses.is_completion, true)))
      .orderBy(sql`lower(${statuses.label}) = 'completed' desc`)
      .limit(1);
    if (!done) throw new AppError('conflict', 'No attendee status counts as completion: add one first.');
    const [after] = await tx
      .update(trainings)
      .set({ verified: true, updated_at: new Date() })
      .where(eq(trainings.id, trainingId))
      .returning();
    const [attendee] = await tx
      .insert(courseAttendees)
      .values({
        enterprise_id: enterpriseId,
        training_id: trainingId,
        user_id: before.entered_by,
        attendee_status_id: done.id as string,
        completed_on: before.end_date ?? before.start_date ?? new Date().toISOString().slice(0, 10),
        document_id: before.document_id,
        note: 'Course entered by the person, verified by staff',
      })
      .returning();
    if (!attendee) throw new Error('attendee insert returned nothing');
    const actor = actorOf(request);
    await recordChange(tx, actor, {
      entity: 'trainings',
      objectId: trainingId,
      action: 'update',
      before,
      after,
    });
    await recordChange(tx, actor, {
      entity: 'course_attendees',
      objectId: attendee.id,
      action: 'create',
      after: attendee,
    });
    await recordEvent(tx, {
      enterpriseId,
      name: resourceEvent('course_attendees', 'created'),
      entity: 'course_attendees',
      objectId: attendee.id,
      actorId: request.auth?.userId ?? null,
    });
    return { training_id: trainingId, attendee_id: attendee.id };
  });
}
