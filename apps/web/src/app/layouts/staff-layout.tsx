import { Outlet } from 'react-router';
import { canOpenAdministration } from '../../modules/lookups/administration-access';
import { useSignedIn } from '../session-provider';
import { AppFrame, type NavItem } from './app-frame';

export function StaffLayout() {
  const { viewer, enterprise } = useSignedIn();
  const nav: NavItem[] = [{ to: '/staff', label: 'Dashboard', end: true }];
  if (canOpenAdministration(viewer)) nav.push({ to: '/staff/admin', label: 'Administration' });
  return (
    <AppFrame homeHref="/staff" navItems={nav} subtitle={enterprise?.name}>
      <Outlet />
    </AppFrame>
  );
}
