import type { RouteObject } from 'react-router';
import { formsStaffRoutes } from '../modules/forms/forms-routes';
import { licensingStaffRoutes } from '../modules/licensing/licensing-routes';
import { licensingConfigStaffRoutes } from '../modules/licensing-config/licensing-config-routes';
import { registryStaffRoutes } from '../modules/registry/registry-routes';
import { responsesStaffRoutes } from '../modules/responses/responses-routes';
import { NotFoundContent } from '../platform/components/status';
import { lazyPage } from '../platform/routing/lazy-page';
import { StaffLayout } from './layouts/staff-layout';
import { RequireSession } from './require-session';

/** `/staff` and below: the router adds these on the first visit to the staff app (router.tsx). */
export const staffArea: RouteObject = {
  path: '/staff',
  element: (
    <RequireSession area="staff">
      <StaffLayout />
    </RequireSession>
  ),
  children: [
    {
      index: true,
      ...lazyPage(() => import('../modules/dashboard/dashboard-page').then((m) => m.DashboardPage)),
    },
    {
      path: 'admin',
      ...lazyPage(() =>
        import('../modules/lookups/administration-index-page').then((m) => m.AdministrationIndexPage),
      ),
    },
    {
      path: 'admin/enterprise',
      ...lazyPage(() =>
        import('../modules/enterprise/enterprise-settings-page').then((m) => m.EnterpriseSettingsPage),
      ),
    },
    ...registryStaffRoutes,
    ...formsStaffRoutes,
    ...responsesStaffRoutes,
    ...licensingStaffRoutes,
    ...licensingConfigStaffRoutes,
    {
      path: 'admin/:key',
      ...lazyPage(() => import('../modules/lookups/reference-list-routes').then((m) => m.ReferenceListRoute)),
    },
    {
      path: 'admin/:key/new',
      ...lazyPage(() => import('../modules/lookups/reference-list-routes').then((m) => m.ReferenceEditRoute)),
    },
    {
      path: 'admin/:key/:id',
      ...lazyPage(() => import('../modules/lookups/reference-list-routes').then((m) => m.ReferenceEditRoute)),
    },
    { path: '*', element: <NotFoundContent /> },
  ],
};
