import type { LicenseOutput, ListResult } from '@licensure/contracts';
import { api } from '../../platform/api/client';
import type { Entity } from '../../platform/resources/resource-api';
import type { LicenseSavePayload } from './license-draft';

export interface LicenseSummary {
  id: string;
  name: string;
  code: string | null;
  description: string | null;
  entity: string;
  active: boolean;
  public_lookup: boolean;
  renewal_window_days: number;
  updated_at: string;
}

export interface LicenseListParams {
  currentPage: number;
  numPerPage: number;
  search: string;
}

export interface ViewedLicense {
  license_id: string;
  name: string;
  viewed_at: string;
}

export interface ProcessRow extends Entity {
  label: string;
  code: string | null;
  process_type: string | null;
  active: boolean;
  sort_order: number;
}

export interface ProcessStatusRow {
  id: string;
  process_id: string;
  process_label: string;
  label: string;
  code: string | null;
  is_final: boolean;
  /** What the status means for approval: a failed required process blocks it. */
  outcome: 'pending' | 'passed' | 'failed';
  active: boolean;
  sort_order: number;
}

export interface ProcessInput {
  label: string;
  code: string | null;
  process_type: string | null;
  active: boolean;
  sort_order: number;
}

export interface ProcessStatusInput {
  process_id: string;
  label: string;
  code: string | null;
  is_final: boolean;
  outcome: 'pending' | 'passed' | 'failed';
  active: boolean;
  sort_order: number;
}

const licensePath = (id: string) => `/api/licenses/${encodeURIComponent(id)}`;
const all = { currentPage: 1, numPerPage: 500 };

export const licensingConfigApi = {
  list: (params: LicenseListParams, signal?: AbortSignal) =>
    api.get<ListResult<LicenseSummary>>('/api/licenses', {
      signal,
      query: { ...params, search: params.search.trim() || undefined },
    }),
  get: (id: string, signal?: AbortSignal) => api.get<LicenseOutput>(licensePath(id), { signal }),
  create: (payload: LicenseSavePayload) => api.post<LicenseOutput>('/api/licenses', payload),
  update: (id: string, payload: LicenseSavePayload) => api.put<LicenseOutput>(licensePath(id), payload),
  /** Retires the licence (kept for the credentials and requests that name it). */
  retire: (id: string) => api.delete<{ deleted: boolean }>(licensePath(id)),
  viewed: (signal?: AbortSignal) => api.get<ViewedLicense[]>('/api/viewedlicenses', { signal }),
  noteViewed: (licenseId: string) => api.post('/api/viewedlicenses', { license_id: licenseId }),
  calculatedFields: (signal?: AbortSignal) =>
    api.get<{ key: string; label: string }[]>('/api/LicensingModule/LicenseChargeCalculatedFields', {
      signal,
    }),
  processes: async (signal?: AbortSignal) =>
    (await api.get<ListResult<ProcessRow>>('/api/Process', { signal, query: all })).items,
  createProcess: (input: ProcessInput) => api.post<ProcessRow>('/api/Process', { process: input }),
  updateProcess: (id: string, input: ProcessInput) =>
    api.put<ProcessRow>(`/api/Process/${encodeURIComponent(id)}`, { process: input }),
  processStatuses: async (processId: string, signal?: AbortSignal) =>
    (
      await api.get<ListResult<ProcessStatusRow>>('/api/processstatuses', {
        signal,
        query: { ...all, ProcessID: processId },
      })
    ).items,
  createStatus: (input: ProcessStatusInput) =>
    api.post<ProcessStatusRow>('/api/processstatuses', { process_status: input }),
  updateStatus: (id: string, input: ProcessStatusInput) =>
    api.put<ProcessStatusRow>(`/api/processstatuses/${encodeURIComponent(id)}`, { process_status: input }),
  removeStatus: (id: string) => api.delete(`/api/processstatuses/${encodeURIComponent(id)}`),
};

export const licensingConfigKeys = {
  all: ['licensing-config'] as const,
  list: (params: LicenseListParams) => ['licensing-config', 'list', params] as const,
  one: (id: string) => ['licensing-config', 'one', id] as const,
  viewed: ['licensing-config', 'viewed'] as const,
  calculatedFields: ['licensing-config', 'calculated-fields'] as const,
  processes: ['licensing-config', 'processes'] as const,
  processStatuses: (id: string) => ['licensing-config', 'process-statuses', id] as const,
};

export { LICENCES_BASE } from './licensing-config-paths';
export const PROCESSES_BASE = '/staff/processes';

/** Rows of a declarative resource of one licence (ApplicationTypes, licensecharges), at most 500. */
export async function licenceRows<T>(path: string, licenseId: string, signal?: AbortSignal): Promise<T[]> {
  const page = await api.get<ListResult<T>>(`/api/${path}`, {
    signal,
    query: { license_id: licenseId, currentPage: 1, numPerPage: 500, sortBy: 'sort_order' },
  });
  return page.items;
}
