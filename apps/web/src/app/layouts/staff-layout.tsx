import { Outlet } from 'react-router';
import { formsStaffNav } from '../../modules/forms/forms-routes';
import { licensingStaffNav } from '../../modules/licensing/licensing-routes';
import { licensingConfigStaffNav } from '../../modules/licensing-config/licensing-config-routes';
import { canOpenAdministration } from '../../modules/lookups/administration-access';
import { registryStaffNav } from '../../modules/registry/registry-routes';
import { hasPermission } from '../../platform/session/shell-state';
import { useSignedIn } from '../session-provider';
import { AppFrame, type NavItem } from './app-frame';

export function StaffLayout() {
  const { viewer, enterprise } = useSignedIn();
  const nav: NavItem[] = [
    { to: '/staff', label: 'Dashboard', end: true },
    ...registryStaffNav(viewer),
    ...formsStaffNav(viewer),
    ...licensingStaffNav(viewer),
    ...licensingConfigStaffNav(viewer),
  ];
  if (canOpenAdministration(viewer)) nav.push({ to: '/staff/admin', label: 'Administration' });
  if (hasPermission(viewer, 'security.admin')) {
    nav.push({ to: '/staff/admin/security-templates', label: 'Security templates' });
    nav.push({ to: '/staff/admin/security-groups', label: 'Security groups' });
  }
  return (
    <AppFrame homeHref="/staff" navItems={nav} subtitle={enterprise?.name}>
      <Outlet />
    </AppFrame>
  );
}
