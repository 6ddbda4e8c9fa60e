import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const compactStaffRoutes: RouteObject[] = [
  { path: 'compact-feed', ...lazyPage(() => import('./compact-feed-page').then((m) => m.CompactFeedPage)) },
];
