import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const mailStaffRoutes: RouteObject[] = [
  { path: 'mail', ...lazyPage(() => import('./mail-list-page').then((m) => m.MailListPage)) },
  { path: 'mail/:id', ...lazyPage(() => import('./mail-page').then((m) => m.MailPage)) },
];
