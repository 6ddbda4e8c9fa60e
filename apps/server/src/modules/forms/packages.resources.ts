import { type PackageOutput, packageInput, packageListQuery, packageOutput } from '@licensure/contracts';
import { type Db, fbForms, fbPackageForms, fbPackages, type Tx } from '@licensure/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { Resource, Row } from '../../platform/resources/types';
import { tags } from './common';

type PackageInput = z.infer<typeof packageInput>;

type PackageRow = typeof fbPackages.$inferSelect;

/** The packages with their (not deleted) forms in package order. */
async function withForms(db: Db | Tx, rows: PackageRow[]): Promise<PackageOutput[]> {
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

/**
 * FBPackages: forms handed out together. Each save replaces the package's forms, in the order given;
 * deleting a package leaves its forms.
 */
export const packageResource: Resource = {
  path: 'FBPackages',
  entity: 'fb_packages',
  wrapper: 'package',
  singular: 'package',
  tags,
  table: fbPackages,
  read: 'forms.read',
  write: 'forms.write',
  input: packageInput,
  output: packageOutput,
  filters: { active: { column: fbPackages.active, schema: packageListQuery.shape.active } },
  search: [fbPackages.name],
  sort: {
    name: sql`lower(${fbPackages.name})`,
    active: fbPackages.active,
    created_at: fbPackages.created_at,
    updated_at: fbPackages.updated_at,
  },
  defaultSort: 'name',
  nestedRefs: { 'forms[].form_id': 'fbforms' },
  unique: { fb_packages_name_key: 'name' },
  hooks: {
    afterChange: async (row, ctx) => {
      if (ctx.operation === 'delete') return;
      const input = ctx.input as PackageInput;
      await saveForms(ctx.tx, ctx.enterpriseId, row.id as string, input.forms ?? []);
    },
    expand: async (rows, db) => (await withForms(db, rows as PackageRow[])) as unknown as Row[],
  },
};
