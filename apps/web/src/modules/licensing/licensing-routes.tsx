import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/portal`: apply, follow requests, fill their forms, and the credentials held. */
export const licensingPortalRoutes: RouteObject[] = [
  { path: 'licences', ...lazyPage(() => import('./portal-apply-page').then((m) => m.PortalApplyPage)) },
  { path: 'requests', ...lazyPage(() => import('./portal-requests-page').then((m) => m.PortalRequestsPage)) },
  {
    path: 'requests/:id',
    ...lazyPage(() => import('./portal-request-page').then((m) => m.PortalRequestPage)),
  },
  {
    path: 'requests/:id/print',
    ...lazyPage(() => import('./request-print-page').then((m) => m.PortalRequestPrintPage)),
  },
  {
    path: 'requests/:id/review',
    ...lazyPage(() => import('./portal-review-submit-page').then((m) => m.PortalReviewSubmitPage)),
  },
  {
    path: 'requests/:id/submitted',
    ...lazyPage(() => import('./portal-review-submit-page').then((m) => m.PortalSubmittedPage)),
  },
  {
    path: 'requests/:id/forms/:formId',
    ...lazyPage(() => import('./portal-request-form-page').then((m) => m.PortalRequestFormPage)),
  },
  {
    path: 'my-licences',
    ...lazyPage(() => import('./portal-my-licences-page').then((m) => m.PortalMyLicencesPage)),
  },
];

/** Routes below `/staff`: the review queue and one request. */
export const licensingStaffRoutes: RouteObject[] = [
  { path: 'requests', ...lazyPage(() => import('./staff-queue-page').then((m) => m.StaffQueuePage)) },
  { path: 'requests/:id', ...lazyPage(() => import('./staff-request-page').then((m) => m.StaffRequestPage)) },
  {
    path: 'requests/:id/print',
    ...lazyPage(() => import('./request-print-page').then((m) => m.StaffRequestPrintPage)),
  },
];

/** The portal navigation entries of licensing. */
export const licensingPortalNav = [
  { to: '/portal/licences', label: 'Apply for a licence' },
  { to: '/portal/requests', label: 'My requests' },
  { to: '/portal/my-licences', label: 'My licences' },
] as const;
