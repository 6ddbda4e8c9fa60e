import { type RegistryResolveBody, registryActionsFor } from '@licensure/contracts';
import { type Db, nationalRegistryIntegrationData, nationalRegistryResolutions, users } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { findMismatches } from './find-mismatches';

const pastTense = { accept: 'accepted', review: 'reviewed', link: 'linked' } as const;

/**
 * Settles one mismatch of a registry record: `accept` puts the registry's name on the person, `link`
 * gives a person the registry number, `review` records why the difference stands. Each write, and the
 * resolution itself, goes into the change log in one transaction.
 */
export async function resolveMismatch(db: Db, actor: Actor, recordId: string, body: RegistryResolveBody) {
  const { kind, action } = body;
  if (!registryActionsFor[kind].includes(action))
    throw badRequest({ action: `A ${kind.replace('_', ' ')} mismatch cannot be resolved by ${action}.` });
  const reason = body.reason?.trim() || null;
  if (action === 'review' && !reason) throw badRequest({ reason: 'Give the reason the difference stands.' });
  if (action === 'link' && !body.user_id) throw badRequest({ user_id: 'Choose the person to link.' });

  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(nationalRegistryIntegrationData)
      .where(
        and(
          eq(nationalRegistryIntegrationData.id, recordId),
          eq(nationalRegistryIntegrationData.enterprise_id, actor.enterpriseId),
        ),
      )
      .for('update');
    if (!record) throw notFound('registry record');
    const mismatch = (await findMismatches(tx, actor.enterpriseId, record.id)).find((m) => m.kind === kind);
    if (!mismatch) throw new AppError('conflict', 'This mismatch is already resolved or no longer stands.');

    let personId = mismatch.person?.id ?? null;
    if (action === 'accept' && kind === 'name' && personId) {
      const [before] = await tx.select().from(users).where(eq(users.id, personId)).for('update');
      if (!before) throw notFound('person');
      const after = { first_name: mismatch.registry.first_name, last_name: mismatch.registry.last_name };
      await tx
        .update(users)
        .set({ ...after, updated_at: new Date() })
        .where(eq(users.id, personId));
      await recordChange(tx, actor, {
        entity: 'users',
        objectId: personId,
        action: 'update',
        before: { first_name: before.first_name, last_name: before.last_name },
        after,
      });
    }
    if (action === 'link' && body.user_id) {
      const [person] = await tx
        .select({ id: users.id, national_ems_id: users.national_ems_id })
        .from(users)
        .where(
          and(
            eq(users.id, body.user_id),
            eq(users.enterprise_id, actor.enterpriseId),
            isNull(users.deleted_at),
          ),
        )
        .for('update');
      if (!person) throw badRequest({ user_id: 'The person was not found.' });
      const number = mismatch.registry_number;
      if (person.national_ems_id && person.national_ems_id.toUpperCase() !== number.toUpperCase())
        throw badRequest({
          user_id: `This person already has the National EMS ID ${person.national_ems_id}.`,
        });
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.enterprise_id, actor.enterpriseId),
            isNull(users.deleted_at),
            sql`upper(${users.national_ems_id}) = ${number.toUpperCase()}`,
            sql`${users.id} <> ${person.id}`,
          ),
        )
        .limit(1);
      if (holder) throw badRequest({ user_id: 'Another person already holds this registry number.' });
      if (person.national_ems_id !== number) {
        await tx
          .update(users)
          .set({ national_ems_id: number, updated_at: new Date() })
          .where(eq(users.id, person.id));
        await recordChange(tx, actor, {
          entity: 'users',
          objectId: person.id,
          action: 'update',
          before: { national_ems_id: person.national_ems_id },
          after: { national_ems_id: number },
        });
      }
      await tx
        .update(nationalRegistryIntegrationData)
        .set({ user_id: person.id })
        .where(eq(nationalRegistryIntegrationData.id, record.id));
      await recordChange(tx, actor, {
        entity: 'national_registry_integration_data',
        objectId: record.id,
        action: 'update',
        before: { user_id: record.user_id },
        after: { user_id: person.id },
      });
      personId = person.id;
    }

    const [row] = await tx
      .insert(nationalRegistryResolutions)
      .values({
        enterprise_id: actor.enterpriseId,
        registry_data_id: record.id,
        user_id: personId,
        kind,
        action: pastTense[action],
        reason,
        resolved_by: actor.userId,
      })
      .returning();
    if (!row) throw new Error('resolution not stored');
    const presented = {
      id: row.id,
      registry_data_id: row.registry_data_id,
      user_id: row.user_id,
      kind: row.kind,
      action: row.action,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
    };
    await recordChange(tx, actor, {
      entity: 'national_registry_resolutions',
      objectId: row.id,
      action: 'create',
      after: presented,
    });
    return presented;
  });
}
