import { Events } from '@licensure/contracts';
import { recordEvent } from '../../platform/events/record-event';
import type { HookContext, Row } from '../../platform/resources/types';

/**
 * `courseAttendee.statusChanged` for the trigger engine when an attendee's status is set or changes
 * (enrolment with a status included), in the write's transaction.
 */
export async function recordAttendeeStatusChange(
  tx: HookContext['tx'],
  ctx: Pick<HookContext, 'enterpriseId' | 'auth' | 'before' | 'operation'>,
  row: Row,
): Promise<void> {
  if (ctx.operation === 'delete') return;
  const status = (row.attendee_status_id as string | null) ?? null;
  const before = (ctx.before?.attendee_status_id as string | null | undefined) ?? null;
  if (!status || status === before) return;
  await recordEvent(tx, {
    enterpriseId: ctx.enterpriseId,
    name: Events.courseAttendeeStatusChanged,
    entity: 'course_attendees',
    objectId: String(row.id),
    actorId: ctx.auth?.userId ?? null,
    payload: {
      attendee_status_id: status,
      previous_status_id: before,
      training_id: row.training_id,
      user_id: row.user_id,
    },
  });
}
