import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: the pages of the public site, their editor and the menu. */
export const cmsStaffRoutes: RouteObject[] = [
  { path: 'cms', ...lazyPage(() => import('./cms-pages-page').then((m) => m.CmsPagesPage)) },
  { path: 'cms/menu', ...lazyPage(() => import('./cms-menu-page').then((m) => m.CmsMenuPage)) },
  { path: 'cms/pages/:id', ...lazyPage(() => import('./cms-page-editor').then((m) => m.CmsPageEditor)) },
];

/** The public site's own pages: its home and every other published page. */
export const cmsPublicRoutes: RouteObject[] = [
  { path: '/home', ...lazyPage(() => import('./public-cms-page').then((m) => m.PublicCmsPage)) },
  { path: '/pages/:slug', ...lazyPage(() => import('./public-cms-page').then((m) => m.PublicCmsPage)) },
];
