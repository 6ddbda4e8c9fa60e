import type { RouteObject } from 'react-router';
import { PortalFormsPage } from './portal-forms-page';
import { PortalResponsePage } from './portal-response-page';
import { StaffFormResponsesPage } from './staff-form-responses-page';
import { StaffResponsePage } from './staff-response-page';

/** Routes below `/portal`: the applicant's forms and one response to fill in or read. */
export const responsesPortalRoutes: RouteObject[] = [
  { path: 'forms', element: <PortalFormsPage /> },
  { path: 'forms/responses/:id', element: <PortalResponsePage /> },
];

/** Routes below `/staff`: the responses of a form (linked from the builder) and one response. */
export const responsesStaffRoutes: RouteObject[] = [
  { path: 'forms/:id/responses', element: <StaffFormResponsesPage /> },
  { path: 'responses/:id', element: <StaffResponsePage /> },
];

/** The portal navigation entry of the forms an applicant fills in. */
export const responsesPortalNav = { to: '/portal/forms', label: 'Forms' } as const;
