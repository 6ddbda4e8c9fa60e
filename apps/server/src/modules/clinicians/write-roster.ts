import { randomUUID } from 'node:crypto';
import type { RosterImportResult } from '@licensure/contracts';
import { type Db, dataChangeLog, servicePersonnel, services, type Tx, users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { notEndedEntry, today } from '../../platform/permissions/roster';
import type { CheckOutcome } from './check-rows';

type PersonnelRow = typeof servicePersonnel.$inferSelect;
const presentEntry = (p: Omit<PersonnelRow, 'created_at' | 'updated_at'>) => ({
  id: p.id,
  service_id: p.service_id,
  user_id: p.user_id,
  position_id: p.position_id,
  start_date: p.start_date,
  end_date: p.end_date,
  is_designated: p.is_designated,
  is_administrator: p.is_administrator,
});

const chunks = <T>(items: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** recordChange for many created records at once (one insert), in the write's transaction. */
async function recordCreates(tx: Tx, actor: Actor, entity: string, records: { id: string }[]): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(dataChangeLog).values(
    records.map((r) => ({
      enterprise_id: actor.enterpriseId,
      user_id: actor.userId,
      entity,
      object_id: r.id,
      action: 'create' as const,
      after: JSON.parse(JSON.stringify(r)) as unknown,
    })),
  );
}

/**
 * Writes checked rows in one transaction: creates the new people (not staff), then adds or updates
 * the service's active roster entries (one per person and position), recording every change.
 */
export async function writeRoster(
  db: Db,
  actor: Actor,
  serviceId: string,
  outcome: CheckOutcome,
  /** A job's done-marker, written with the rows: false when an earlier run already wrote them. */
  once?: (tx: Tx) => Promise<boolean>,
): Promise<RosterImportResult | null> {
  return db.transaction(async (tx) => {
    if (once && !(await once(tx))) return null;
    // One import at a time per service, so two cannot both add the same entry.
    const [service] = await tx
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, serviceId),
          eq(services.enterprise_id, actor.enterpriseId),
          isNull(services.deleted_at),
        ),
      )
      .for('update');
    if (!service) throw notFound('service');

    const created = new Map<string, string>();
    const people = [...outcome.newPeople.values()].map(({ key, ...p }) => {
      const id = randomUUID();
      created.set(key, id);
      return { id, enterprise_id: actor.enterpriseId, ...p, is_staff: false };
    });
    for (const batch of chunks(people)) {
      await tx.insert(users).values(batch);
      await recordCreates(tx, actor, 'users', batch);
    }

    const existing = await tx
      .select()
      .from(servicePersonnel)
      .where(and(eq(servicePersonnel.service_id, serviceId), notEndedEntry()));
    const entries = new Map(existing.map((e) => [`${e.user_id}|${e.position_id}`, e]));
    const additions: Omit<PersonnelRow, 'created_at' | 'updated_at'>[] = [];
    let updated = 0;
    let unchanged = 0;
    for (const r of outcome.planned) {
      const userId = 'userId' in r.person ? r.person.userId : created.get(r.person.newKey);
      if (!userId) throw new Error(`row ${r.row}: person not created`);
      const before = entries.get(`${userId}|${r.positionId}`);
      if (!before) {
        additions.push({
          id: randomUUID(),
          enterprise_id: actor.enterpriseId,
          service_id: serviceId,
          user_id: userId,
          position_id: r.positionId,
          start_date: r.startDate ?? today(),
          end_date: null,
          is_designated: r.designated ?? false,
          is_administrator: false,
        });
        continue;
      }
      const changes: Partial<PersonnelRow> = {};
      if (r.startDate && r.startDate !== before.start_date) changes.start_date = r.startDate;
      if (r.designated !== null && r.designated !== before.is_designated)
        changes.is_designated = r.designated;
      if (Object.keys(changes).length === 0) {
        unchanged++;
        continue;
      }
      const [after] = await tx
        .update(servicePersonnel)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(servicePersonnel.id, before.id))
        .returning();
      if (!after) throw new Error('roster update returned nothing');
      await recordChange(tx, actor, {
        entity: 'service_personnel',
        objectId: after.id,
        action: 'update',
        before: presentEntry(before),
        after: presentEntry(after),
      });
      updated++;
    }
    for (const batch of chunks(additions)) {
      await tx.insert(servicePersonnel).values(batch);
      await recordCreates(tx, actor, 'service_personnel', batch.map(presentEntry));
    }
    return {
      rows: outcome.planned.length,
      people_created: created.size,
      people_matched: outcome.matchedPeople.size,
      roster_added: additions.length,
      roster_updated: updated,
      roster_unchanged: unchanged,
    };
  });
}
