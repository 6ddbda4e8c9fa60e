import { Outlet } from 'react-router';
import { MailBanner } from '../../modules/mail/mail-banner';
import { useSignedIn } from '../../platform/session/session-provider';
import { AppFrame } from './app-frame';
import { StaffNavMenu } from './staff-nav-menu';

export function StaffLayout() {
  const { viewer, enterprise } = useSignedIn();
  return (
    <AppFrame homeHref="/staff" navigation={<StaffNavMenu viewer={viewer} />} subtitle={enterprise?.name}>
      <MailBanner viewer={viewer} />
      <Outlet />
    </AppFrame>
  );
}
