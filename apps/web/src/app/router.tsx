import { createBrowserRouter } from 'react-router';
import { DashboardPage } from '../modules/dashboard/dashboard-page';
import { EnterpriseSettingsPage } from '../modules/enterprise/enterprise-settings-page';
import { formsStaffRoutes } from '../modules/forms/forms-routes';
import { licensingPortalRoutes, licensingStaffRoutes } from '../modules/licensing/licensing-routes';
import { licensingConfigStaffRoutes } from '../modules/licensing-config/licensing-config-routes';
import { AdministrationIndexPage } from '../modules/lookups/administration-index-page';
import { ReferenceEditRoute, ReferenceListRoute } from '../modules/lookups/reference-list-routes';
import { PortalHomePage } from '../modules/portal/portal-home-page';
import {
  registryPortalRoutes,
  registryPublicRoutes,
  registryStaffRoutes,
} from '../modules/registry/registry-routes';
import { responsesPortalRoutes, responsesStaffRoutes } from '../modules/responses/responses-routes';
import { SignInPage } from '../modules/session/sign-in-page';
import { NotFoundContent } from '../platform/components/status';
import { RouteErrorPage } from './error-boundary';
import { PortalLayout } from './layouts/portal-layout';
import { PublicLayout } from './layouts/public-layout';
import { StaffLayout } from './layouts/staff-layout';
import { RequireSession, RootRedirect } from './require-session';

export const routes = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/signin', element: <SignInPage /> },
          ...registryPublicRoutes,
          { path: '*', element: <NotFoundContent /> },
        ],
      },
      {
        path: '/portal',
        element: (
          <RequireSession area="portal">
            <PortalLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <PortalHomePage /> },
          ...registryPortalRoutes,
          ...responsesPortalRoutes,
          ...licensingPortalRoutes,
          { path: '*', element: <NotFoundContent /> },
        ],
      },
      {
        path: '/staff',
        element: (
          <RequireSession area="staff">
            <StaffLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'admin', element: <AdministrationIndexPage /> },
          { path: 'admin/enterprise', element: <EnterpriseSettingsPage /> },
          ...registryStaffRoutes,
          ...formsStaffRoutes,
          ...responsesStaffRoutes,
          ...licensingStaffRoutes,
          ...licensingConfigStaffRoutes,
          { path: 'admin/:key', element: <ReferenceListRoute /> },
          { path: 'admin/:key/new', element: <ReferenceEditRoute /> },
          { path: 'admin/:key/:id', element: <ReferenceEditRoute /> },
          { path: '*', element: <NotFoundContent /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
