import type { DataChange, ListResult, ResourceSpec } from '@licensure/contracts';
import { api } from '../api/client';

/** A record of a declarative resource: its fields plus id, tenant and timestamps. */
export interface Entity {
  id: string;
  enterprise_id: string;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}

export interface ListParams {
  currentPage: number;
  numPerPage: number;
  sortBy: string;
  reverse: boolean;
  search: string;
}

const base = (spec: ResourceSpec) => `/api/${spec.path}`;
const one = (spec: ResourceSpec, id: string) => `${base(spec)}/${encodeURIComponent(id)}`;

export const resourceApi = {
  list: (
    spec: ResourceSpec,
    params: ListParams,
    signal?: AbortSignal,
    filters?: Readonly<Record<string, string>>,
  ) =>
    api.get<ListResult<Entity>>(base(spec), {
      signal,
      query: { ...filters, ...params, search: params.search.trim() || undefined },
    }),
  get: (spec: ResourceSpec, id: string, signal?: AbortSignal) => api.get<Entity>(one(spec, id), { signal }),
  create: (spec: ResourceSpec, input: Record<string, unknown>) =>
    api.post<Entity>(base(spec), { [spec.wrapper]: input }),
  update: (spec: ResourceSpec, id: string, input: Record<string, unknown>) =>
    api.put<Entity>(one(spec, id), { [spec.wrapper]: input }),
  /** The reason is sent where deleting keeps the record with its history (`spec.deleteReason`). */
  remove: (spec: ResourceSpec, id: string, reason?: string) =>
    api.delete(one(spec, id), { query: { reason: reason?.trim() || undefined } }),
  history: async (spec: ResourceSpec, id: string, signal?: AbortSignal): Promise<DataChange[]> => {
    const body = await api.get<DataChange[] | { items: DataChange[] }>('/api/DataChangeLog', {
      signal,
      query: { entity: spec.key, object_id: id },
    });
    return Array.isArray(body) ? body : body.items;
  },
};

export const resourceKeys = {
  all: (spec: ResourceSpec) => ['resource', spec.key] as const,
  lists: (spec: ResourceSpec) => ['resource', spec.key, 'list'] as const,
  list: (spec: ResourceSpec, params: ListParams, filters?: Readonly<Record<string, string>>) =>
    ['resource', spec.key, 'list', params, filters ?? null] as const,
  one: (spec: ResourceSpec, id: string) => ['resource', spec.key, 'one', id] as const,
  history: (spec: ResourceSpec, id: string) => ['resource', spec.key, 'history', id] as const,
};

/** What to call a record in messages and links: its label, or another identifying text field. */
export function entityTitle(spec: ResourceSpec, entity: Entity): string {
  for (const name of ['label', 'name', ...spec.fields.filter((f) => f.kind === 'text').map((f) => f.name)]) {
    const value = entity[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return entity.id;
}

/** The fields shown as list columns (the first field when none is marked). */
export function listedFields(spec: ResourceSpec) {
  const listed = spec.fields.filter((f) => f.listed);
  return listed.length > 0 ? listed : spec.fields.slice(0, 1);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
