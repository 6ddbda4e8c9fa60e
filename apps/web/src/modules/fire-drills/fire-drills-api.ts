import type { FireDrillInput, FireDrillOutput, ListResult, PublicFireDrill } from '@licensure/contracts';
import { api, buildUrl } from '../../platform/api/client';

export interface DrillListQuery {
  currentPage: number;
  numPerPage: number;
  year?: number;
  school_system_id?: string;
  school_id?: string;
}

export const drillKeys = {
  all: ['fire-drills'] as const,
  systems: ['fire-drills', 'systems'] as const,
  schools: (systemId: string | null) => ['fire-drills', 'schools', systemId] as const,
  years: ['fire-drills', 'years'] as const,
  publicDrills: (schoolId: string | null, year: number | null) =>
    ['fire-drills', 'public', schoolId, year] as const,
  list: (q: DrillListQuery) => ['fire-drills', 'list', q] as const,
};

export const fireDrillsApi = {
  systems: () =>
    api.get<{ id: string; label: string; county: string | null }[]>('/api/public/firedrill/schoolsystems'),
  schools: (systemId: string) =>
    api.get<{ id: string; label: string; city: string | null }[]>('/api/public/firedrill/schools', {
      query: { school_system_id: systemId },
    }),
  years: () => api.get<number[]>('/api/public/firedrill/years'),
  publicDrills: (schoolId: string, year: number | null) =>
    api.get<PublicFireDrill[]>('/api/public/firedrill/drills', { query: { school_id: schoolId, year } }),
  report: (drill: FireDrillInput, recaptchaToken: string) =>
    api.post<{ id: string; message: string }>('/api/public/firedrill/drills', { drill, recaptchaToken }),
  list: (query: DrillListQuery, signal?: AbortSignal) =>
    api.get<ListResult<FireDrillOutput>>('/api/firedrill/drills', {
      query: { ...query, sortBy: 'drill_date', reverse: true },
      signal,
    }),
  exportUrl: (format: 'csv' | 'xlsx', f: { year?: number; school_system_id?: string }) =>
    buildUrl('/api/firedrill/drills/export', { format, ...f }),
};
