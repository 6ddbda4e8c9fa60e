import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const alertsStaffRoutes: RouteObject[] = [
  { path: 'alerts', ...lazyPage(() => import('./alert-list-page').then((m) => m.AlertListPage)) },
];
