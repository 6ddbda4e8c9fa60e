import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff` (they come before `admin/:key`, which would otherwise take the admin ones). */
export const registryStaffRoutes: RouteObject[] = [
  {
    path: 'people',
    ...lazyPage(() => import('../people/people-search-page').then((m) => m.PeopleSearchPage)),
  },
  {
    path: 'people/new',
    ...lazyPage(() => import('../people/new-person-page').then((m) => m.NewPersonPage)),
  },
  {
    path: 'people/:id',
    ...lazyPage(() => import('../people/person-profile-page').then((m) => m.PersonProfilePage)),
  },
  { path: 'services', ...lazyPage(() => import('./service-search-page').then((m) => m.ServiceSearchPage)) },
  {
    path: 'services/:id',
    ...lazyPage(() => import('./service-profile-page').then((m) => m.ServiceProfilePage)),
  },
  { path: 'vehicles', ...lazyPage(() => import('./vehicle-search-page').then((m) => m.VehicleSearchPage)) },
  {
    path: 'vehicles/:id',
    ...lazyPage(() => import('./vehicle-profile-page').then((m) => m.VehicleProfilePage)),
  },
  {
    path: 'admin/security-templates',
    ...lazyPage(() => import('../people/security-list-pages').then((m) => m.SecurityTemplateListPage)),
  },
  {
    path: 'admin/security-templates/new',
    ...lazyPage(() =>
      import('../people/security-template-edit-page').then((m) => m.SecurityTemplateEditPage),
    ),
  },
  {
    path: 'admin/security-templates/:id',
    ...lazyPage(() =>
      import('../people/security-template-edit-page').then((m) => m.SecurityTemplateEditPage),
    ),
  },
  {
    path: 'admin/security-groups',
    ...lazyPage(() => import('../people/security-list-pages').then((m) => m.SecurityGroupListPage)),
  },
  {
    path: 'admin/security-groups/new',
    ...lazyPage(() => import('../people/security-group-edit-page').then((m) => m.SecurityGroupEditPage)),
  },
  {
    path: 'admin/security-groups/:id',
    ...lazyPage(() => import('../people/security-group-edit-page').then((m) => m.SecurityGroupEditPage)),
  },
];

/** Routes below `/portal`. */
export const registryPortalRoutes: RouteObject[] = [
  {
    path: 'profile',
    ...lazyPage(() => import('../people/portal-profile-page').then((m) => m.PortalProfilePage)),
  },
];
