import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`; `scheduled-tasks/new` is the editor with the id "new". */
export const scheduledTasksStaffRoutes: RouteObject[] = [
  { path: 'scheduled-tasks', ...lazyPage(() => import('./tasks-page').then((m) => m.TasksPage)) },
  { path: 'scheduled-tasks/:id', ...lazyPage(() => import('./task-page').then((m) => m.TaskPage)) },
];
