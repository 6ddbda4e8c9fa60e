import { type certifications, licenses, referenceTables, services, users, vehicles } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { nextCredentialNumber } from './issue';

/**
 * The values of a credential entered or changed by hand: its holder is the licence's kind of holder,
 * its category follows from the level, and without a number it takes the licence pattern's next one.
 */
export async function certificationValues(input: Row, ctx: HookContext): Promise<Row> {
  const { tx, enterpriseId } = ctx;
  const [license] = await tx
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.id, String(input.license_id)),
        eq(licenses.enterprise_id, enterpriseId),
        isNull(licenses.deleted_at),
      ),
    );
  if (!license) throw badRequest({ license_id: 'There is no such licence.' });
  const holderField = license.entity === 'user' ? 'user_id' : `${license.entity}_id`;
  const holderId = input[holderField] as string | null | undefined;
  if (!holderId)
    throw badRequest({ [holderField]: `${license.name} is held by a ${license.entity}: choose one.` });
  const table = { user: users, service: services, vehicle: vehicles }[license.entity];
  const [exists] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, holderId), eq(table.enterprise_id, enterpriseId)));
  if (!exists) throw badRequest({ [holderField]: `There is no such ${license.entity}.` });

  let categoryId: string | null = null;
  const levelId = (input.license_category_level_id as string | null | undefined) ?? null;
  if (levelId) {
    const level = referenceTables.license_category_levels;
    const [l] = await tx
      .select({ category: level.license_category_id })
      .from(level)
      .where(and(eq(level.id, levelId), eq(level.license_id, license.id)));
    if (!l) throw badRequest({ license_category_level_id: 'That level is not one of this licence.' });
    categoryId = l.category as string;
  }

  let number = (input.number as string | undefined) ?? (ctx.before?.number as string | undefined);
  if (!number) {
    if (!license.autonumber_id)
      throw badRequest({ number: `${license.name} has no number pattern: give a number.` });
    number = await nextCredentialNumber(tx, enterpriseId, license.autonumber_id);
  }
  const values: Partial<typeof certifications.$inferInsert> = {
    license_id: license.id,
    user_id: null,
    service_id: null,
    vehicle_id: null,
    [holderField]: holderId,
    license_category_level_id: levelId,
    license_category_id: categoryId,
    certification_status_id: (input.certification_status_id as string | null | undefined) ?? null,
    number,
    status: input.status as typeof certifications.$inferInsert.status,
    issue_date: (input.issue_date as string | null | undefined) ?? null,
    expiration_date: (input.expiration_date as string | null | undefined) ?? null,
  };
  return values as Row;
}
