import { type CreateAlertInput, createAlertInput } from '@licensure/contracts';
import { alerts, dataChangeLog, type Tx } from '@licensure/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';

export interface CreatedAlert {
  id: string;
  /** false: an open alert of the same type on the same subject already existed; its id is returned. */
  created: boolean;
}

type Subject = Pick<
  typeof alerts.$inferSelect,
  'user_id' | 'service_id' | 'vehicle_id' | 'license_request_id' | 'certification_id' | 'alert_type_id'
>;

/** Same enterprise, type, holder and record, still open: the condition that makes an alert a repeat. */
export function sameOpenAlert(enterpriseId: string, s: Subject): SQL {
  const col = (c: keyof Subject) => {
    const v = s[c];
    return v ? eq(alerts[c], v) : isNull(alerts[c]);
  };
  return and(
    eq(alerts.enterprise_id, enterpriseId),
    isNull(alerts.retired_at),
    col('alert_type_id'),
    col('user_id'),
    col('service_id'),
    col('vehicle_id'),
    col('license_request_id'),
    col('certification_id'),
  ) as SQL;
}

/**
 * Creates an alert on a person, service or vehicle (and optionally a request or credential), in the
 * caller's transaction and the data change log. Idempotent: while an alert of the same type is open on
 * the same subject, a repeat (a retried trigger action, tomorrow's scheduled task) returns it instead.
 */
export async function createAlert(tx: Tx, input: CreateAlertInput): Promise<CreatedAlert> {
  const v = createAlertInput.parse(input);
  const subject: Subject = {
    alert_type_id: v.alert_type_id,
    user_id: v.user_id ?? null,
    service_id: v.service_id ?? null,
    vehicle_id: v.vehicle_id ?? null,
    license_request_id: v.license_request_id ?? null,
    certification_id: v.certification_id ?? null,
  };
  const [open] = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(sameOpenAlert(v.enterpriseId, subject))
    .limit(1);
  if (open) return { id: open.id, created: false };
  const [row] = await tx
    .insert(alerts)
    .values({
      ...subject,
      enterprise_id: v.enterpriseId,
      value: v.value,
      source: v.source,
      created_by: v.actorId ?? null,
    })
    .returning();
  await recordChange(
    tx,
    { userId: v.actorId ?? null, enterpriseId: v.enterpriseId },
    { entity: 'alerts', objectId: row!.id, action: 'create', after: row },
  );
  return { id: row!.id, created: true };
}

/**
 * Many alerts at once (a scheduled task's run): the same rule as createAlert, set-based. Inputs that
 * repeat an open alert (or each other) are skipped. Answers the ids of the alerts created.
 */
export async function createAlerts(tx: Tx, inputs: readonly CreateAlertInput[]): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i < inputs.length; i += 1000) {
    const chunk = inputs.slice(i, i + 1000).map((input) => createAlertInput.parse(input));
    const rows = chunk.map((v) => ({
      enterprise_id: v.enterpriseId,
      alert_type_id: v.alert_type_id,
      user_id: v.user_id ?? null,
      service_id: v.service_id ?? null,
      vehicle_id: v.vehicle_id ?? null,
      license_request_id: v.license_request_id ?? null,
      certification_id: v.certification_id ?? null,
      value: v.value,
      source: v.source,
      created_by: v.actorId ?? null,
    }));
    // One statement: insert the rows for which no open alert of the same subject exists.
    const inserted = await tx.execute<typeof alerts.$inferSelect>(sql`
      with input as (
        select distinct on (enterprise_id, alert_type_id, user_id, service_id, vehicle_id, license_request_id, certification_id) *
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
          enterprise_id uuid, alert_type_id uuid, user_id uuid, service_id uuid, vehicle_id uuid,
          license_request_id uuid, certification_id uuid, value text, source text, created_by uuid)
      )
      insert into alerts (enterprise_id, alert_type_id, user_id, service_id, vehicle_id, license_request_id,
        certification_id, value, source, created_by)
      select i.enterprise_id, i.alert_type_id, i.user_id, i.service_id, i.vehicle_id, i.license_request_id,
        i.certification_id, i.value, i.source, i.created_by
      from input i
      where not exists (
        select 1 from alerts a
        where a.enterprise_id = i.enterprise_id and a.retired_at is null
          and a.alert_type_id is not distinct from i.alert_type_id
          and a.user_id is not distinct from i.user_id and a.service_id is not distinct from i.service_id
          and a.vehicle_id is not distinct from i.vehicle_id
          and a.license_request_id is not distinct from i.license_request_id
          and a.certification_id is not distinct from i.certification_id)
      returning *`);
    const list = rowsOf<typeof alerts.$inferSelect>(inserted);
    if (list.length === 0) continue;
    // The change log of a bulk write, one row an alert, as recordChange would write each.
    await tx.insert(dataChangeLog).values(
      list.map((row) => ({
        enterprise_id: row.enterprise_id,
        user_id: row.created_by,
        entity: 'alerts',
        object_id: row.id,
        action: 'create' as const,
        after: JSON.parse(JSON.stringify(row)) as unknown,
      })),
    );
    created.push(...list.map((r) => r.id));
  }
  return created;
}

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
