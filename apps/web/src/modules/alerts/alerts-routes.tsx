import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';

/** Routes below `/staff`. */
export const alertsStaffRoutes: RouteObject[] = [
  { path: 'alerts', ...lazyPage(() => import('./alert-list-page').then((m) => m.AlertListPage)) },
];

export function alertsStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'alerts.read') ? [{ to: '/staff/alerts', label: 'Alerts' }] : [];
}
