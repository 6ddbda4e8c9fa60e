import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';

/** Routes below `/staff`. */
export const triggersStaffRoutes: RouteObject[] = [
  { path: 'triggers', ...lazyPage(() => import('./configurations-page').then((m) => m.ConfigurationsPage)) },
  {
    path: 'triggers/:id',
    ...lazyPage(() => import('./configuration-page').then((m) => m.ConfigurationPage)),
  },
];

export function triggersStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'triggers.read') ? [{ to: '/staff/triggers', label: 'Triggers' }] : [];
}
