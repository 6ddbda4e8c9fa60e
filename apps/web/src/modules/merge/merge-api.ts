import type {
  ListResult,
  MergeContactGroupOutput,
  MergeFieldOutput,
  MergeObjectKind,
  MergeTemplateInput,
  MergeTemplateOutput,
  RenderedMessage,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const MERGE_BASE = '/staff/merge-templates';

export const mergeKeys = {
  list: (code: string | null, inactive: boolean) => ['merge', 'list', code, inactive] as const,
  one: (id: string) => ['merge', 'one', id] as const,
  fields: (code: string) => ['merge', 'fields', code] as const,
  groups: (code: string) => ['merge', 'groups', code] as const,
};

export const mergeApi = {
  list: (code: string | null, includeInactive: boolean) =>
    api.get<ListResult<MergeTemplateOutput>>('/api/mergetemplates', {
      query: { code, includeInactive, numPerPage: 100 },
    }),
  one: (id: string) => api.get<MergeTemplateOutput>(`/api/mergetemplates/${id}`),
  create: (t: MergeTemplateInput) =>
    api.post<MergeTemplateOutput>('/api/mergetemplates', { merge_template: t }),
  update: (id: string, t: MergeTemplateInput & { updated_at?: string }) =>
    api.put<MergeTemplateOutput>(`/api/mergetemplates/${id}`, { merge_template: t }),
  fields: (code: string) => api.get<MergeFieldOutput[]>('/api/MergeFields', { query: { code } }),
  groups: (code: string) =>
    api.get<MergeContactGroupOutput[]>('/api/MergeContactGroups', { query: { code } }),
  preview: (
    id: string,
    object: { kind: MergeObjectKind; id: string },
    edits: { subject: string; body_html: string },
  ) => api.post<RenderedMessage>(`/api/mergetemplates/${id}/preview`, { object, ...edits }),
  pdfUrl: (id: string, kind: MergeObjectKind, objectId: string) =>
    `/api/mergetemplates/${id}/pdf?kind=${kind}&id=${objectId}`,
};
