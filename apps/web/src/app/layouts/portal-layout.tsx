import { Outlet } from 'react-router';
import { complaintsPortalNav } from '../../modules/complaints/complaints-routes';
import { educationPortalNav } from '../../modules/education/education-routes';
import { examsPortalNav } from '../../modules/exams/exams-routes';
import { inspectionsPortalNav } from '../../modules/inspections/inspections-routes';
import { licensingPortalNav } from '../../modules/licensing/licensing-routes';
import { messagesPortalNav } from '../../modules/messages/messages-routes';
import { paymentsPortalNav } from '../../modules/payments/payments-routes';
import { responsesPortalNav } from '../../modules/responses/responses-routes';
import { useSignedIn } from '../../platform/session/session-provider';
import { AppFrame, type NavItem } from './app-frame';

const portalNav: readonly NavItem[] = [
  { to: '/portal', label: 'Home', end: true },
  { to: '/portal/profile', label: 'My profile' },
  messagesPortalNav,
  responsesPortalNav,
  ...licensingPortalNav,
  educationPortalNav,
  examsPortalNav,
  paymentsPortalNav,
  complaintsPortalNav,
  inspectionsPortalNav,
];

export function PortalLayout() {
  const { enterprise } = useSignedIn();
  return (
    <AppFrame homeHref="/portal" navItems={portalNav} subtitle={enterprise?.name}>
      <Outlet />
    </AppFrame>
  );
}
