import type { ListResult, ServiceSearchCriteria } from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { searchPageOf } from '../../platform/list/search-results';
import type { Credential } from '../people/people-api';

export interface ServiceRow {
  id: string;
  name: string;
  service_number: string | null;
  classification_id?: string | null;
  classification?: string | null;
  street?: string | null;
  city: string | null;
  state: string | null;
  postal_code?: string | null;
  county_fips?: string | null;
  county?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  active: boolean;
  parent_id?: string | null;
  license_number?: string | null;
  updated_at?: string;
}

export interface VehicleRow {
  id: string;
  serial_number: string;
  unit_number: string | null;
  vehicle_type_id?: string | null;
  vehicle_type?: string | null;
  make: string | null;
  model: string | null;
  model_year: number | null;
  license_plate: string | null;
  plate_state: string | null;
  in_service: boolean;
  service_name?: string | null;
}

export interface StationRow {
  id: string;
  name: string;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  phone?: string | null;
  active?: boolean;
}

export interface AreaRow {
  id: string;
  kind: string;
  value: string;
  state_code: string;
  label?: string | null;
}

/** A row of a service's roster (servicepersonnel?service_id), with the person's name and position. */
export interface RosterRow {
  id: string;
  user_id?: string;
  first_name: string | null;
  last_name: string | null;
  middle_name?: string | null;
  suffix?: string | null;
  position?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  is_designated?: boolean;
  is_administrator?: boolean;
}

export interface MileageRow {
  id?: string;
  mileage: number;
  recorded_on: string;
}

type Rows<T> = T[] | ListResult<T> | null | undefined;

/** Some endpoints answer a bare array, others a page; the screens want a page. */
export function pageOf<T>(body: Rows<T>, currentPage = 1, numPerPage = 25): ListResult<T> {
  if (!body) return { items: [], total: 0, currentPage, numPerPage };
  if (Array.isArray(body))
    return { items: body, total: body.length, currentPage: 1, numPerPage: Math.max(numPerPage, body.length) };
  return body;
}
const rows = <T>(body: Rows<T>): T[] => pageOf(body).items;

const get = async <T>(path: string, query: Record<string, string>, signal?: AbortSignal) =>
  rows(await api.get<Rows<T>>(path, { query, signal }));

const recentQuery = (currentPage: number, numPerPage: number) => ({
  sortBy: 'updated_at',
  reverse: true,
  currentPage,
  numPerPage,
});

export const registryApi = {
  /** One page of the matches, in name order (the API pages them: a common name matches thousands). */
  searchServices: async (
    criteria: ServiceSearchCriteria,
    currentPage: number,
    numPerPage: number,
    signal?: AbortSignal,
  ) =>
    searchPageOf(
      await api.post<ServiceRow[]>(
        '/api/services/search',
        { ...criteria, currentPage, numPerPage },
        { signal },
      ),
      currentPage,
      numPerPage,
    ),
  searchVehicles: async (search: string, notInService: boolean, signal?: AbortSignal) =>
    rows(await api.post<Rows<VehicleRow>>('/api/vehicles/search', { search, notInService }, { signal })),
  /** Services last changed first, a page at a time: what the Services page shows before a search. */
  recentServices: async (currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    pageOf(
      await api.get<Rows<ServiceRow>>('/api/services', {
        query: recentQuery(currentPage, numPerPage),
        signal,
      }),
      currentPage,
      numPerPage,
    ),
  /** Vehicles last changed first, a page at a time. */
  recentVehicles: async (currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    pageOf(
      await api.get<Rows<VehicleRow>>('/api/vehicles', {
        query: recentQuery(currentPage, numPerPage),
        signal,
      }),
      currentPage,
      numPerPage,
    ),
  service: (id: string, signal?: AbortSignal) =>
    api.get<ServiceRow>(`/api/services/${encodeURIComponent(id)}`, { signal }),
  vehicle: (id: string, signal?: AbortSignal) =>
    api.get<VehicleRow>(`/api/vehicles/${encodeURIComponent(id)}`, { signal }),
  roster: (serviceId: string, signal?: AbortSignal) =>
    get<RosterRow>('/api/servicepersonnel', { service_id: serviceId }, signal),
  serviceVehicles: (serviceId: string, signal?: AbortSignal) =>
    get<VehicleRow>('/api/services/serviceVehicles', { service_id: serviceId }, signal),
  stations: (serviceId: string, signal?: AbortSignal) =>
    get<StationRow>('/api/servicestations', { service_id: serviceId, numPerPage: '200' }, signal),
  areas: (serviceId: string, signal?: AbortSignal) =>
    get<AreaRow>('/api/serviceareas', { service_id: serviceId, numPerPage: '200' }, signal),
  serviceCredentials: (serviceId: string, signal?: AbortSignal) =>
    get<Credential>('/api/services/getservicecertifications', { service_id: serviceId }, signal),
  vehicleCredentials: async (vehicleId: string, signal?: AbortSignal) =>
    rows(
      await api.get<Rows<Credential & { level_label: string | null }>>('/api/certifications', {
        query: { vehicle_id: vehicleId, numPerPage: '100' },
        signal,
      }),
    ).map((c) => ({ ...c, level: c.level_label })),
  vehicleServices: async (vehicleId: string, signal?: AbortSignal) =>
    rows(
      await api.get<Rows<ServiceRow>>(
        `/api/services/servicesFromVehicleId/${encodeURIComponent(vehicleId)}`,
        { signal },
      ),
    ),
  recentMileage: (vehicleId: string, signal?: AbortSignal) =>
    api.get<MileageRow | MileageRow[] | null>('/api/vehicles/recentVehicleMileageByVehicleId', {
      query: { vehicle_id: vehicleId },
      signal,
    }),
};

export const registryKeys = {
  serviceSearch: (criteria: object, page: number) =>
    ['registry', 'services', 'search', criteria, page] as const,
  vehicleSearch: (criteria: object) => ['registry', 'vehicles', 'search', criteria] as const,
  recent: (kind: 'services' | 'vehicles', page: number) => ['registry', kind, 'recent', page] as const,
  service: (id: string, part = 'one') => ['registry', 'services', id, part] as const,
  vehicle: (id: string, part = 'one') => ['registry', 'vehicles', id, part] as const,
};
