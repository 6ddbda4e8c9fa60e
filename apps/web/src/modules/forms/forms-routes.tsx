import type { RouteObject } from 'react-router';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { FormBuilderPage } from './form-builder-page';
import { FormsListPage } from './forms-list-page';
import { FORMS_BASE } from './forms-paths';
import { PackageEditPage } from './package-edit-page';
import { PackagesPage } from './packages-page';

/**
 * Routes below `/staff`. `forms/new` is `forms/:id` with the id "new", so that a new form, once saved,
 * moves to its own address without leaving the builder.
 */
export const formsStaffRoutes: RouteObject[] = [
  { path: 'forms', element: <FormsListPage /> },
  { path: 'forms/packages', element: <PackagesPage /> },
  { path: 'forms/packages/new', element: <PackageEditPage /> },
  { path: 'forms/packages/:id', element: <PackageEditPage /> },
  { path: 'forms/:id', element: <FormBuilderPage /> },
];

/** The staff navigation entry of the form builder, for the viewer's permissions. */
export function formsStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'forms.read') ? [{ to: FORMS_BASE, label: 'Forms' }] : [];
}
