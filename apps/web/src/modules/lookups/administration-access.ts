import { referenceLists } from '@licensure/contracts';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';

export const ADMIN_BASE = '/staff/admin';

/** The reference lists a viewer may open (read permission), in the administration menu's order. */
export function readableLists(viewer: Viewer) {
  return referenceLists.filter((spec) => hasPermission(viewer, spec.read));
}

export function canOpenAdministration(viewer: Viewer): boolean {
  return hasPermission(viewer, 'enterprise.read') || readableLists(viewer).length > 0;
}
