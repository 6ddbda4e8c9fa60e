import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`; `merge-templates/new` is the editor with the id "new". */
export const mergeStaffRoutes: RouteObject[] = [
  {
    path: 'merge-templates',
    ...lazyPage(() => import('./merge-templates-page').then((m) => m.MergeTemplatesPage)),
  },
  {
    path: 'merge-templates/:id',
    ...lazyPage(() => import('./merge-template-page').then((m) => m.MergeTemplatePage)),
  },
];
