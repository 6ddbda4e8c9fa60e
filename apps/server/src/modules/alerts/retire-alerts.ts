import { type RetireAlertsInput, retireAlertsInput } from '@licensure/contracts';
import { alerts, type Tx } from '@licensure/db';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';

/**
 * Retires the open alerts of one type on a person, service or vehicle (only those about the request or
 * credential, when one is named), in the caller's transaction; each retirement is in the change log.
 * Retiring what is already retired does nothing, so a retried action is harmless. Answers how many.
 */
export async function retireAlerts(tx: Tx, input: RetireAlertsInput): Promise<number> {
  const v = retireAlertsInput.parse(input);
  const conditions: (SQL | undefined)[] = [
    eq(alerts.enterprise_id, v.enterpriseId),
    eq(alerts.alert_type_id, v.alert_type_id),
    isNull(alerts.retired_at),
  ];
  for (const key of [
    'user_id',
    'service_id',
    'vehicle_id',
    'license_request_id',
    'certification_id',
  ] as const) {
    const value = v[key];
    if (value) conditions.push(eq(alerts[key], value));
  }
  const now = new Date();
  const open = await tx
    .select()
    .from(alerts)
    .where(and(...conditions))
    .for('update');
  if (open.length === 0) return 0;
  const retired = await tx
    .update(alerts)
    .set({ retired_at: now, retired_by: v.actorId ?? null, updated_at: now })
    .where(and(...conditions))
    .returning();
  const before = new Map(open.map((a) => [a.id, a]));
  const actor = { userId: v.actorId ?? null, enterpriseId: v.enterpriseId };
  for (const after of retired)
    await recordChange(tx, actor, {
      entity: 'alerts',
      objectId: after.id,
      action: 'update',
      before: before.get(after.id),
      after,
    });
  return retired.length;
}
