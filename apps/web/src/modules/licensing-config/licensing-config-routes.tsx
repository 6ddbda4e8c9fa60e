import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { LICENCES_BASE } from './licensing-config-paths';

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

/** The staff navigation entry of licence configuration, for the viewer's permissions. */
export function licensingConfigStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'licensing.read') ? [{ to: LICENCES_BASE, label: 'Licences' }] : [];
}
