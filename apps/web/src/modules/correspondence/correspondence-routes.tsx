import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';

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

export function correspondenceStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'correspondence.read')
    ? [{ to: '/staff/correspondence', label: 'Correspondence' }]
    : [];
}
