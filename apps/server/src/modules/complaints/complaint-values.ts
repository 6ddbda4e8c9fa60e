import { Events } from '@licensure/contracts';
import { recordEvent } from '../../platform/events/record-event';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { initialStatusId, statusCloses, takeComplaintNumber } from './complaint-number';

const subjects = ['user_id', 'service_id', 'vehicle_id'] as const;

/**
 * A complaint entered or changed by staff: about one person, service or vehicle at most; numbered
 * from its category on create; closed (closed_at) while its status is a closing one.
 */
export async function complaintValues(input: Row, ctx: HookContext): Promise<Row> {
  const values: Row = { ...input };
  const { tx, enterpriseId } = ctx;
  if (ctx.operation !== 'batch') {
    const merged = { ...(ctx.before ?? {}), ...values };
    if (subjects.filter((k) => merged[k]).length > 1)
      throw badRequest({ user_id: 'A complaint is about one person, service or vehicle.' });
  }
  if (ctx.operation === 'create') {
    values.created_by = ctx.auth?.userId ?? null;
    values.source = 'staff';
    values.complaint_status_id = values.complaint_status_id ?? (await initialStatusId(tx, enterpriseId));
    values.number = await takeComplaintNumber(
      tx,
      enterpriseId,
      values.complaint_category_id as string | null,
    );
  }
  if ('complaint_status_id' in values) {
    const closes = await statusCloses(tx, enterpriseId, values.complaint_status_id as string | null);
    values.closed_at = closes ? ((ctx.before?.closed_at as Date | null | undefined) ?? new Date()) : null;
  }
  return values;
}

/** Complaint events for the trigger engine: received, and every change of status. */
export async function complaintAfterChange(row: Row, ctx: HookContext & { input: Row }) {
  const event = (
    name: typeof Events.complaintReceived | typeof Events.complaintStatusChanged,
    payload: Record<string, unknown> = {},
  ) =>
    recordEvent(ctx.tx, {
      enterpriseId: ctx.enterpriseId,
      name,
      entity: 'complaints',
      objectId: String(row.id),
      actorId: ctx.auth?.userId ?? null,
      payload,
    });
  if (ctx.operation === 'create') await event(Events.complaintReceived, { source: row.source });
  else if (ctx.before && ctx.before.complaint_status_id !== row.complaint_status_id)
    await event(Events.complaintStatusChanged, {
      from: ctx.before.complaint_status_id ?? null,
      to: row.complaint_status_id ?? null,
    });
}
