import type { FieldSpec, PermissionKey, ResourceSpec } from '@licensure/contracts';
import { z } from 'zod';
import type { Resource } from './types';

/** A JSON Schema node, as far as the description reads it. */
interface Node {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  items?: Node;
  anyOf?: Node[];
  default?: unknown;
}

const ACRONYMS: Record<string, string> = { fips: 'FIPS', id: '', ids: '', url: 'URL', vin: 'VIN' };

/** `service_number` -> "Service number", `primary_level_id` -> "Primary level", `county_fips` -> "County FIPS". */
export function labelOf(name: string): string {
  const words = name
    .split('_')
    .map((w) => (w in ACRONYMS ? ACRONYMS[w] : w))
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field a JSON Schema property becomes on a generic form, or null when no generic control fits. */
function fieldOf(name: string, node: Node, required: boolean, resource: Resource): FieldSpec | null {
  const nullable = node.anyOf?.some((n) => n.type === 'null') ?? false;
  const n = node.anyOf?.find((x) => x.type !== 'null') ?? node;
  const label = resource.form?.labels?.[name] ?? labelOf(name);
  const ref = resource.refs?.[name]?.name;
  const base = { name, label, help: resource.form?.help?.[name], refQuery: resource.form?.refQuery?.[name] };
  const isRequired = required && !nullable;
  if (n.type === 'boolean') return { ...base, kind: 'bool', defaultValue: n.default === true };
  if (n.type === 'integer')
    return { ...base, kind: 'int', required: isRequired, min: n.minimum, max: n.maximum };
  if (n.type === 'array') return n.items?.format === 'uuid' ? { ...base, kind: 'uuids', ref } : null;
  if (n.type !== 'string') return null;
  if (n.enum) return { ...base, kind: 'select', required: isRequired, options: n.enum.map(String) };
  if (n.format === 'uuid') return { ...base, kind: 'uuid', required: isRequired, ref };
  if (n.format === 'date') return { ...base, kind: 'date', required: isRequired };
  const text: FieldSpec = {
    ...base,
    kind: (n.maxLength ?? 0) > 1000 ? 'longtext' : 'text',
    required: isRequired && (n.minLength ?? 0) > 0,
    maxLength: n.maxLength,
  };
  if (n.pattern && !n.format)
    text.pattern = { regex: n.pattern, message: `${label} is not in the expected form` };
  return text;
}

/**
 * What the generic list and edit pages need to show a resource, read off its declaration: the fields
 * of its input schema (with the records they reference), its sort keys, filters and permissions.
 * Null when the resource is not offered to the generic pages.
 */
export function describeResource(resource: Resource): ResourceSpec | null {
  if (resource.spec) return resource.spec;
  const form = resource.form;
  const listRead = resource.listRead ?? resource.read;
  // The generic pages serve resources read by permission; one read under a policy has its own pages.
  if (!form || typeof listRead !== 'string' || listRead === 'public' || listRead === 'authenticated')
    return null;
  const schema = z.toJSONSchema(resource.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Node>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  const hidden = new Set(form.hidden ?? []);
  const listed = new Set(form.listed ?? []);
  const fields: FieldSpec[] = [];
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (hidden.has(name)) continue;
    const field = fieldOf(name, node, required.has(name), resource);
    if (field) fields.push(listed.has(name) ? { ...field, listed: true } : field);
  }
  return {
    key: resource.entity,
    path: resource.path,
    module: resource.tags[0] ?? 'platform',
    wrapper: resource.wrapper,
    title: form.title,
    singular: resource.singular,
    fields,
    unique: [],
    filters: Object.fromEntries(Object.keys(resource.filters ?? {}).map((p) => [p, p])),
    searchable: resource.search?.length ? ['search'] : [],
    defaultSort: resource.defaultSort,
    sortable: Object.keys(resource.sort),
    read: listRead as PermissionKey,
    write: (typeof resource.write === 'object'
      ? (resource.write.permission ?? listRead)
      : (resource.write ?? listRead)) as PermissionKey,
    readOnly: !resource.write,
    deleteReason: !!resource.softDelete?.reason,
  };
}
