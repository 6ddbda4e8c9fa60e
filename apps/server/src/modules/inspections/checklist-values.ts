import { ip_templates, ipInspections } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';

/**
 * A checklist belongs to a live inspection that is not submitted yet, and is answered on its template's
 * form unless another form is named.
 */
export async function checklistValues(input: Row, ctx: HookContext): Promise<Row> {
  const values: Row = { ...input };
  const inspectionId = String(input.inspection_id ?? ctx.before?.inspection_id ?? '');
  const [inspection] = await ctx.tx
    .select({ submitted: ipInspections.submitted, form_id: ip_templates.form_id })
    .from(ipInspections)
    .leftJoin(ip_templates, eq(ip_templates.id, ipInspections.ip_template_id))
    .where(
      and(
        eq(ipInspections.id, inspectionId),
        eq(ipInspections.enterprise_id, ctx.enterpriseId),
        isNull(ipInspections.deleted_at),
      ),
    );
  if (!inspection) throw badRequest({ inspection_id: 'The inspection was not found.' });
  if (inspection.submitted && ctx.operation !== 'delete')
    throw new AppError('conflict', 'The inspection was submitted: its checklists can no longer change.');
  if (ctx.operation === 'create') {
    values.created_by = ctx.auth?.userId ?? null;
    if (!values.form_id) values.form_id = (inspection.form_id as string | null) ?? null;
  }
  return values;
}
