import {
  countResponse,
  listResponse,
  type PackageOutput,
  packageListQuery,
  packageOutput,
  packageSaveBody,
  packageUpdateBody,
} from '@licensure/contracts';
import { type Db, fbForms, fbPackageForms, fbPackages, type Tx } from '@licensure/db';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { assertFresh, idParams, mapDbError, pageOf, tags } from './common';

type PackageRow = typeof fbPackages.$inferSelect;
type PackageInput = z.infer<typeof packageSaveBody>['package'];

/** The packages with their (not deleted) forms in package order. */
async function present(db: Db | Tx, rows: PackageRow[]): Promise<PackageOutput[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({
      package_id: fbPackageForms.package_id,
      id: fbForms.id,
      name: fbForms.name,
      required: fbPackageForms.required,
      sort_order: fbPackageForms.sort_order,
    })
    .from(fbPackageForms)
    .innerJoin(fbForms, and(eq(fbForms.id, fbPackageForms.form_id), isNull(fbForms.deleted_at)))
    .where(
      inArray(
        fbPackageForms.package_id,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(asc(fbPackageForms.sort_order), asc(fbForms.name));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    active: p.active,
    forms: links.filter((l) => l.package_id === p.id).map(({ package_id: _p, ...f }) => f),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  }));
}

async function presentOne(db: Db | Tx, row: PackageRow): Promise<PackageOutput> {
  const [out] = await present(db, [row]);
  if (!out) throw notFound('package');
  return out;
}

async function findPackage(db: Db | Tx, enterpriseId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(fbPackages)
    .where(and(eq(fbPackages.id, id), eq(fbPackages.enterprise_id, enterpriseId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('package');
  return row;
}

/** Replaces a package's forms: each a live form of the enterprise, none twice (400 naming the entry). */
async function saveForms(tx: Tx, enterpriseId: string, packageId: string, forms: PackageInput['forms']) {
  const seen = new Set<string>();
  forms.forEach((f, i) => {
    if (seen.has(f.form_id))
      throw badRequest({ [`forms.${i}.form_id`]: 'A form can be put into a package only once.' });
    seen.add(f.form_id);
  });
  if (forms.length > 0) {
    const found = await tx
      .select({ id: fbForms.id })
      .from(fbForms)
      .where(
        and(
          eq(fbForms.enterprise_id, enterpriseId),
          isNull(fbForms.deleted_at),
          inArray(
            fbForms.id,
            forms.map((f) => f.form_id),
          ),
        ),
      );
    const known = new Set(found.map((f) => f.id));
    const missing = forms.findIndex((f) => !known.has(f.form_id));
    if (missing >= 0)
      throw badRequest({ [`forms.${missing}.form_id`]: `There is no form ${forms[missing]?.form_id}.` });
  }
  await tx.delete(fbPackageForms).where(eq(fbPackageForms.package_id, packageId));
  if (forms.length > 0)
    await tx.insert(fbPackageForms).values(
      forms.map((f, i) => ({
        package_id: packageId,
        form_id: f.form_id,
        required: f.required,
        sort_order: i,
      })),
    );
}

const sortable = {
  name: sql`lower(${fbPackages.name})`,
  active: sql`${fbPackages.active}`,
  created_at: sql`${fbPackages.created_at}`,
  updated_at: sql`${fbPackages.updated_at}`,
} as const;

/** FBPackages: forms handed out together. */
export async function packagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  function whereOf(enterpriseId: string, q: { active?: boolean; search?: string }) {
    const conditions: SQL[] = [eq(fbPackages.enterprise_id, enterpriseId)];
    if (q.active !== undefined) conditions.push(eq(fbPackages.active, q.active));
    const search = q.search?.trim();
    if (search) conditions.push(ilike(fbPackages.name, likeContains(search)));
    return and(...conditions);
  }

  r.get('/api/FBPackages', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'List packages of forms',
      querystring: packageListQuery,
      response: { 200: listResponse(packageOutput) },
    },
    handler: async (request) => {
      const q = request.query;
      const key = (Object.keys(sortable) as (keyof typeof sortable)[]).find(
        (k) => k.toLowerCase() === (q.sortBy ?? 'name').toLowerCase(),
      );
      if (!key) throw badRequest({ sortBy: `sortBy must be one of: ${Object.keys(sortable).join(', ')}` });
      const where = whereOf(request.enterpriseId, q);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(fbPackages)
          .where(where)
          .orderBy((q.reverse ? desc : asc)(sortable[key]), asc(fbPackages.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ total: countAll }).from(fbPackages).where(where),
      ]);
      return pageOf(await present(db, rows), count?.total ?? 0, q);
    },
  });

  r.get('/api/FBPackages/getCount', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'Count packages',
      querystring: packageListQuery,
      response: { 200: countResponse },
    },
    handler: async (request) => {
      const [row] = await db
        .select({ total: countAll })
        .from(fbPackages)
        .where(whereOf(request.enterpriseId, request.query));
      return { count: row?.total ?? 0 };
    },
  });

  r.get('/api/FBPackages/:id', {
    config: { access: 'forms.read' },
    schema: {
      tags,
      summary: 'One package with its forms',
      params: idParams,
      response: { 200: packageOutput },
    },
    handler: async (request) =>
      presentOne(db, await findPackage(db, request.enterpriseId, request.params.id)),
  });

  r.post('/api/FBPackages', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Create a package with its forms (in the order given)',
      body: packageSaveBody,
      response: { 201: packageOutput },
    },
    handler: async (request, reply) => {
      const { forms, ...columns } = request.body.package;
      try {
        const out = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(fbPackages)
            .values({ ...columns, enterprise_id: request.enterpriseId })
            .returning();
          if (!created) throw new Error('package not created');
          await saveForms(tx, request.enterpriseId, created.id, forms);
          const after = await presentOne(tx, created);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_packages',
            objectId: created.id,
            action: 'create',
            after,
          });
          return after;
        });
        return reply.status(201).send(out);
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.put('/api/FBPackages/:id', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Change a package and replace its forms',
      params: idParams,
      body: packageUpdateBody,
      response: { 200: packageOutput },
    },
    handler: async (request) => {
      const { forms, updated_at: seen, ...columns } = request.body.package;
      try {
        return await db.transaction(async (tx) => {
          const current = await findPackage(tx, request.enterpriseId, request.params.id, true);
          assertFresh(seen, current.updated_at, 'package');
          const before = await presentOne(tx, current);
          const [updated] = await tx
            .update(fbPackages)
            .set({ ...columns, updated_at: new Date() })
            .where(eq(fbPackages.id, current.id))
            .returning();
          if (!updated) throw notFound('package');
          await saveForms(tx, request.enterpriseId, current.id, forms);
          const after = await presentOne(tx, updated);
          await recordChange(tx, actorOf(request), {
            entity: 'fb_packages',
            objectId: current.id,
            action: 'update',
            before,
            after,
          });
          return after;
        });
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.delete('/api/FBPackages/:id', {
    config: { access: 'forms.write' },
    schema: { tags, summary: 'Delete a package (its forms stay)', params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const current = await findPackage(tx, request.enterpriseId, request.params.id, true);
        const before = await presentOne(tx, current);
        await tx.delete(fbPackages).where(eq(fbPackages.id, current.id));
        await recordChange(tx, actorOf(request), {
          entity: 'fb_packages',
          objectId: current.id,
          action: 'delete',
          before,
        });
      });
      return reply.status(204).send();
    },
  });
}
