import {
  type LicenseOutput,
  type LicenseSaveBody,
  licenseOutput,
  licenseSaveBody,
  listQuery,
  listResponse,
} from '@licensure/contracts';
import {
  type Db,
  fbPackages,
  licenseRules,
  licenses,
  processes,
  referenceTables,
  type Tx,
  viewedLicenses,
} from '@licensure/db';
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, fromDatabaseError, notFound } from '../../platform/http/errors';
import { countAll, likeContains, sortTerm } from '../../platform/resources/list-query';
import { enterpriseToday, loadRules, writeRuleClauses } from './rule-routes';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** The configuration sets of a licence: payload key -> declarative table holding it. */
const sets = {
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
async function requireIds(
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

async function saveLicense(
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

const licenseListQuery = listQuery.extend({
  entity: z.enum(['user', 'service', 'vehicle']).optional(),
  active: z.enum(['true', 'false']).optional(),
});

const licenseSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  entity: z.string(),
  active: z.boolean(),
  public_lookup: z.boolean(),
  form_package_id: z.uuid().nullable(),
  autonumber_id: z.uuid().nullable(),
  renewal_window_days: z.number().int(),
  updated_at: z.coerce.string(),
});

/** licenses CRUD with the licence save payload, viewedlicenses, and updateAllowMultipleLevels. */
export async function licenseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const mapError = (err: unknown) =>
    fromDatabaseError(err, (c) => (c === 'licenses_name_key' ? 'name' : undefined));

  const checkLicenseRefs = async (tx: Tx, enterpriseId: string, body: LicenseSaveBody) => {
    await requireIds(
      tx,
      enterpriseId,
      fbPackages,
      [body.license.form_package_id],
      () => 'license.form_package_id',
      'form package',
    );
    await requireIds(
      tx,
      enterpriseId,
      referenceTables.autonumbers as unknown as { id: PgColumn; enterprise_id: PgColumn },
      [body.license.autonumber_id],
      () => 'license.autonumber_id',
      'autonumber',
    );
  };

  r.get('/api/licenses', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'List licences',
      querystring: licenseListQuery,
      response: { 200: listResponse(licenseSummary) },
    },
    handler: async (request) => {
      const q = request.query;
      const conditions: (SQL | undefined)[] = [
        eq(licenses.enterprise_id, request.enterpriseId),
        isNull(licenses.deleted_at),
      ];
      if (q.entity) conditions.push(eq(licenses.entity, q.entity));
      if (q.active) conditions.push(eq(licenses.active, q.active === 'true'));
      if (q.search?.trim()) conditions.push(ilike(licenses.name, likeContains(q.search.trim())));
      const order = sortTerm(
        {
          name: sql`${licenses.name}`,
          updated_at: sql`${licenses.updated_at}`,
          entity: sql`${licenses.entity}`,
        },
        q,
        'name',
      );
      const where = and(...conditions);
      const [items, [count]] = await Promise.all([
        db
          .select()
          .from(licenses)
          .where(where)
          .orderBy(order, asc(licenses.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ n: countAll }).from(licenses).where(where),
      ]);
      return {
        items: items.map((l) => ({ ...l, updated_at: l.updated_at.toISOString() })),
        total: count?.n ?? 0,
        currentPage: q.currentPage,
        numPerPage: q.numPerPage,
      };
    },
  });

  r.get('/api/licenses/available', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary:
        'Licences open for applications, with their levels and application types (what the portal offers)',
      querystring: z.object({ entity: z.enum(['user', 'service', 'vehicle']).optional() }),
      response: {
        200: z.array(
          z.object({
            id: z.uuid(),
            name: z.string(),
            description: z.string().nullable(),
            entity: z.string(),
            form_package_id: z.uuid().nullable(),
            levels: z.array(
              z.object({
                id: z.uuid(),
                label: z.string(),
                category_id: z.uuid(),
                category_label: z.string(),
              }),
            ),
            application_types: z.array(
              z.object({ id: z.uuid(), label: z.string(), license_category_levels: z.array(z.uuid()) }),
            ),
          }),
        ),
      },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(licenses)
        .where(
          and(
            eq(licenses.enterprise_id, request.enterpriseId),
            eq(licenses.active, true),
            isNull(licenses.deleted_at),
            request.query.entity ? eq(licenses.entity, request.query.entity) : undefined,
          ),
        )
        .orderBy(asc(licenses.name));
      if (rows.length === 0) return [];
      const ids = rows.map((l) => l.id);
      const levels = referenceTables.license_category_levels;
      const categories = referenceTables.license_categories;
      const types = referenceTables.application_types;
      const [levelRows, typeRows] = await Promise.all([
        db
          .select({
            id: levels.id,
            label: levels.label,
            license_id: levels.license_id,
            category_id: categories.id,
            category_label: categories.label,
          })
          .from(levels)
          .innerJoin(categories, eq(categories.id, levels.license_category_id))
          .where(and(inArray(levels.license_id, ids), eq(levels.active, true)))
          .orderBy(asc(categories.sort_order), asc(levels.sort_order), asc(levels.label)),
        db
          .select({
            id: types.id,
            label: types.label,
            license_id: types.license_id,
            license_category_levels: types.license_category_levels,
          })
          .from(types)
          .where(and(inArray(types.license_id, ids), eq(types.active, true)))
          .orderBy(asc(types.sort_order), asc(types.label)),
      ]);
      return rows.map((l) => ({
        id: l.id,
        name: l.name,
        description: l.description,
        entity: l.entity,
        form_package_id: l.form_package_id,
        levels: levelRows
          .filter((v) => v.license_id === l.id)
          .map((v) => ({
            id: v.id as string,
            label: v.label as string,
            category_id: v.category_id as string,
            category_label: v.category_label as string,
          })),
        application_types: typeRows
          .filter((t) => t.license_id === l.id)
          .map((t) => ({
            id: t.id as string,
            label: t.label as string,
            license_category_levels: t.license_category_levels as string[],
          })),
      }));
    },
  });

  r.get('/api/licenses/:id', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'One licence with its whole configuration',
      params: idParams,
      response: { 200: licenseOutput },
    },
    handler: async (request) =>
      loadLicense(db, await findLicense(db, request.enterpriseId, request.params.id)),
  });

  r.post('/api/licenses', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Create a licence with the licence save payload, in one transaction',
      body: licenseSaveBody,
      response: { 200: licenseOutput },
    },
    handler: async (request) => {
      const body = request.body;
      const today = await enterpriseToday(db, request.enterpriseId);
      try {
        const row = await db.transaction(async (tx) => {
          await checkLicenseRefs(tx, request.enterpriseId, body);
          const [created] = await tx
            .insert(licenses)
            .values({ ...body.license, enterprise_id: request.enterpriseId })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await saveLicense(tx, request.enterpriseId, created.id, body, today);
          await recordChange(tx, actorOf(request), {
            entity: 'licenses',
            objectId: created.id,
            action: 'create',
            after: body,
          });
          return created;
        });
        return await loadLicense(db, row);
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.put('/api/licenses/:id', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Change a licence; configuration sets that are sent replace the stored ones',
      params: idParams,
      body: licenseSaveBody,
      response: { 200: licenseOutput },
    },
    handler: async (request) => {
      const body = request.body;
      const today = await enterpriseToday(db, request.enterpriseId);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await findLicense(tx, request.enterpriseId, request.params.id);
          await checkLicenseRefs(tx, request.enterpriseId, body);
          const [updated] = await tx
            .update(licenses)
            .set({ ...body.license, updated_at: new Date() })
            .where(eq(licenses.id, before.id))
            .returning();
          if (!updated) throw notFound('licence');
          await saveLicense(tx, request.enterpriseId, updated.id, body, today);
          await recordChange(tx, actorOf(request), {
            entity: 'licenses',
            objectId: updated.id,
            action: 'update',
            before,
            after: body,
          });
          return updated;
        });
        return await loadLicense(db, row);
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.delete('/api/licenses/:id', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Retire a licence (kept for the credentials and requests that name it)',
      params: idParams,
      response: { 200: z.object({ deleted: z.boolean() }) },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const before = await findLicense(tx, request.enterpriseId, request.params.id);
        await tx
          .update(licenses)
          .set({ deleted_at: new Date(), active: false })
          .where(eq(licenses.id, before.id));
        await recordChange(tx, actorOf(request), {
          entity: 'licenses',
          objectId: before.id,
          action: 'delete',
          before,
        });
      });
      return { deleted: true };
    },
  });

  r.post('/api/viewedlicenses', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'Note that the signed-in user opened a licence (recently viewed licences)',
      body: z.object({ license_id: z.uuid({ message: 'license_id must be a valid id' }) }),
      response: { 200: z.object({ license_id: z.uuid(), viewed_at: z.coerce.string() }) },
    },
    handler: async (request) => {
      const license = await findLicense(db, request.enterpriseId, request.body.license_id);
      const [row] = await db
        .insert(viewedLicenses)
        .values({
          enterprise_id: request.enterpriseId,
          user_id: request.auth!.userId,
          license_id: license.id,
        })
        .onConflictDoUpdate({
          target: [viewedLicenses.user_id, viewedLicenses.license_id],
          set: { viewed_at: new Date() },
        })
        .returning();
      return { license_id: license.id, viewed_at: row!.viewed_at.toISOString() };
    },
  });

  r.get('/api/viewedlicenses', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'The licences the signed-in user opened most recently',
      response: {
        200: z.array(z.object({ license_id: z.uuid(), name: z.string(), viewed_at: z.coerce.string() })),
      },
    },
    handler: async (request) =>
      (
        await db
          .select({ license_id: licenses.id, name: licenses.name, viewed_at: viewedLicenses.viewed_at })
          .from(viewedLicenses)
          .innerJoin(licenses, eq(licenses.id, viewedLicenses.license_id))
          .where(and(eq(viewedLicenses.user_id, request.auth!.userId), isNull(licenses.deleted_at)))
          .orderBy(desc(viewedLicenses.viewed_at))
          .limit(10)
      ).map((v) => ({ ...v, viewed_at: v.viewed_at.toISOString() })),
  });

  r.put('/api/licensecategories/updateAllowMultipleLevels/:id', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Whether one holder may hold several levels of a category at once',
      params: idParams,
      body: z.object({
        allow_multiple_levels: z.boolean({ message: 'allow_multiple_levels must be true or false' }),
      }),
      response: { 200: z.record(z.string(), z.unknown()) },
    },
    handler: async (request) => {
      const table = referenceTables.license_categories;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(table)
          .where(and(eq(table.id, request.params.id), eq(table.enterprise_id, request.enterpriseId)));
        if (!before) throw notFound('licence category');
        const [after] = await tx
          .update(table)
          .set({ allow_multiple_levels: request.body.allow_multiple_levels, updated_at: new Date() })
          .where(eq(table.id, request.params.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'license_categories',
          objectId: request.params.id,
          action: 'update',
          before,
          after,
        });
        return after as Record<string, unknown>;
      });
    },
  });
}
