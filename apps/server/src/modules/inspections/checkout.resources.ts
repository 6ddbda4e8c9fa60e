import { checkoutInput, checkoutOutput } from '@licensure/contracts';
import { ipCheckoutLogs, ipVisits, users } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';

const keys = Object.keys(checkoutOutput.shape);

/**
 * An inspector checks a visit out for offline work. A visit checked out by someone else is refused
 * (409) unless the request takes it over explicitly (`take_over`): the other checkout is then closed
 * and the new one names whom it was taken from. The visit's version at checkout is kept, so that the
 * device can tell later whether the server record changed meanwhile.
 */
async function checkoutValues(input: Row, ctx: HookContext): Promise<Row> {
  const userId = ctx.auth?.userId;
  if (!userId) throw forbidden();
  if (ctx.operation === 'update') {
    if (ctx.before?.user_id !== userId && input.take_over !== true)
      throw new AppError('conflict', 'Only the inspector who checked the visit out can check it in.');
    if (ctx.before?.checked_in_at) throw new AppError('conflict', 'This checkout has already ended.');
    if (input.visit_id && input.visit_id !== ctx.before?.visit_id)
      throw badRequest({ visit_id: 'A checkout stays with its visit.' });
    return input.checked_in === true
      ? { checked_in_at: new Date(), device: input.device }
      : { device: input.device };
  }
  const visitId = String(input.visit_id);
  const [visit] = await ctx.tx
    .select({ updated_at: ipVisits.updated_at, status: ipVisits.status })
    .from(ipVisits)
    .where(
      and(
        eq(ipVisits.id, visitId),
        eq(ipVisits.enterprise_id, ctx.enterpriseId),
        isNull(ipVisits.deleted_at),
      ),
    );
  if (!visit) throw badRequest({ visit_id: 'The visit was not found.' });
  if (visit.status === 'cancelled') throw badRequest({ visit_id: 'The visit was cancelled.' });
  const [open] = await ctx.tx
    .select()
    .from(ipCheckoutLogs)
    .where(and(eq(ipCheckoutLogs.visit_id, visitId), isNull(ipCheckoutLogs.checked_in_at)))
    .for('update');
  let takenFrom: string | null = null;
  if (open && open.user_id !== userId) {
    if (input.take_over !== true)
      throw new AppError(
        'conflict',
        'Another inspector has checked this visit out. Take it over explicitly to work on it.',
        { visit_id: 'checked out by another inspector' },
      );
    takenFrom = open.user_id;
  }
  if (open)
    await ctx.tx
      .update(ipCheckoutLogs)
      .set({ checked_in_at: new Date(), updated_at: new Date() })
      .where(eq(ipCheckoutLogs.id, open.id));
  return {
    visit_id: visitId,
    user_id: userId,
    device: input.device ?? null,
    checked_out_at: new Date(),
    taken_over_from: takenFrom,
    visit_version: visit.updated_at.toISOString(),
  };
}

/** IPCheckoutLogs: who has which visit out for field work, and the history of checkouts. */
export const checkoutResource: Resource = {
  path: 'IPCheckoutLogs',
  entity: 'ip_checkout_logs',
  wrapper: 'checkout_log',
  singular: 'checkout',
  tags: ['inspections'],
  table: ipCheckoutLogs,
  read: 'inspections.read',
  write: 'inspections.write',
  input: checkoutInput,
  patch: checkoutInput.partial(),
  output: checkoutOutput,
  present: (row) => pick(keys)(row),
  columns: {
    user_name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
  },
  joins: (q: JoinableQuery) => q.leftJoin(users, eq(users.id, ipCheckoutLogs.user_id)),
  filters: {
    visit_id: { column: ipCheckoutLogs.visit_id },
    user_id: { column: ipCheckoutLogs.user_id },
    open: {
      column: ipCheckoutLogs.checked_in_at,
      schema: z.enum(['true', 'false'], { message: 'open must be true or false' }),
      where: (v) => sql`((${ipCheckoutLogs.checked_in_at} is null) = ((${v})::text = 'true'))`,
    },
  },
  sort: { checked_out_at: ipCheckoutLogs.checked_out_at, created_at: ipCheckoutLogs.created_at },
  defaultSort: 'checked_out_at',
  refs: { visit_id: { table: ipVisits, what: 'visit' } },
  unique: { ip_checkout_logs_open_key: 'visit_id' },
  hooks: { validate: checkoutValues },
};
