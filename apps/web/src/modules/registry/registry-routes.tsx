import type { RouteObject } from 'react-router';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { PeopleSearchPage } from '../people/people-search-page';
import { PersonProfilePage } from '../people/person-profile-page';
import { PortalProfilePage } from '../people/portal-profile-page';
import { SecurityGroupEditPage } from '../people/security-group-edit-page';
import { SecurityGroupListPage, SecurityTemplateListPage } from '../people/security-list-pages';
import { SecurityTemplateEditPage } from '../people/security-template-edit-page';
import { VerifyPage } from '../public/verify-page';
import { ServiceProfilePage } from './service-profile-page';
import { ServiceSearchPage } from './service-search-page';
import { VehicleProfilePage } from './vehicle-profile-page';
import { VehicleSearchPage } from './vehicle-search-page';

/** Routes below `/staff` (they come before `admin/:key`, which would otherwise take the admin ones). */
export const registryStaffRoutes: RouteObject[] = [
  { path: 'people', element: <PeopleSearchPage /> },
  { path: 'people/:id', element: <PersonProfilePage /> },
  { path: 'services', element: <ServiceSearchPage /> },
  { path: 'services/:id', element: <ServiceProfilePage /> },
  { path: 'vehicles', element: <VehicleSearchPage /> },
  { path: 'vehicles/:id', element: <VehicleProfilePage /> },
  { path: 'admin/security-templates', element: <SecurityTemplateListPage /> },
  { path: 'admin/security-templates/new', element: <SecurityTemplateEditPage /> },
  { path: 'admin/security-templates/:id', element: <SecurityTemplateEditPage /> },
  { path: 'admin/security-groups', element: <SecurityGroupListPage /> },
  { path: 'admin/security-groups/new', element: <SecurityGroupEditPage /> },
  { path: 'admin/security-groups/:id', element: <SecurityGroupEditPage /> },
];

/** Routes below `/portal`. */
export const registryPortalRoutes: RouteObject[] = [{ path: 'profile', element: <PortalProfilePage /> }];

/** Public routes (no sign-in). */
export const registryPublicRoutes: RouteObject[] = [{ path: '/verify', element: <VerifyPage /> }];

/** The staff navigation entries of the registry, for the viewer's permissions. */
export function registryStaffNav(viewer: Viewer) {
  const nav: { to: string; label: string }[] = [];
  if (hasPermission(viewer, 'users.read')) nav.push({ to: '/staff/people', label: 'People' });
  if (hasPermission(viewer, 'registry.read')) {
    nav.push({ to: '/staff/services', label: 'Services' });
    nav.push({ to: '/staff/vehicles', label: 'Vehicles' });
  }
  return nav;
}
