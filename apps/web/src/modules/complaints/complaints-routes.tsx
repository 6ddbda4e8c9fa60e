import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`. */
export const complaintsStaffRoutes: RouteObject[] = [
  { path: 'complaints', ...lazyPage(() => import('./complaint-list-page').then((m) => m.ComplaintListPage)) },
  {
    path: 'complaints/new',
    ...lazyPage(() => import('./new-complaint-page').then((m) => m.NewComplaintPage)),
  },
  { path: 'complaints/:id', ...lazyPage(() => import('./complaint-page').then((m) => m.ComplaintPage)) },
  {
    path: 'complaints/:id/investigations/:investigationId',
    ...lazyPage(() => import('./investigation-page').then((m) => m.InvestigationPage)),
  },
];

/** Routes below `/portal`: the complaints the person filed. */
export const complaintsPortalRoutes: RouteObject[] = [
  {
    path: 'complaints',
    ...lazyPage(() => import('./portal-complaints-page').then((m) => m.PortalComplaintsPage)),
  },
];
export const complaintsPortalNav = { to: '/portal/complaints', label: 'My complaints' } as const;

/** The public complaint form (no sign-in; a signed-in person's complaint is listed in their portal). */
export const complaintsPublicRoute: RouteObject = {
  path: '/complaint',
  ...lazyPage(() => import('./public-complaint-page').then((m) => m.PublicComplaintPage)),
};
