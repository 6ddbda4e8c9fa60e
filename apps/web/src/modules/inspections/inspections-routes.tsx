import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: visits and inspections online, and the inspector's field work offline. */
export const inspectionsStaffRoutes: RouteObject[] = [
  {
    path: 'inspections',
    ...lazyPage(() => import('./visit-calendar-page').then((m) => m.VisitCalendarPage)),
  },
  {
    path: 'inspections/visits/new',
    ...lazyPage(() => import('./new-visit-page').then((m) => m.NewVisitPage)),
  },
  { path: 'inspections/visits/:id', ...lazyPage(() => import('./visit-page').then((m) => m.VisitPage)) },
  { path: 'inspections/mine', ...lazyPage(() => import('./my-visits-page').then((m) => m.MyVisitsPage)) },
  { path: 'inspections/sync', ...lazyPage(() => import('./sync-status-page').then((m) => m.SyncStatusPage)) },
  {
    path: 'inspections/field/:visitId',
    ...lazyPage(() => import('./field-visit-page').then((m) => m.FieldVisitPage)),
  },
  {
    path: 'inspections/field/:visitId/:inspectionId',
    ...lazyPage(() => import('./field-inspection-page').then((m) => m.FieldInspectionPage)),
  },
  { path: 'inspections/:id', ...lazyPage(() => import('./inspection-page').then((m) => m.InspectionPage)) },
];

/** Routes below `/portal`: the inspections of the services the person administers, and their corrections. */
export const inspectionsPortalRoutes: RouteObject[] = [
  {
    path: 'inspections',
    ...lazyPage(() => import('./portal-inspections-page').then((m) => m.PortalInspectionsPage)),
  },
  {
    path: 'inspections/:id',
    ...lazyPage(() => import('./portal-inspection-page').then((m) => m.PortalInspectionPage)),
  },
];
export const inspectionsPortalNav = { to: '/portal/inspections', label: 'Inspections' } as const;
