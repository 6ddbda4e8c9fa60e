import type { ListResult, Person, PersonSummary, UserFields, UserLookup } from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { searchPageOf } from '../../platform/list/search-results';

/** A credential (certification) of a person, service or vehicle, as the registry lists it. */
export interface Credential {
  id: string;
  number: string;
  status: string;
  level?: string | null;
  certification_level_id?: string | null;
  issue_date: string | null;
  expiration_date: string | null;
}

export interface PersonAlert {
  id: string;
  value: string;
  alert_type?: string | null;
  alert_type_id?: string | null;
  created_at: string;
  retired_at?: string | null;
}

/** A service a person works for (services/getbyuserid). */
export interface PersonService {
  id: string;
  name: string;
  service_personnel_id?: string;
  service_number?: string | null;
  city?: string | null;
  state?: string | null;
  position_id?: string | null;
  start_date?: string | null;
  end_date?: string | null;
}

/** The lookup fields a search page sends; empty ones are left out. */
export type PersonSearch = Partial<
  Pick<UserLookup, 'last_name' | 'first_name' | 'email' | 'national_ems_id' | 'license_number'>
>;

const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** Some list endpoints answer a bare array, others a page; the screens want the rows. */
export function rowsOf<T>(body: T[] | ListResult<T> | null | undefined): T[] {
  if (!body) return [];
  return Array.isArray(body) ? body : body.items;
}

export const peopleApi = {
  search: async (criteria: PersonSearch, currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    searchPageOf(
      await api.post<PersonSummary[] | ListResult<PersonSummary>>(
        '/api/users/search',
        { ...criteria, currentPage, numPerPage },
        { signal },
      ),
      currentPage,
      numPerPage,
    ),
  /** People last changed first, a page at a time: what the People page shows before a search. */
  recent: (currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    api.get<ListResult<Person>>('/api/users', {
      signal,
      query: { sortBy: 'updated_at', reverse: true, currentPage, numPerPage },
    }),
  create: (fields: UserFields) => api.post<Person>('/api/users', { user: fields }),
  get: (id: string, signal?: AbortSignal) => api.get<Person>(user(id), { signal }),
  /** The full SSN; the API answers it only to holders of users.ssn. */
  getWithSsn: (id: string, signal?: AbortSignal) =>
    api.get<Person>(user(id), { signal, query: { showSsn: true } }),
  update: (id: string, fields: UserFields) => api.put<Person>(user(id), { user: fields }),
  credentials: async (id: string, signal?: AbortSignal) =>
    rowsOf(await api.get<Credential[] | ListResult<Credential>>(`${user(id)}/certifications`, { signal })),
  alerts: async (id: string, signal?: AbortSignal) =>
    rowsOf(await api.get<PersonAlert[] | ListResult<PersonAlert>>(`${user(id)}/alerts`, { signal })),
  services: async (id: string, signal?: AbortSignal) =>
    rowsOf(
      await api.get<PersonService[] | ListResult<PersonService>>('/api/services/getbyuserid', {
        signal,
        query: { user_id: id },
      }),
    ),
};

export const peopleKeys = {
  search: (criteria: PersonSearch, page: number) => ['people', 'search', criteria, page] as const,
  recent: (page: number) => ['people', 'recent', page] as const,
  one: (id: string) => ['people', 'one', id] as const,
  ssn: (id: string) => ['people', 'ssn', id] as const,
  credentials: (id: string) => ['people', 'credentials', id] as const,
  alerts: (id: string) => ['people', 'alerts', id] as const,
  services: (id: string) => ['people', 'services', id] as const,
};
