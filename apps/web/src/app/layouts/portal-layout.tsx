import { Outlet } from 'react-router';
import { licensingPortalNav } from '../../modules/licensing/licensing-routes';
import { responsesPortalNav } from '../../modules/responses/responses-routes';
import { useSignedIn } from '../session-provider';
import { AppFrame, type NavItem } from './app-frame';

const portalNav: readonly NavItem[] = [
  { to: '/portal', label: 'Home', end: true },
  { to: '/portal/profile', label: 'My profile' },
  responsesPortalNav,
  ...licensingPortalNav,
];

export function PortalLayout() {
  const { enterprise } = useSignedIn();
  return (
    <AppFrame homeHref="/portal" navItems={portalNav} subtitle={enterprise?.name}>
      <Outlet />
    </AppFrame>
  );
}
