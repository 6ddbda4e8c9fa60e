import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: the reports schools sent. */
export const fireDrillsStaffRoutes: RouteObject[] = [
  {
    path: 'fire-drills',
    ...lazyPage(() => import('./staff-fire-drills-page').then((m) => m.StaffFireDrillsPage)),
  },
];

/** The public fire drill form (no sign-in). */
export const fireDrillsPublicRoute: RouteObject = {
  path: '/firedrill',
  ...lazyPage(() => import('./fire-drill-form-page').then((m) => m.FireDrillFormPage)),
};
