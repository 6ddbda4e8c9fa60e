import {
  type SaveElementOutput,
  serviceUserLongevityInput,
  serviceUserTrainingInput,
} from '@licensure/contracts';
import {
  type Db,
  licenseRequests,
  services,
  serviceUserLongevities,
  serviceUserTrainings,
  trainings,
  users,
} from '@licensure/db';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { type ElementKind, planElements } from './save-element-rules';

const tableOf = { longevity: serviceUserLongevities, training: serviceUserTrainings } as const;
const entityOf = { longevity: 'service_user_longevities', training: 'service_user_trainings' } as const;
const schemaOf = { longevity: serviceUserLongevityInput, training: serviceUserTrainingInput } as const;
const refsOf: Record<string, { table: PgTable; what: string }> = {
  license_request_id: { table: licenseRequests, what: 'licence request' },
  service_id: { table: services, what: 'service' },
  user_id: { table: users, what: 'person' },
  training_id: { table: trainings, what: 'course' },
};

/**
 * `ServiceUserLongevities/saveElement` and `ServiceUserTrainings/saveElement`: saves (creates, or
 * updates by `id`) the elements the rule lets through, in one transaction with the change log; the
 * answer lists the saved ids and the skipped elements with their reason.
 */
export async function saveElements(
  db: Db,
  request: FastifyRequest,
  kind: ElementKind,
  elements: Record<string, unknown>[],
  licenseRequestId: string | null | undefined,
): Promise<SaveElementOutput> {
  const plan = planElements(kind, elements, licenseRequestId);
  const table = tableOf[kind];
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const skipped = [...plan.skipped];
  const saved: string[] = [];
  await db.transaction(async (tx) => {
    for (const { index, values } of plan.save) {
      const parsed = schemaOf[kind].safeParse(values);
      if (!parsed.success) {
        skipped.push({ index, reason: parsed.error.issues[0]?.message ?? 'invalid' });
        continue;
      }
      const data = parsed.data as Record<string, unknown>;
      let missing: string | null = null;
      for (const [field, ref] of Object.entries(refsOf)) {
        if (!(field in data) || !data[field]) continue;
        const c = getTableColumns(ref.table) as Record<string, PgColumn>;
        const [hit] = await tx
          .select({ id: c.id as PgColumn })
          .from(ref.table)
          .where(
            and(
              eq(c.id as PgColumn, data[field] as string),
              eq(c.enterprise_id as PgColumn, request.enterpriseId),
              c.deleted_at ? isNull(c.deleted_at) : undefined,
            ),
          );
        if (!hit) missing = `there is no ${ref.what} ${data[field]}`;
      }
      if (missing) {
        skipped.push({ index, reason: missing });
        continue;
      }
      const id = typeof values.id === 'string' ? values.id : null;
      const [before] = id
        ? await tx
            .select()
            .from(table)
            .where(
              and(
                eq(cols.id as PgColumn, id),
                eq(cols.enterprise_id as PgColumn, request.enterpriseId),
                isNull(cols.deleted_at as PgColumn),
              ),
            )
            .for('update')
        : [];
      const [after] = before
        ? await tx
            .update(table)
            .set({ ...data, updated_at: new Date() })
            .where(eq(cols.id as PgColumn, id as string))
            .returning()
        : await tx
            .insert(table)
            .values({ ...(data as typeof table.$inferInsert), enterprise_id: request.enterpriseId })
            .returning();
      const row = after as { id: string };
      await recordChange(tx, actorOf(request), {
        entity: entityOf[kind],
        objectId: row.id,
        action: before ? 'update' : 'create',
        before,
        after: row,
      });
      saved.push(row.id);
    }
  });
  return { saved, skipped: skipped.sort((a, b) => a.index - b.index) };
}
