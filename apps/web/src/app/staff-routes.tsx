import type { RouteObject } from 'react-router';
import { alertsStaffRoutes } from '../modules/alerts/alerts-routes';
import { cmsStaffRoutes } from '../modules/cms/cms-routes';
import { compactStaffRoutes } from '../modules/compact/compact-routes';
import { complaintsStaffRoutes } from '../modules/complaints/complaints-routes';
import { correspondenceStaffRoutes } from '../modules/correspondence/correspondence-routes';
import { educationStaffRoutes } from '../modules/education/education-routes';
import { examsStaffRoutes } from '../modules/exams/exams-routes';
import { fireDrillsStaffRoutes } from '../modules/fire-drills/fire-drills-routes';
import { formsStaffRoutes } from '../modules/forms/forms-routes';
import { insightStaffRoutes } from '../modules/insight/insight-routes';
import { inspectionsStaffRoutes } from '../modules/inspections/inspections-routes';
import { licensingStaffRoutes } from '../modules/licensing/licensing-routes';
import { licensingConfigStaffRoutes } from '../modules/licensing-config/licensing-config-routes';
import { mailStaffRoutes } from '../modules/mail/mail-routes';
import { mergeStaffRoutes } from '../modules/merge/merge-routes';
import { nationalRegistryStaffRoutes } from '../modules/national-registry/national-registry-routes';
import { nemsisStaffRoutes } from '../modules/nemsis/nemsis-routes';
import { paymentsStaffRoutes } from '../modules/payments/payments-routes';
import { policiesStaffRoutes } from '../modules/policies/policies-routes';
import { queriesStaffRoutes } from '../modules/queries/queries-routes';
import { registryStaffRoutes } from '../modules/registry/registry-routes';
import { responsesStaffRoutes } from '../modules/responses/responses-routes';
import { scheduledTasksStaffRoutes } from '../modules/scheduled-tasks/scheduled-tasks-routes';
import { triggersStaffRoutes } from '../modules/triggers/triggers-routes';
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
    ...triggersStaffRoutes,
    ...alertsStaffRoutes,
    ...complaintsStaffRoutes,
    ...nationalRegistryStaffRoutes,
    ...nemsisStaffRoutes,
    ...compactStaffRoutes,
    ...educationStaffRoutes,
    ...inspectionsStaffRoutes,
    ...examsStaffRoutes,
    ...mergeStaffRoutes,
    ...paymentsStaffRoutes,
    ...policiesStaffRoutes,
    ...cmsStaffRoutes,
    ...fireDrillsStaffRoutes,
    ...queriesStaffRoutes,
    ...insightStaffRoutes,
    ...correspondenceStaffRoutes,
    ...mailStaffRoutes,
    ...scheduledTasksStaffRoutes,
    {
      path: 'records/:path',
      ...lazyPage(() => import('../modules/records/record-routes').then((m) => m.RecordListRoute)),
    },
    {
      path: 'records/:path/new',
      ...lazyPage(() => import('../modules/records/record-routes').then((m) => m.RecordEditRoute)),
    },
    {
      path: 'records/:path/:id',
      ...lazyPage(() => import('../modules/records/record-routes').then((m) => m.RecordEditRoute)),
    },
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
