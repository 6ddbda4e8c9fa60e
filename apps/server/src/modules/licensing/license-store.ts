/**
 * A licence and its configuration sets: loading, finding, checking referenced ids and saving the whole
 * payload in one transaction (the routes in license-routes.ts call these).
 */
import type { LicenseOutput, LicenseSaveBody } from '@licensure/contracts';
import { type Db, licenseRules, licenses, processes, referenceTables, type Tx } from '@licensure/db';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest, notFound } from '../../platform/http/errors';
import { type enterpriseToday, loadRules, writeRuleClauses } from './rule-routes';

/** The configuration sets of a licence: payload key -> declarative table holding it. */
export const sets = {
  license_categories: 'license_categories',
  license_category_levels: 'license_category_levels',
  license_request_statuses: 'license_request_statuses',
  license_category_certification_statuses: 'license_category_certification_statuses',
  license_category_certification_attributes: 'license_category_certification_attributes',
  processes: 'process_licenses',
} as const;
type SetKey = keyof typeof sets;
const setKeys = Object.keys(sets) as SetKey[];

const tableOf = (key: SetKey) => referenceTables[sets[key]];
const column = (key: SetKey, name: string) => tableOf(key)[name] as PgColumn;

type LicenseRow = typeof licenses.$inferSelect;

/** A licence with every configuration set and its rules. */
export async function loadLicense(db: Db | Tx, row: LicenseRow): Promise<LicenseOutput> {
  const loaded = await Promise.all(
    setKeys.map(async (key) => {
      const order = column(key, 'sort_order') ?? column(key, 'created_at');
      const rows = await db
        .select()
        .from(tableOf(key))
        .where(eq(column(key, 'license_id'), row.id))
        .orderBy(asc(order), asc(column(key, 'id')));
      return [key, rows] as const;
    }),
  );
  const ruleRows = await db
    .select()
    .from(licenseRules)
    .where(eq(licenseRules.license_id, row.id))
    .orderBy(asc(licenseRules.name));
  return {
    id: row.id,
    enterprise_id: row.enterprise_id,
    name: row.name,
    code: row.code,
    description: row.description,
    entity: row.entity,
    active: row.active,
    public_lookup: row.public_lookup,
    form_package_id: row.form_package_id,
    autonumber_id: row.autonumber_id,
    renewal_window_days: row.renewal_window_days,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(Object.fromEntries(loaded) as Record<SetKey, Record<string, unknown>[]>),
    license_rules: await loadRules(db, ruleRows),
  };
}

export async function findLicense(db: Db | Tx, enterpriseId: string, id: string): Promise<LicenseRow> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), eq(licenses.enterprise_id, enterpriseId), isNull(licenses.deleted_at)));
  if (!row) throw notFound('licence');
  return row;
}

/** 400 naming `field` unless every id is a record of `table` in the enterprise. */
export async function requireIds(
  tx: Tx,
  enterpriseId: string,
  table: { id: PgColumn; enterprise_id: PgColumn },
  ids: (string | null | undefined)[],
  field: (index: number) => string,
  what: string,
) {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (wanted.length === 0) return;
  // The table is one of several with id and enterprise_id columns; drizzle cannot name it generically.
  const found: { id: unknown }[] = await tx
    .select({ id: table.id })
    .from(table as unknown as PgTable)
    .where(and(inArray(table.id, wanted), eq(table.enterprise_id, enterpriseId)));
  const known = new Set(found.map((f) => f.id as string));
  const index = ids.findIndex((v) => v && !known.has(v));
  if (index >= 0) throw badRequest({ [field(index)]: `There is no such ${what}.` });
}

/**
 * Replaces one configuration set: members with a known id are updated, others inserted (keeping a
 * client-chosen id, so levels can name categories sent in the same payload), and stored members
 * left out are deleted.
 */
