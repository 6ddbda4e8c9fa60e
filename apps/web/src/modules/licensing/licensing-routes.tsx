import type { RouteObject } from 'react-router';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { PortalApplyPage } from './portal-apply-page';
import { PortalMyLicencesPage } from './portal-my-licences-page';
import { PortalRequestFormPage } from './portal-request-form-page';
import { PortalRequestPage } from './portal-request-page';
import { PortalRequestsPage } from './portal-requests-page';
import { StaffQueuePage } from './staff-queue-page';
import { StaffRequestPage } from './staff-request-page';

/** Routes below `/portal`: apply, follow requests, fill their forms, and the credentials held. */
export const licensingPortalRoutes: RouteObject[] = [
  { path: 'licences', element: <PortalApplyPage /> },
  { path: 'requests', element: <PortalRequestsPage /> },
  { path: 'requests/:id', element: <PortalRequestPage /> },
  { path: 'requests/:id/forms/:formId', element: <PortalRequestFormPage /> },
  { path: 'my-licences', element: <PortalMyLicencesPage /> },
];

/** Routes below `/staff`: the review queue and one request. */
export const licensingStaffRoutes: RouteObject[] = [
  { path: 'requests', element: <StaffQueuePage /> },
  { path: 'requests/:id', element: <StaffRequestPage /> },
];

/** The portal navigation entries of licensing. */
export const licensingPortalNav = [
  { to: '/portal/licences', label: 'Apply for a licence' },
  { to: '/portal/requests', label: 'My requests' },
  { to: '/portal/my-licences', label: 'My licences' },
] as const;

/** The staff navigation entry of the review queue, for the viewer's permissions. */
export function licensingStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'requests.read') ? [{ to: '/staff/requests', label: 'Licence requests' }] : [];
}
