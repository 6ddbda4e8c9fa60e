import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: courses and rosters, CE audits, service longevity and reimbursements. */
export const educationStaffRoutes: RouteObject[] = [
  {
    path: 'education/courses',
    ...lazyPage(() => import('./course-catalogue-page').then((m) => m.StaffCourseCataloguePage)),
  },
  {
    path: 'education/courses/new',
    ...lazyPage(() => import('./course-form-page').then((m) => m.CourseFormPage)),
  },
  {
    path: 'education/courses/:id',
    ...lazyPage(() => import('./staff-course-page').then((m) => m.StaffCoursePage)),
  },
  {
    path: 'education/courses/:id/edit',
    ...lazyPage(() => import('./course-form-page').then((m) => m.CourseFormPage)),
  },
  { path: 'education/levels', ...lazyPage(() => import('./levels-page').then((m) => m.LevelsPage)) },
  {
    path: 'education/levels/new',
    ...lazyPage(() => import('./level-form-page').then((m) => m.LevelFormPage)),
  },
  {
    path: 'education/levels/:id',
    ...lazyPage(() => import('./level-form-page').then((m) => m.LevelFormPage)),
  },
  { path: 'education/audits', ...lazyPage(() => import('./ce-audits-page').then((m) => m.CeAuditsPage)) },
  { path: 'education/audits/:id', ...lazyPage(() => import('./ce-audit-page').then((m) => m.CeAuditPage)) },
  {
    path: 'education/services',
    ...lazyPage(() => import('./service-education-page').then((m) => m.ServiceEducationPage)),
  },
];

/** Routes below `/portal`: progress toward renewal and transcript, the catalogue and enrolment. */
export const educationPortalRoutes: RouteObject[] = [
  {
    path: 'education',
    ...lazyPage(() => import('./portal-transcript-page').then((m) => m.PortalTranscriptPage)),
  },
  {
    path: 'education/courses',
    ...lazyPage(() => import('./course-catalogue-page').then((m) => m.PortalCourseCataloguePage)),
  },
  {
    path: 'education/self-entered',
    ...lazyPage(() => import('./portal-self-entered-page').then((m) => m.PortalSelfEnteredPage)),
  },
  {
    path: 'education/courses/:id',
    ...lazyPage(() => import('./portal-course-page').then((m) => m.PortalCoursePage)),
  },
];

export const educationPortalNav = { to: '/portal/education', label: 'My education' } as const;
