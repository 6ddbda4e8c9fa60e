import {
  type LicenseSaveBody,
  licenseOutput,
  licenseSaveBody,
  listQuery,
  listResponse,
} from '@licensure/contracts';
import {
  fbPackages,
  licenseRuleFields,
  licenses,
  referenceTables,
  type Tx,
  viewedLicenses,
} from '@licensure/db';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { fromDatabaseError, notFound } from '../../platform/http/errors';
import { enterpriseReference } from '../../platform/permissions/policies';
import { countAll, likeContains, sortTerm } from '../../platform/resources/list-query';
import type { BodyRefs } from '../../platform/resources/references';
import { findLicense, loadLicense, requireIds, saveLicense } from './license-store';
import { enterpriseToday } from './rule-routes';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

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

/**
 * What a licence's save names, each of the caller's enterprise (a level's certification level was
 * stored as sent). Category ids name the licence's own categories, new ones of the same body included.
 */
const licenseRefs: BodyRefs = {
  'license.autonumber_id': 'autonumbers',
  'license.form_package_id': 'fbpackages',
  'license_category_levels[].certification_level_id': 'certification_levels',
  'processes[].process_id': 'process',
  'license_rules[].license_rule_field_values[].license_rule_field_id': {
    table: licenseRuleFields,
    what: 'rule field',
  },
};

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
    config: { access: enterpriseReference() },
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
    config: { access: 'licensing.write', refs: licenseRefs },
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
    config: { access: 'licensing.write', refs: licenseRefs },
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
