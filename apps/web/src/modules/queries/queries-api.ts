import type {
  ListResult,
  QueryChart,
  QueryField,
  QueryInput,
  QueryListItem,
  QueryOutput,
  QueryResults,
} from '@licensure/contracts';
import { api, buildUrl } from '../../platform/api/client';

export const QUERIES_BASE = '/staff/queries';

export interface QuerySecurityGroup {
  id: string;
  label: string;
  description: string | null;
  member: boolean;
}

export const queriesKeys = {
  all: ['queries'] as const,
  list: (state: string) => ['queries', 'list', state] as const,
  one: (id: string) => ['queries', 'one', id] as const,
  fields: (subject: string) => ['queries', 'fields', subject] as const,
  field: (id: string) => ['queries', 'field', id] as const,
  groups: () => ['queries', 'groups'] as const,
  rules: (entity: string) => ['queries', 'rules', entity] as const,
  run: (id: string, page: number, numPerPage: number) => ['queries', 'run', id, page, numPerPage] as const,
  preview: (body: unknown) => ['queries', 'preview', body] as const,
  chart: (id: string, field: string | null, kind: string) => ['queries', 'chart', id, field, kind] as const,
};

export const queriesApi = {
  list: (state: string, signal?: AbortSignal) =>
    api.get<QueryListItem[]>('/api/queries/getqueries', { query: { state }, signal }),
  one: (id: string, signal?: AbortSignal) => api.get<QueryOutput>(`/api/queries/getquery/${id}`, { signal }),
  fields: (subject: string, signal?: AbortSignal) =>
    api.get<QueryField[]>(`/api/queries/getfields/${subject}`, { signal }),
  field: (id: string, signal?: AbortSignal) => api.get<QueryField>(`/api/queries/getfield/${id}`, { signal }),
  groups: (signal?: AbortSignal) =>
    api.get<QuerySecurityGroup[]>('/api/queries/getsecuritygroups', { signal }),
  /** The licence rules of one kind of record, to hold a query's rows to (criteria). */
  rules: (entity: string, signal?: AbortSignal) =>
    api.get<ListResult<{ id: string; name: string }>>('/api/licenserules', {
      query: { entity, numPerPage: 500, sortBy: 'name' },
      signal,
    }),
  save: (query: QueryInput) => api.post<QueryOutput>('/api/queries/save', { query }),
  remove: (id: string) => api.delete<{ id: string; deleted: boolean }>(`/api/queries/delete/${id}`),
  run: (id: string, page: number, numPerPage: number, signal?: AbortSignal) =>
    api.post<QueryResults>(`/api/queries/run/${id}`, { page, numPerPage }, { signal }),
  preview: (query: QueryInput, signal?: AbortSignal) =>
    api.post<QueryResults>('/api/queries/preview', { query, page: 1, numPerPage: 10 }, { signal }),
  chart: (id: string, field: string | null, kind: 'bar' | 'line', signal?: AbortSignal) =>
    api.get<QueryChart>(`/api/queries/chart/${id}`, { query: { field: field ?? undefined, kind }, signal }),
  exportUrl: (id: string, format: 'csv' | 'xlsx') => buildUrl(`/api/queries/export/${id}`, { format }),
};
