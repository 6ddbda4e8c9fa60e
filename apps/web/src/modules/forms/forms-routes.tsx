import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/**
 * Routes below `/staff`. `forms/new` is `forms/:id` with the id "new", so that a new form, once saved,
 * moves to its own address without leaving the builder.
 */
export const formsStaffRoutes: RouteObject[] = [
  { path: 'forms', ...lazyPage(() => import('./forms-list-page').then((m) => m.FormsListPage)) },
  { path: 'forms/packages', ...lazyPage(() => import('./packages-page').then((m) => m.PackagesPage)) },
  {
    path: 'forms/packages/new',
    ...lazyPage(() => import('./package-edit-page').then((m) => m.PackageEditPage)),
  },
  {
    path: 'forms/packages/:id',
    ...lazyPage(() => import('./package-edit-page').then((m) => m.PackageEditPage)),
  },
  { path: 'forms/:id', ...lazyPage(() => import('./form-builder-page').then((m) => m.FormBuilderPage)) },
];
