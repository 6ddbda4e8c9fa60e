import {
  booleanish,
  entitySchema,
  type FieldSpec,
  inputSchema,
  patchSchema,
  type ResourceSpec,
} from '@licensure/contracts';
import { getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { refTarget } from './references';
import type { FilterSpec, RefTarget, Resource, ResourceHooks } from './types';

const uuidParam = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** Sort keys of a FieldSpec resource: its plain fields (text case-insensitively) and the timestamps. */
function sortMap(fields: readonly FieldSpec[], c: Record<string, PgColumn>): Record<string, SQLWrapper> {
  const sort: Record<string, SQLWrapper> = {};
  for (const f of fields) {
    if (f.kind === 'uuids' || f.kind === 'longtext' || !c[f.name]) continue;
    sort[f.name] = f.kind === 'text' ? sql`lower(${c[f.name]})` : (c[f.name] as PgColumn);
  }
  sort.created_at = c.created_at as PgColumn;
  sort.updated_at = c.updated_at as PgColumn;
  return sort;
}

/**
 * A resource from a FieldSpec definition (reference lists and other plain tables): input, patch and
 * output schemas, filters, search, sort and references all follow from the fields.
 */
export function fromFieldSpec(spec: ResourceSpec, table: PgTable, hooks?: ResourceHooks): Resource {
  const c = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const filters: Record<string, FilterSpec> = {};
  for (const [param, field] of Object.entries(spec.filters)) {
    if (field === 'enterprise_id') continue;
    const f = byName.get(field);
    filters[param] = {
      column: c[field] as PgColumn,
      schema: f?.kind === 'uuid' ? uuidParam(param) : f?.kind === 'bool' ? booleanish : undefined,
    };
  }
  const refs: Record<string, RefTarget> = {};
  for (const f of spec.fields) if (f.ref) refs[f.name] = refTarget(f.ref);
  const unique: Record<string, string> = {};
  // PostgreSQL cuts identifiers to 63 bytes, so long index names are compared as cut.
  for (const names of spec.unique) unique[`${spec.key}_${names.join('_')}_key`.slice(0, 63)] = names.at(-1)!;
  return {
    path: spec.path,
    entity: spec.key,
    wrapper: spec.wrapper,
    singular: spec.singular,
    tags: [spec.module],
    table,
    read: spec.read,
    write: spec.readOnly ? undefined : spec.write,
    input: inputSchema(spec.fields),
    patch: patchSchema(spec.fields),
    output: entitySchema(spec.fields),
    filters,
    search: spec.searchable.map((n) => c[n] as PgColumn),
    sort: sortMap(spec.fields, c),
    defaultSort: spec.defaultSort,
    thenBy: c.label,
    refs,
    unique,
    hooks,
    spec,
  };
}
