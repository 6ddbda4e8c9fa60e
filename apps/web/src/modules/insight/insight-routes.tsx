import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: the office dashboard. */
export const insightStaffRoutes: RouteObject[] = [
  { path: 'insight', ...lazyPage(() => import('./insight-page').then((m) => m.InsightPage)) },
];
