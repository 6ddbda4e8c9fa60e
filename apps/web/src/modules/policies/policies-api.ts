import type {
  ListResult,
  PolicyAcknowledgement,
  PolicyInput,
  PolicyKind,
  PolicyOutput,
  PublicPolicy,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const POLICIES_BASE = '/staff/policies';

export interface PolicyListQuery {
  currentPage: number;
  numPerPage: number;
  search?: string;
  kind?: PolicyKind;
  published?: boolean;
}

export interface Option {
  id: string;
  label: string;
  type?: string;
}

export const policyKeys = {
  all: ['policies'] as const,
  list: (q: PolicyListQuery) => ['policies', 'list', q] as const,
  one: (id: string) => ['policies', 'one', id] as const,
  acknowledgements: (id: string) => ['policies', 'acknowledgements', id] as const,
  options: (path: string) => ['policies', 'options', path] as const,
  public: (kind: PolicyKind | null) => ['public-policies', kind] as const,
};

export const policiesApi = {
  list: (query: PolicyListQuery, signal?: AbortSignal) =>
    api.get<ListResult<PolicyOutput>>('/api/policies', {
      query: { ...query, sortBy: 'title' },
      signal,
    }),
  one: (id: string) => api.get<PolicyOutput>(`/api/policies/${id}`),
  create: (p: PolicyInput) => api.post<PolicyOutput>('/api/policies', { policy: p }),
  update: (id: string, p: PolicyInput & { updated_at?: string }) =>
    api.put<PolicyOutput>(`/api/policies/${id}`, { policy: p }),
  remove: (id: string, reason: string) => api.delete(`/api/policies/${id}`, { query: { reason } }),
  acknowledge: (id: string) => api.post<{ acknowledged_at: string }>(`/api/policies/${id}/acknowledge`),
  acknowledgements: (id: string) => api.get<PolicyAcknowledgement[]>(`/api/policies/${id}/acknowledgements`),
  setDocument: (id: string, name: string, value: string) =>
    api.put<{ document_id: string; document_name: string }>(`/api/policies/${id}/document`, { name, value }),
  documentUrl: (id: string) => `/api/policies/${id}/document`,
  /** A reference list's active entries (policy types, statuses, classifications). */
  options: async (path: string) =>
    (
      await api.get<ListResult<Option & { active: boolean }>>(`/api/${path}`, {
        query: { numPerPage: 200 },
      })
    ).items.filter((o) => o.active),
  publicList: (kind: PolicyKind | null) =>
    api.get<PublicPolicy[]>('/api/public/policies', { query: { kind: kind ?? undefined } }),
  publicDocumentUrl: (id: string) => `/api/public/policies/${id}/document`,
};

export const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