async function replaceSet(
  tx: Tx,
  enterpriseId: string,
  licenseId: string,
  key: SetKey,
  members: ({ id?: string } & Record<string, unknown>)[],
) {
  const table = tableOf(key);
  const licenseColumn = column(key, 'license_id');
  const idColumn = column(key, 'id');
  const keep = members.map((m) => m.id).filter((id): id is string => Boolean(id));
  await tx
    .delete(table)
    .where(and(eq(licenseColumn, licenseId), keep.length ? notInArray(idColumn, keep) : undefined));
  const stored = new Set(
    (await tx.select({ id: idColumn }).from(table).where(eq(licenseColumn, licenseId))).map(
      (r) => r.id as string,
    ),
  );
  for (const m of members) {
    const values = { ...m, license_id: licenseId, enterprise_id: enterpriseId };
    if (m.id && stored.has(m.id)) {
      await tx
        .update(table)
        .set({ ...values, updated_at: new Date() })
        .where(eq(idColumn, m.id));
    } else {
      await tx.insert(table).values(values);
    }
  }
}

export async function saveLicense(
  tx: Tx,
  enterpriseId: string,
  licenseId: string,
  body: LicenseSaveBody,
  today: Awaited<ReturnType<typeof enterpriseToday>>,
) {
  const categories = body.license_categories;
  if (categories) await replaceSet(tx, enterpriseId, licenseId, 'license_categories', categories);
  const categoryIds = new Set(
    (
      await tx
        .select({ id: column('license_categories', 'id') })
        .from(tableOf('license_categories'))
        .where(eq(column('license_categories', 'license_id'), licenseId))
    ).map((r) => r.id as string),
  );
  const checkCategories = (
    key: SetKey,
    list: { license_category_id?: unknown }[] | undefined,
    required: boolean,
  ) => {
    list?.forEach((m, i) => {
      const c = m.license_category_id as string | null | undefined;
      if ((required && !c) || (c && !categoryIds.has(c)))
        throw badRequest({ [`${key}.${i}.license_category_id`]: 'Choose a category of this licence.' });
    });
  };
  checkCategories('license_category_levels', body.license_category_levels, true);
  checkCategories(
    'license_category_certification_statuses',
    body.license_category_certification_statuses,
    false,
  );
  checkCategories(
    'license_category_certification_attributes',
    body.license_category_certification_attributes,
    false,
  );
  if (body.processes)
    await requireIds(
      tx,
      enterpriseId,
      processes,
      body.processes.map((p) => p.process_id as string),
      (i) => `processes.${i}.process_id`,
      'process',
    );
  for (const key of setKeys) {
    if (key === 'license_categories') continue;
    const members = body[key];
    if (members)
      await replaceSet(
        tx,
        enterpriseId,
        licenseId,
        key,
        members as ({ id?: string } & Record<string, unknown>)[],
      );
  }
  if (body.license_rules) {
    const keep = body.license_rules.map((r) => r.id).filter((id): id is string => Boolean(id));
    await tx
      .delete(licenseRules)
      .where(
        and(
          eq(licenseRules.license_id, licenseId),
          keep.length ? notInArray(licenseRules.id, keep) : undefined,
        ),
      );
    for (const [i, rule] of body.license_rules.entries()) {
      const values = {
        enterprise_id: enterpriseId,
        license_id: licenseId,
        name: rule.name,
        description: rule.description ?? null,
        entity: rule.entity,
        active: rule.active,
      };
      const [existing] = rule.id
        ? await tx
            .select({ id: licenseRules.id })
            .from(licenseRules)
            .where(and(eq(licenseRules.id, rule.id), eq(licenseRules.license_id, licenseId)))
        : [];
      const [saved] = existing
        ? await tx
            .update(licenseRules)
            .set({ ...values, updated_at: new Date() })
            .where(eq(licenseRules.id, existing.id))
            .returning({ id: licenseRules.id })
        : await tx.insert(licenseRules).values(values).returning({ id: licenseRules.id });
      if (!saved) throw new Error('rule not saved');
      try {
        await writeRuleClauses(tx, enterpriseId, saved.id, rule, today);
      } catch (err) {
        const fields = (err as { fields?: Record<string, string> }).fields;
        if (fields)
          throw badRequest(
            Object.fromEntries(Object.entries(fields).map(([k, v]) => [`license_rules.${i}.${k}`, v])),
          );
        throw err;
      }
    }
  }
}
