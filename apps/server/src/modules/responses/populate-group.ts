// GET fbresponses/populateGroup: the values a group's mapped questions take from the response's
// person, service or vehicle (elements map a question to one whitelisted field).
import { elementFields, type PopulatedValue } from '@licensure/contracts';
import { type Db, fb_elements, services, users, vehicles } from '@licensure/db';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/context';
import { notFound } from '../../platform/http/errors';
import { loadVersionDefinition } from '../forms/form-store';
import { loadResponseFor } from './access';

type Entity = keyof typeof elementFields;

/** The whitelisted columns of each entity, by field name: nothing else can be read. */
function columnsOf(table: PgTable, names: readonly string[]): ReadonlyMap<string, PgColumn> {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return new Map(names.flatMap((n) => (all[n] ? [[n, all[n]] as const] : [])));
}
const readable: Record<
  Entity,
  { table: PgTable; id: PgColumn; enterprise: PgColumn; columns: ReadonlyMap<string, PgColumn> }
> = {
  user: {
    table: users,
    id: users.id,
    enterprise: users.enterprise_id,
    columns: columnsOf(users, elementFields.user),
  },
  service: {
    table: services,
    id: services.id,
    enterprise: services.enterprise_id,
    columns: columnsOf(services, elementFields.service),
  },
  vehicle: {
    table: vehicles,
    id: vehicles.id,
    enterprise: vehicles.enterprise_id,
    columns: columnsOf(vehicles, elementFields.vehicle),
  },
};

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
};

export async function populateGroup(
  db: Db,
  auth: AuthContext,
  enterpriseId: string,
  responseId: string,
  groupId: string,
): Promise<PopulatedValue[]> {
  const { response } = await loadResponseFor(db, auth, enterpriseId, responseId, 'edit');
  const definition = await loadVersionDefinition(db, response.form_id, response.form_version);
  const group = definition?.pages.flatMap((p) => p.groups).find((g) => g.id === groupId);
  if (!group) throw notFound('group');
  const mapped = group.questions.filter((q) => q.element_id);
  if (mapped.length === 0) return [];
  const elements = await db
    .select({ id: fb_elements.id, entity: fb_elements.entity, field_name: fb_elements.field_name })
    .from(fb_elements)
    .where(
      and(
        eq(fb_elements.enterprise_id, enterpriseId),
        inArray(
          fb_elements.id,
          mapped.map((q) => q.element_id as string),
        ),
      ),
    );
  const elementById = new Map(
    elements.map((e) => [e.id as string, e as { entity: string; field_name: string }]),
  );
  const subjectId: Record<Entity, string | null> = {
    user: response.user_id,
    service: response.service_id,
    vehicle: response.vehicle_id,
  };

  // One read per entity, of just the mapped fields.
  const wanted = new Map<Entity, Set<string>>();
  for (const e of elementById.values()) {
    const entity = e.entity as Entity;
    if (readable[entity]?.columns.has(e.field_name) && subjectId[entity])
      wanted.set(entity, (wanted.get(entity) ?? new Set()).add(e.field_name));
  }
  const records = new Map<Entity, Record<string, unknown>>();
  for (const [entity, fields] of wanted) {
    const source = readable[entity];
    const selection = Object.fromEntries([...fields].map((f) => [f, source.columns.get(f) as PgColumn]));
    const [record] = await db
      .select(selection)
      .from(source.table)
      .where(and(eq(source.id, subjectId[entity] as string), eq(source.enterprise, enterpriseId)));
    if (record) records.set(entity, record);
  }
  return mapped.map((q) => {
    const e = elementById.get(q.element_id as string);
    const value = e ? records.get(e.entity as Entity)?.[e.field_name] : undefined;
    return { question_id: q.id, value: asText(value) };
  });
}
