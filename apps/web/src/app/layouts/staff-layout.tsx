import { Outlet } from 'react-router';
import { alertsStaffNav } from '../../modules/alerts/alerts-routes';
import { cmsStaffNav } from '../../modules/cms/cms-routes';
import { complaintsStaffNav } from '../../modules/complaints/complaints-routes';
import { correspondenceStaffNav } from '../../modules/correspondence/correspondence-routes';
import { educationStaffNav } from '../../modules/education/education-routes';
import { examsStaffNav } from '../../modules/exams/exams-routes';
import { fireDrillsStaffNav } from '../../modules/fire-drills/fire-drills-routes';
import { formsStaffNav } from '../../modules/forms/forms-routes';
import { inspectionsStaffNav } from '../../modules/inspections/inspections-routes';
import { licensingStaffNav } from '../../modules/licensing/licensing-routes';
import { licensingConfigStaffNav } from '../../modules/licensing-config/licensing-config-routes';
import { canOpenAdministration } from '../../modules/lookups/administration-access';
import { MailBanner } from '../../modules/mail/mail-banner';
import { mailStaffNav } from '../../modules/mail/mail-routes';
import { mergeStaffNav } from '../../modules/merge/merge-routes';
import { paymentsStaffNav } from '../../modules/payments/payments-routes';
import { policiesStaffNav } from '../../modules/policies/policies-routes';
import { queriesStaffNav } from '../../modules/queries/queries-routes';
import { registryStaffNav } from '../../modules/registry/registry-routes';
import { scheduledTasksStaffNav } from '../../modules/scheduled-tasks/scheduled-tasks-routes';
import { triggersStaffNav } from '../../modules/triggers/triggers-routes';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { AppFrame, type NavItem } from './app-frame';

export function StaffLayout() {
  const { viewer, enterprise } = useSignedIn();
  const nav: NavItem[] = [
    { to: '/staff', label: 'Dashboard', end: true },
    ...registryStaffNav(viewer),
    ...formsStaffNav(viewer),
    ...licensingStaffNav(viewer),
    ...licensingConfigStaffNav(viewer),
    ...triggersStaffNav(viewer),
    ...alertsStaffNav(viewer),
    ...complaintsStaffNav(viewer),
    ...educationStaffNav(viewer),
    ...inspectionsStaffNav(viewer),
    ...examsStaffNav(viewer),
    ...mergeStaffNav(viewer),
    ...paymentsStaffNav(viewer),
    ...policiesStaffNav(viewer),
    ...cmsStaffNav(viewer),
    ...fireDrillsStaffNav(viewer),
    ...queriesStaffNav(viewer),
    ...correspondenceStaffNav(viewer),
    ...mailStaffNav(viewer),
    ...scheduledTasksStaffNav(viewer),
  ];
  if (canOpenAdministration(viewer)) nav.push({ to: '/staff/admin', label: 'Administration' });
  if (hasPermission(viewer, 'security.admin')) {
    nav.push({ to: '/staff/admin/security-templates', label: 'Security templates' });
    nav.push({ to: '/staff/admin/security-groups', label: 'Security groups' });
  }
  return (
    <AppFrame homeHref="/staff" navItems={nav} subtitle={enterprise?.name}>
      <MailBanner viewer={viewer} />
      <Outlet />
    </AppFrame>
  );
}
