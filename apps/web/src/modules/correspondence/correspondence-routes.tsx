import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const correspondenceStaffRoutes: RouteObject[] = [
  {
    path: 'correspondence',
    ...lazyPage(() => import('./correspondence-list-page').then((m) => m.CorrespondenceListPage)),
  },
  { path: 'correspondence/new', ...lazyPage(() => import('./compose-page').then((m) => m.ComposePage)) },
  {
    path: 'correspondence/:id',
    ...lazyPage(() => import('./correspondence-page').then((m) => m.CorrespondencePage)),
  },
];
