import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const nationalRegistryStaffRoutes: RouteObject[] = [
  {
    path: 'national-registry',
    ...lazyPage(() => import('./reconciliation-page').then((m) => m.ReconciliationPage)),
  },
];
