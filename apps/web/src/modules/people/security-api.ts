import type {
  ListResult,
  securityGroup,
  securityGroupInput,
  securityTemplate,
  securityTemplateInput,
} from '@licensure/contracts';
import type { z } from 'zod';
import { api } from '../../platform/api/client';

export type SecurityTemplate = z.infer<typeof securityTemplate>;
export type SecurityTemplateInput = z.input<typeof securityTemplateInput>['security_template'];
export type SecurityGroup = z.infer<typeof securityGroup>;
export type SecurityGroupInput = z.input<typeof securityGroupInput>['security_group'];

export type SecurityKind = 'templates' | 'groups';
export const SECURITY_BASE = '/staff/admin';

export interface SecurityListParams {
  currentPage: number;
  numPerPage: number;
  search: string;
}

const one = (path: string, id: string) => `/api/${path}/${encodeURIComponent(id)}`;

function crud<T, I>(path: string, wrapper: string) {
  return {
    list: (p: SecurityListParams, signal?: AbortSignal) =>
      api.get<ListResult<T>>(`/api/${path}`, {
        signal,
        query: { currentPage: p.currentPage, numPerPage: p.numPerPage, search: p.search.trim() || undefined },
      }),
    get: (id: string, signal?: AbortSignal) => api.get<T>(one(path, id), { signal }),
    save: (id: string | undefined, input: I) =>
      id
        ? api.put<T>(one(path, id), { [wrapper]: input })
        : api.post<T>(`/api/${path}`, { [wrapper]: input }),
    remove: (id: string) => api.delete(one(path, id)),
  };
}

export const templatesApi = crud<SecurityTemplate, SecurityTemplateInput>(
  'securitytemplates',
  'security_template',
);
export const groupsApi = crud<SecurityGroup, SecurityGroupInput>('securitygroups', 'security_group');

export const securityKeys = {
  all: (kind: SecurityKind) => ['security', kind] as const,
  list: (kind: SecurityKind, p: SecurityListParams) => ['security', kind, 'list', p] as const,
  one: (kind: SecurityKind, id: string) => ['security', kind, 'one', id] as const,
};

export interface TemplateHolder {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  user_name: string | null;
  is_staff: boolean;
}

/** Who holds a security template: paged, with one holder added or removed at a time. */
export const holdersApi = {
  list: (templateId: string, currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    api.get<ListResult<TemplateHolder>>(`${one('securitytemplates', templateId)}/holders`, {
      signal,
      query: { currentPage, numPerPage },
    }),
  add: (templateId: string, userId: string) =>
    api.post<{ added: boolean }>(`${one('securitytemplates', templateId)}/holders`, { user_id: userId }),
  remove: (templateId: string, userId: string) =>
    api.delete(`${one('securitytemplates', templateId)}/holders/${encodeURIComponent(userId)}`),
};
