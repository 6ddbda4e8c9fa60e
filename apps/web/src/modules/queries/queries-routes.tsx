import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: saved queries, the builder, and one query's results and chart. */
export const queriesStaffRoutes: RouteObject[] = [
  {
    path: 'queries',
    ...lazyPage(() => import('./query-list-page').then((m) => m.QueryListPage)),
  },
  {
    path: 'queries/new',
    ...lazyPage(() => import('./query-builder-page').then((m) => m.QueryBuilderPage)),
  },
  {
    path: 'queries/:id/edit',
    ...lazyPage(() => import('./query-builder-page').then((m) => m.QueryBuilderPage)),
  },
  {
    path: 'queries/:id',
    ...lazyPage(() => import('./query-results-page').then((m) => m.QueryResultsPage)),
  },
];
