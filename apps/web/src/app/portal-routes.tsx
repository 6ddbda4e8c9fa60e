import type { RouteObject } from 'react-router';
import { complaintsPortalRoutes } from '../modules/complaints/complaints-routes';
import { educationPortalRoutes } from '../modules/education/education-routes';
import { examsPortalRoutes } from '../modules/exams/exams-routes';
import { inspectionsPortalRoutes } from '../modules/inspections/inspections-routes';
import { licensingPortalRoutes } from '../modules/licensing/licensing-routes';
import { messagesPortalRoutes } from '../modules/messages/messages-routes';
import { paymentsPortalRoutes } from '../modules/payments/payments-routes';
import { registryPortalRoutes } from '../modules/registry/registry-routes';
import { responsesPortalRoutes } from '../modules/responses/responses-routes';
import { NotFoundContent } from '../platform/components/status';
import { lazyPage } from '../platform/routing/lazy-page';
import { PortalLayout } from './layouts/portal-layout';
import { RequireSession } from './require-session';

/** `/portal` and below: the router adds these on the first visit to the portal (router.tsx). */
export const portalArea: RouteObject = {
  path: '/portal',
  element: (
    <RequireSession area="portal">
      <PortalLayout />
    </RequireSession>
  ),
  children: [
    {
      index: true,
      ...lazyPage(() => import('../modules/portal/portal-home-page').then((m) => m.PortalHomePage)),
    },
    ...registryPortalRoutes,
    ...responsesPortalRoutes,
    ...licensingPortalRoutes,
    ...paymentsPortalRoutes,
    ...complaintsPortalRoutes,
    ...educationPortalRoutes,
    ...examsPortalRoutes,
    ...inspectionsPortalRoutes,
    ...messagesPortalRoutes,
    { path: '*', element: <NotFoundContent /> },
  ],
};
