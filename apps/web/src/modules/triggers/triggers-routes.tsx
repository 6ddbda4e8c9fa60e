import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const triggersStaffRoutes: RouteObject[] = [
  { path: 'triggers', ...lazyPage(() => import('./configurations-page').then((m) => m.ConfigurationsPage)) },
  {
    path: 'triggers/:id',
    ...lazyPage(() => import('./configuration-page').then((m) => m.ConfigurationPage)),
  },
];
