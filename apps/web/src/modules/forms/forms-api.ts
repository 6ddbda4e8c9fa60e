import {
  type FormDefinition,
  type FormOutput,
  type FormSummary,
  type ListResult,
  type PackageOutput,
  type ResourceSpec,
  referenceListByKey,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { type Entity, resourceApi } from '../../platform/resources/resource-api';

export interface FormListParams {
  currentPage: number;
  numPerPage: number;
  search: string;
  sortBy?: string;
  reverse?: boolean;
}

/** A package of forms as the API answers it (the forms in their order; `id` is the form's). */
export type FormPackage = PackageOutput;

export interface PackageInput {
  name: string;
  description: string | null;
  active: boolean;
  forms: { form_id: string; required: boolean }[];
  /** As read: a package changed by someone else since is refused (409) rather than overwritten. */
  updated_at?: string;
}

/** A row of fbformpositionpermissions. */
export interface PositionPermission extends Entity {
  form_id: string;
  position_id: string;
  can_view: boolean;
  can_edit: boolean;
}

const formPath = (id: string) => `/api/fbforms/${encodeURIComponent(id)}`;
const packagePath = (id: string) => `/api/FBPackages/${encodeURIComponent(id)}`;

/** Some list routes answer a bare array, the paged ones `{items,...}`. */
function itemsOf<T>(body: T[] | ListResult<T> | null | undefined): T[] {
  if (!body) return [];
  return Array.isArray(body) ? body : body.items;
}

export function referenceSpec(key: string): ResourceSpec {
  const spec = referenceListByKey.get(key);
  if (!spec) throw new Error(`No reference list “${key}” in the contracts`);
  return spec;
}

/** Every row of a reference list (at most 500, the API's page limit), in display order. */
export async function allReferenceRows(key: string, signal?: AbortSignal): Promise<Entity[]> {
  const spec = referenceSpec(key);
  const sortBy = spec.fields.some((f) => f.name === 'sort_order') ? 'sort_order' : spec.defaultSort;
  const page = await resourceApi.list(
    spec,
    { currentPage: 1, numPerPage: 500, sortBy, reverse: false, search: '' },
    signal,
  );
  return page.items;
}

export const formsApi = {
  list: (params: FormListParams, signal?: AbortSignal) =>
    api.get<ListResult<FormSummary>>('/api/fbforms', {
      signal,
      query: { ...params, search: params.search.trim() || undefined },
    }),
  get: (id: string, signal?: AbortSignal) => api.get<FormOutput>(formPath(id), { signal }),
  create: (form: FormDefinition) => api.post<FormOutput>('/api/fbforms', { form }),
  /** `updatedAt` as read: an edit made by someone else since is refused (409) rather than overwritten. */
  update: (id: string, form: FormDefinition, updatedAt?: string) =>
    api.put<FormOutput>(formPath(id), { form: { ...form, updated_at: updatedAt } }),
  remove: (id: string) => api.delete(formPath(id)),

  packages: async (signal?: AbortSignal) =>
    itemsOf(
      await api.get<FormPackage[] | ListResult<FormPackage>>('/api/FBPackages', {
        signal,
        query: { numPerPage: 500 },
      }),
    ),
  package: (id: string, signal?: AbortSignal) => api.get<FormPackage>(packagePath(id), { signal }),
  savePackage: (id: string | null, input: PackageInput) =>
    id
      ? api.put<FormPackage>(packagePath(id), { package: input })
      : api.post<FormPackage>('/api/FBPackages', { package: input }),
  removePackage: (id: string) => api.delete(packagePath(id)),

  positionPermissions: async (formId: string, signal?: AbortSignal) =>
    itemsOf(
      await api.get<PositionPermission[] | ListResult<PositionPermission>>('/api/fbformpositionpermissions', {
        signal,
        query: { form_id: formId, numPerPage: 500 },
      }),
    ),
  addPositionPermission: (
    input: Pick<PositionPermission, 'form_id' | 'position_id' | 'can_view' | 'can_edit'>,
  ) => api.post<PositionPermission>('/api/fbformpositionpermissions', { form_position_permission: input }),
  updatePositionPermission: (
    row: PositionPermission,
    patch: Partial<Pick<PositionPermission, 'can_view' | 'can_edit'>>,
  ) =>
    api.put<PositionPermission>(`/api/fbformpositionpermissions/${encodeURIComponent(row.id)}`, {
      form_position_permission: {
        form_id: row.form_id,
        position_id: row.position_id,
        can_view: row.can_view,
        can_edit: row.can_edit,
        ...patch,
      },
    }),
  removePositionPermission: (id: string) =>
    api.delete(`/api/fbformpositionpermissions/${encodeURIComponent(id)}`),
};

export const formsKeys = {
  all: ['forms'] as const,
  lists: ['forms', 'list'] as const,
  list: (params: FormListParams) => ['forms', 'list', params] as const,
  one: (id: string) => ['forms', 'one', id] as const,
  packages: ['forms', 'packages'] as const,
  package: (id: string) => ['forms', 'packages', id] as const,
  positionPermissions: (formId: string) => ['forms', 'position-permissions', formId] as const,
  reference: (key: string) => ['forms', 'reference', key] as const,
};
