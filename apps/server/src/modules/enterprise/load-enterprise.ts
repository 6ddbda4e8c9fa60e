import type { Enterprise, EnterpriseSettings, ReferenceRow } from '@licensure/contracts';
import { type Db, enterprises, entities, entity_enterprise_fields } from '@licensure/db';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

type EnterpriseRow = typeof enterprises.$inferSelect;
type EntityRow = ReferenceRow & { is_user: boolean; is_service: boolean; is_vehicle: boolean };
type FieldRow = ReferenceRow & {
  entity_id: string;
  category: string;
  name: string;
  field_type: string;
  required: boolean;
};

/** The settings staff may see: everything but secrets. */
export function presentSettings(row: EnterpriseRow): EnterpriseSettings & { id: string } {
  const { recaptcha_secret: _secret, labels: _labels, created_at: _c, updated_at: _u, ...settings } = row;
  return settings;
}

export async function findEnterprise(db: Db, id: string): Promise<EnterpriseRow> {
  const [row] = await db.select().from(enterprises).where(eq(enterprises.id, id));
  if (!row) throw notFound('enterprise');
  return row;
}

/** The enterprise with its entities and their custom field categories. */
export async function loadEnterprise(db: Db, id: string): Promise<Enterprise> {
  const row = await findEnterprise(db, id);
  const [entityRows, fieldRows] = (await Promise.all([
    db
      .select()
      .from(entities)
      .where(eq(entities.enterprise_id, id))
      .orderBy(asc(entities.sort_order), asc(entities.label)),
    db
      .select()
      .from(entity_enterprise_fields)
      .where(eq(entity_enterprise_fields.enterprise_id, id))
      .orderBy(asc(entity_enterprise_fields.sort_order), asc(entity_enterprise_fields.label)),
  ])) as [EntityRow[], FieldRow[]];
  return {
    ...presentSettings(row),
    labels: row.labels,
    entities: entityRows.map((e) => {
      const categories = new Map<string, Enterprise['entities'][number]['categories'][number]>();
      for (const f of fieldRows.filter((f) => f.entity_id === e.id)) {
        const name = String(f.category);
        let c = categories.get(name);
        if (!c) {
          c = { name, label: name, fields: [] };
          categories.set(name, c);
        }
        c.fields.push({
          id: f.id,
          name: f.name,
          label: f.label,
          field_type: f.field_type,
          required: f.required,
        });
      }
      return {
        id: e.id,
        label: e.label,
        code: e.code,
        is_user: e.is_user,
        is_service: e.is_service,
        is_vehicle: e.is_vehicle,
        categories: [...categories.values()],
      };
    }),
  };
}
