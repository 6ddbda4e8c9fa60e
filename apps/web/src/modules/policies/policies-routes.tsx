import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`; `policies/new` is the editor with the id "new". */
export const policiesStaffRoutes: RouteObject[] = [
  { path: 'policies', ...lazyPage(() => import('./policy-list-page').then((m) => m.PolicyListPage)) },
  { path: 'policies/:id', ...lazyPage(() => import('./policy-edit-page').then((m) => m.PolicyEditPage)) },
];

/** The public list of published policies and protocols (no sign-in). */
export const policiesPublicRoute: RouteObject = {
  path: '/policies',
  ...lazyPage(() => import('./public-policies-page').then((m) => m.PublicPoliciesPage)),
};
