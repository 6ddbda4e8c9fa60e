import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const nemsisStaffRoutes: RouteObject[] = [
  {
    path: 'nemsis-state',
    ...lazyPage(() => import('./state-export-page').then((m) => m.StateExportPage)),
  },
];
