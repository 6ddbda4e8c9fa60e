import { investigations } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { AppError, badRequest } from '../../platform/http/errors';
import { holdsAny } from '../../platform/permissions/scopes';
import type { HookContext, Row } from '../../platform/resources/types';

/**
 * An activity logged in an investigation needs investigations.write, and the investigation must be one
 * of the activity's complaint; who logged it is kept.
 */
export async function activityValues(input: Row, ctx: HookContext): Promise<Row> {
  const values: Row = { ...input };
  const investigationId = (values.investigation_id ?? ctx.before?.investigation_id) as
    | string
    | null
    | undefined;
  const complaintId = (values.complaint_id ?? ctx.before?.complaint_id) as string;
  if (investigationId) {
    if (!holdsAny(ctx.auth, ['investigations.write']))
      throw new AppError('forbidden', 'Logging an investigation’s activity needs investigations.write.');
    const [inv] = await ctx.tx
      .select({ complaint_id: investigations.complaint_id })
      .from(investigations)
      .where(and(eq(investigations.id, investigationId), eq(investigations.enterprise_id, ctx.enterpriseId)));
    if (inv && inv.complaint_id !== complaintId)
      throw badRequest({ investigation_id: 'The investigation is not one of this complaint.' });
  }
  if (ctx.operation === 'create') values.performed_by = ctx.auth?.userId ?? null;
  return values;
}
