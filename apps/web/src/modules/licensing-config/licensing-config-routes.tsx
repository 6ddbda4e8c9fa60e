import type { RouteObject } from 'react-router';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { LicenceEditorPage } from './licence-editor-page';
import { LicencesListPage } from './licences-list-page';
import { LICENCES_BASE } from './licensing-config-api';
import { ProcessesPage } from './processes-page';

/** Routes below `/staff`; `licences/new` is `licences/:id` with the id "new" (it moves to its id once saved). */
export const licensingConfigStaffRoutes: RouteObject[] = [
  { path: 'licences', element: <LicencesListPage /> },
  { path: 'licences/:id', element: <LicenceEditorPage /> },
  { path: 'processes', element: <ProcessesPage /> },
  { path: 'processes/:id', element: <ProcessesPage /> },
];

/** The staff navigation entry of licence configuration, for the viewer's permissions. */
export function licensingConfigStaffNav(viewer: Viewer) {
  return hasPermission(viewer, 'licensing.read') ? [{ to: LICENCES_BASE, label: 'Licences' }] : [];
}
