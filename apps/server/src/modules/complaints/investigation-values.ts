import { Events } from '@licensure/contracts';
import { complaints, users } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordEvent } from '../../platform/events/record-event';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { applyDiscipline } from './apply-discipline';

/**
 * An investigation stays on the complaint it was opened from; its investigators are staff; closing
 * sets closed_at; the creator is kept.
 */
export async function investigationValues(input: Row, ctx: HookContext): Promise<Row> {
  const values: Row = { ...input };
  const { tx, enterpriseId } = ctx;
  if (ctx.before && values.complaint_id && values.complaint_id !== ctx.before.complaint_id)
    throw badRequest({ complaint_id: 'An investigation stays on the complaint it was opened from.' });
  const ids = (values.investigator_ids as string[] | undefined) ?? [];
  if (ids.length > 0) {
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, ids),
          eq(users.enterprise_id, enterpriseId),
          eq(users.is_staff, true),
          isNull(users.deleted_at),
        ),
      );
    if (staff.length !== new Set(ids).size)
      throw badRequest({ investigator_ids: 'Investigators must be staff members.' });
    values.investigator_ids = [...new Set(ids)];
  }
  if (ctx.operation === 'create') values.created_by = ctx.auth?.userId ?? null;
  if ('status' in values)
    values.closed_at =
      values.status === 'closed' ? ((ctx.before?.closed_at as Date | null | undefined) ?? new Date()) : null;
  return values;
}

/**
 * After an investigation is saved: a new disciplinary outcome reaches the subject's credentials, and a
 * status change is the complaint's status change for the trigger engine.
 */
export async function investigationAfterChange(row: Row, ctx: HookContext & { input: Row }) {
  if (ctx.operation === 'delete') return;
  const before = ctx.before ?? {};
  if (
    row.outcome !== (before.outcome ?? 'none') ||
    row.certification_id !== (before.certification_id ?? null)
  )
    await applyDiscipline(ctx, row);
  if (ctx.operation === 'create' || before.status !== row.status) {
    const [complaint] = await ctx.tx
      .select({ id: complaints.id, status: complaints.complaint_status_id })
      .from(complaints)
      .where(eq(complaints.id, String(row.complaint_id)));
    if (complaint)
      await recordEvent(ctx.tx, {
        enterpriseId: ctx.enterpriseId,
        name: Events.complaintStatusChanged,
        entity: 'complaints',
        objectId: complaint.id,
        actorId: ctx.auth?.userId ?? null,
        payload: { investigation_id: row.id, investigation_status: row.status },
      });
  }
}
