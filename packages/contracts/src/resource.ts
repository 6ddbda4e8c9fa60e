import { z } from 'zod';
import type { FieldSpec } from './fields';
import type { PermissionKey } from './permissions';

/** A declarative resource: one definition makes its routes, table, validation, OpenAPI and screens. */
export interface ResourceSpec {
  /** Stable key; also the database table name. */
  key: string;
  /** Path under /api as the catalog writes it (matched case-insensitively). */
  path: string;
  module: string;
  /** The wrapper key of POST and PUT bodies: `{ [wrapper]: {...} }`. */
  wrapper: string;
  title: string;
  /** One record, in words ("alert type"). */
  singular: string;
  fields: readonly FieldSpec[];
  /** Field sets unique within an enterprise; a duplicate is a 409 naming the first field. */
  unique: readonly (readonly string[])[];
  /** List query parameter name -> field it filters by equality. */
  filters: Readonly<Record<string, string>>;
  searchable: readonly string[];
  defaultSort: string;
  read: PermissionKey;
  write: PermissionKey;
  /** Served without create, update and delete. */
  readOnly?: boolean;
  /** The sort keys the list accepts (default: the plain fields and the timestamps). */
  sortable?: readonly string[];
  /** Deleting keeps the record and needs a reason (regulatory history). */
  deleteReason?: boolean;
}

export type ResourceOptions = Partial<Omit<ResourceSpec, 'key' | 'path' | 'wrapper' | 'title' | 'fields'>> & {
  fields?: readonly FieldSpec[];
  /** Replaces the common label/code/description/active/sort_order fields entirely. */
  ownFields?: readonly FieldSpec[];
};

export const commonFields: readonly FieldSpec[] = [
  { name: 'label', label: 'Label', kind: 'text', required: true, listed: true },
  { name: 'code', label: 'Code', kind: 'text', maxLength: 64, listed: true },
  { name: 'description', label: 'Description', kind: 'text', maxLength: 1000 },
  { name: 'active', label: 'Active', kind: 'bool', defaultValue: true, listed: true },
  { name: 'sort_order', label: 'Sort order', kind: 'int', min: 0, max: 100_000, defaultValue: 0 },
];

/** A reference list: the common fields plus its own. */
export function referenceList<K extends string>(
  key: K,
  path: string,
  wrapper: string,
  title: string,
  options: ResourceOptions = {},
): ResourceSpec & { key: K } {
  const fields = options.ownFields ?? [...commonFields, ...(options.fields ?? [])];
  const names = new Set(fields.map((f) => f.name));
  return {
    key,
    path,
    wrapper,
    title,
    module: options.module ?? 'lookups',
    singular: options.singular ?? wrapper.replaceAll('_', ' '),
    fields,
    unique: options.unique ?? (names.has('label') ? [['label']] : []),
    filters: options.filters ?? {},
    searchable: options.searchable ?? ['label', 'code', 'description'].filter((n) => names.has(n)),
    defaultSort: options.defaultSort ?? (names.has('sort_order') ? 'sort_order' : 'created_at'),
    read: options.read ?? 'lookups.read',
    write: options.write ?? 'lookups.write',
    readOnly: options.readOnly,
  };
}

/** A row of a reference list as the database returns it: the common columns, then its own. */
export interface ReferenceRow {
  id: string;
  enterprise_id: string;
  label: string;
  code: string | null;
  description: string | null;
  active: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
  [field: string]: unknown;
}

const fieldKinds = ['text', 'longtext', 'int', 'bool', 'uuid', 'uuids', 'date', 'select'] as const;

/** A field as `GET /api/resources/{path}` describes it (a FieldSpec). */
export const fieldDescription = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(fieldKinds),
  required: z.boolean().optional(),
  maxLength: z.number().int().optional(),
  options: z.array(z.string()).optional(),
  ref: z.string().optional(),
  refQuery: z.record(z.string(), z.string()).optional(),
  pattern: z.object({ regex: z.string(), message: z.string() }).optional(),
  listed: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
  help: z.string().optional(),
  example: z.string().optional(),
});

/** What the generic list and edit pages need to show a resource (a ResourceSpec). */
export const resourceDescription = z.object({
  key: z.string(),
  path: z.string(),
  module: z.string(),
  wrapper: z.string(),
  title: z.string(),
  singular: z.string(),
  fields: z.array(fieldDescription),
  unique: z.array(z.array(z.string())),
  filters: z.record(z.string(), z.string()),
  searchable: z.array(z.string()),
  defaultSort: z.string(),
  read: z.string(),
  write: z.string(),
  readOnly: z.boolean().optional(),
  sortable: z.array(z.string()).optional(),
  deleteReason: z.boolean().optional(),
});
