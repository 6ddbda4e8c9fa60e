import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`: sessions, packets and forms, skill sheets, and the examiner's scoring. */
export const examsStaffRoutes: RouteObject[] = [
  { path: 'exams', ...lazyPage(() => import('./sessions-page').then((m) => m.SessionsPage)) },
  {
    path: 'exams/sessions/calendar',
    ...lazyPage(() => import('./session-calendar-page').then((m) => m.SessionCalendarPage)),
  },
  { path: 'exams/sessions/:id', ...lazyPage(() => import('./session-page').then((m) => m.SessionPage)) },
  {
    path: 'exams/sessions/:id/score',
    ...lazyPage(() => import('./scoring-page').then((m) => m.ScoringPage)),
  },
  { path: 'exams/staff', ...lazyPage(() => import('./exam-staff-page').then((m) => m.ExamStaffPage)) },
  { path: 'exams/packets', ...lazyPage(() => import('./packets-page').then((m) => m.PacketsPage)) },
  { path: 'exams/packets/:id', ...lazyPage(() => import('./packet-page').then((m) => m.PacketPage)) },
  { path: 'exams/skills', ...lazyPage(() => import('./skills-page').then((m) => m.SkillsPage)) },
  {
    path: 'exams/skills/:id',
    ...lazyPage(() => import('./skill-editor-page').then((m) => m.SkillEditorPage)),
  },
];

/** Routes below `/portal`: the candidate's exams. */
export const examsPortalRoutes: RouteObject[] = [
  { path: 'exams', ...lazyPage(() => import('./portal-exams-page').then((m) => m.PortalExamsPage)) },
];
export const examsPortalNav = { to: '/portal/exams', label: 'My exams' } as const;
