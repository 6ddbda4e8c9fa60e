import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';

/** Routes below `/staff`. */
export const mailStaffRoutes: RouteObject[] = [
  { path: 'mail', ...lazyPage(() => import('./mail-list-page').then((m) => m.MailListPage)) },
  { path: 'mail/:id', ...lazyPage(() => import('./mail-page').then((m) => m.MailPage)) },
];

export function mailStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'mail.read') ? [{ to: '/staff/mail', label: 'Mail' }] : [];
}
