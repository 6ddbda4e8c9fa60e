import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/portal`: the applicant's forms and one response to fill in or read. */
export const responsesPortalRoutes: RouteObject[] = [
  { path: 'forms', ...lazyPage(() => import('./portal-forms-page').then((m) => m.PortalFormsPage)) },
  {
    path: 'forms/responses/:id',
    ...lazyPage(() => import('./portal-response-page').then((m) => m.PortalResponsePage)),
  },
];

/** Routes below `/staff`: the responses of a form (linked from the builder) and one response. */
export const responsesStaffRoutes: RouteObject[] = [
  {
    path: 'forms/:id/responses',
    ...lazyPage(() => import('./staff-form-responses-page').then((m) => m.StaffFormResponsesPage)),
  },
  {
    path: 'responses/:id',
    ...lazyPage(() => import('./staff-response-page').then((m) => m.StaffResponsePage)),
  },
];

/** The portal navigation entry of the forms an applicant fills in. */
export const responsesPortalNav = { to: '/portal/forms', label: 'Forms' } as const;
