import type { NemsisProfileValues } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { loadProfile, query } from './load';

export async function readProfile(db: Db, enterpriseId: string, serviceId: string | null) {
  const profile = await loadProfile(db, enterpriseId, serviceId);
  return { service_id: serviceId, ...profile };
}

/** Saves a service's (or, with no service, the state's) NEMSIS facts, in the change log with what they were. */
export async function saveProfile(
  db: Db,
  actor: Actor,
  serviceId: string | null,
  values: NemsisProfileValues,
) {
  return db.transaction(async (tx) => {
    const before = await loadProfile(tx as unknown as Db, actor.enterpriseId, serviceId);
    const [row] = await query<{ id: string; updated_at: Date | string }>(
      tx as unknown as Db,
      sql`insert into nemsis_profiles (enterprise_id, service_id, "values") values (${actor.enterpriseId}, ${serviceId}, ${JSON.stringify(values)}::jsonb)
          on conflict (enterprise_id, service_id) do update set "values" = excluded."values", updated_at = now()
          returning id, updated_at`,
    );
    await recordChange(tx, actor, {
      entity: 'nemsis_profile',
      objectId: serviceId ?? actor.enterpriseId,
      action: before.updated_at ? 'update' : 'create',
      before: before.updated_at ? before.values : undefined,
      after: values,
    });
    return { service_id: serviceId, values, updated_at: row ? new Date(row.updated_at).toISOString() : null };
  });
}
