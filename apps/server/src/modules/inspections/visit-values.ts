import { ip_templates, type Tx } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { parseVisitTime } from './visit-time';

/** A template field names a template of the right kind (service or vehicle). */
export async function checkTemplateKind(
  tx: Tx,
  enterpriseId: string,
  field: string,
  id: unknown,
  kind: 'service' | 'vehicle',
) {
  if (!id) return;
  const [t] = await tx
    .select({ entity: ip_templates.entity })
    .from(ip_templates)
    .where(and(eq(ip_templates.id, String(id)), eq(ip_templates.enterprise_id, enterpriseId)));
  if (t && t.entity !== kind) throw badRequest({ [field]: `Choose a ${kind} template.` });
}

/** A visit's date and time from its date string; its templates of the right kinds; who created it. */
export async function visitValues(input: Row, ctx: HookContext): Promise<Row> {
  const values: Row = { ...input };
  if (typeof input.inspection_date_time === 'string')
    Object.assign(values, parseVisitTime(input.inspection_date_time));
  await checkTemplateKind(
    ctx.tx,
    ctx.enterpriseId,
    'service_template_id',
    input.service_template_id,
    'service',
  );
  await checkTemplateKind(
    ctx.tx,
    ctx.enterpriseId,
    'vehicle_template_id',
    input.vehicle_template_id,
    'vehicle',
  );
  if (ctx.operation === 'create') values.created_by = ctx.auth?.userId ?? null;
  return values;
}
