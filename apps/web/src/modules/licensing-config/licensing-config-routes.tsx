import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/staff`; `licences/new` is `licences/:id` with the id "new" (it moves to its id once saved). */
export const licensingConfigStaffRoutes: RouteObject[] = [
  { path: 'licences', ...lazyPage(() => import('./licences-list-page').then((m) => m.LicencesListPage)) },
  {
    path: 'licences/:id',
    ...lazyPage(() => import('./licence-editor-page').then((m) => m.LicenceEditorPage)),
  },
  { path: 'processes', ...lazyPage(() => import('./processes-page').then((m) => m.ProcessesPage)) },
  { path: 'processes/:id', ...lazyPage(() => import('./processes-page').then((m) => m.ProcessesPage)) },
];
