import type { ListResult, PublicCmsPage } from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const CMS_BASE = '/staff/cms';

/** A page as the CMSPages reference list answers it. */
export interface CmsPage {
  id: string;
  label: string;
  slug: string;
  cms_site_id: string | null;
  parent_id: string | null;
  content: string | null;
  published: boolean;
  active: boolean;
  sort_order: number;
  updated_at: string;
}
export type CmsPageInput = Omit<CmsPage, 'id' | 'updated_at' | 'cms_site_id'> & {
  cms_site_id?: string | null;
};

export interface MenuNode {
  id: string;
  label: string;
  slug: string;
  children: MenuNode[];
}

export const cmsKeys = {
  all: ['cms'] as const,
  pages: (page: number, search: string) => ['cms', 'pages', page, search] as const,
  allPages: ['cms', 'pages', 'all'] as const,
  page: (id: string) => ['cms', 'page', id] as const,
  sites: ['cms', 'sites'] as const,
  menu: ['cms', 'menu'] as const,
  public: (slug: string) => ['cms', 'public', slug] as const,
};

export const cmsApi = {
  pages: (currentPage: number, numPerPage: number, search?: string) =>
    api.get<ListResult<CmsPage>>('/api/CMSPages', {
      query: { currentPage, numPerPage, search, sortBy: 'sort_order' },
    }),
  page: (id: string) => api.get<CmsPage>(`/api/CMSPages/${id}`),
  create: (p: CmsPageInput) => api.post<CmsPage>('/api/CMSPages', { cms_page: p }),
  update: (id: string, p: Partial<CmsPageInput> & { updated_at?: string }) =>
    api.put<CmsPage>(`/api/CMSPages/${id}`, { cms_page: p }),
  remove: (id: string) => api.delete(`/api/CMSPages/${id}`),
  sites: async () =>
    (
      await api.get<ListResult<{ id: string; label: string }>>('/api/CMSSites', {
        query: { numPerPage: 100 },
      })
    ).items,
  preview: (content: string) => api.post<{ content: string }>('/api/cms/preview', { content }),
  menu: () => api.get<MenuNode[]>('/api/CMSPages/getmenu'),
  publicPage: (slug: string) => api.get<PublicCmsPage>(`/api/public/cms/pages/${slug}`),
};
