import type { NavCountKey, PermissionKey } from '@licensure/contracts';
import { canOpenAdministration } from '../modules/lookups/administration-access';
import { hasPermission, type Viewer } from '../platform/session/shell-state';

/**
 * The staff menu, grouped by area of work. To add a page to the menu, add one link to its group:
 *
 *   { to: '/staff/nemsis', label: 'NEMSIS export', permission: 'nemsis.read' },
 *
 * A link shows when the viewer holds `permission` (any of them, when a list), or when `show` says so
 * (a rule no single permission states). `count` names a count of waiting work from
 * GET /api/staff/nav-counts, shown beside the link and read as "<meaning>, <n> waiting"; the server
 * only counts what the viewer may see. `end`: active only on exactly this path, not below it.
 * A group with no link the viewer may open is not shown.
 */
export interface StaffNavLink {
  to: string;
  label: string;
  permission?: PermissionKey | readonly PermissionKey[];
  show?: (viewer: Viewer) => boolean;
  count?: NavCountKey;
  end?: boolean;
}

export interface StaffNavGroup {
  /** The group's heading. */
  label: string;
  links: readonly StaffNavLink[];
}

/** Above the groups, for everyone signed in to the staff app. */
export const staffHomeLink: StaffNavLink = { to: '/staff', label: 'Dashboard', end: true };

export const staffNav: readonly StaffNavGroup[] = [
  {
    label: 'Registry',
    links: [
      { to: '/staff/people', label: 'People', permission: 'users.read' },
      { to: '/staff/services', label: 'Services', permission: 'registry.read' },
      { to: '/staff/vehicles', label: 'Vehicles', permission: 'registry.read' },
    ],
  },
  {
    label: 'Licensing',
    links: [
      {
        to: '/staff/requests',
        label: 'Licence requests',
        permission: 'requests.read',
        count: 'requestsToReview',
      },
      { to: '/staff/licences', label: 'Licences', permission: 'licensing.read' },
      { to: '/staff/forms', label: 'Forms', permission: 'forms.read' },
    ],
  },
  {
    label: 'Field work',
    links: [
      {
        to: '/staff/inspections',
        label: 'Inspections',
        permission: 'inspections.read',
        count: 'overdueInspections',
        end: true,
      },
      { to: '/staff/inspections/mine', label: 'My visits', permission: 'inspections.write' },
      { to: '/staff/fire-drills', label: 'Fire drills', permission: 'firedrills.read' },
    ],
  },
  {
    label: 'Exams and education',
    links: [
      { to: '/staff/exams', label: 'Exams', permission: 'exams.read' },
      { to: '/staff/education/courses', label: 'Courses', permission: 'education.read' },
      { to: '/staff/education/levels', label: 'Education levels', permission: 'education.read' },
      { to: '/staff/education/audits', label: 'CE audits', permission: 'education.read' },
      { to: '/staff/education/services', label: 'Service longevity', permission: 'education.read' },
    ],
  },
  {
    label: 'Enforcement',
    links: [
      { to: '/staff/complaints', label: 'Complaints', permission: 'complaints.read' },
      { to: '/staff/alerts', label: 'Alerts', permission: 'alerts.read' },
    ],
  },
  {
    label: 'National exchange',
    links: [
      {
        to: '/staff/national-registry',
        label: 'Registry reconciliation',
        permission: 'nationalRegistry.read',
      },
      { to: '/staff/compact-feed', label: 'EMS Compact feed', permission: 'compactFeed.read' },
      { to: '/staff/nemsis-state', label: 'NEMSIS State export', permission: 'nemsis.export' },
    ],
  },
  {
    label: 'Money',
    links: [{ to: '/staff/payments', label: 'Payments', permission: 'payments.read' }],
  },
  {
    label: 'Communication',
    links: [
      { to: '/staff/correspondence', label: 'Correspondence', permission: 'correspondence.read' },
      { to: '/staff/merge-templates', label: 'Merge templates', permission: 'merge.read' },
      { to: '/staff/mail', label: 'Mail', permission: 'mail.read', count: 'unsentMail' },
      { to: '/staff/cms', label: 'Public site', permission: 'cms.write' },
      { to: '/staff/policies', label: 'Policies', permission: 'policies.read' },
    ],
  },
  {
    label: 'Administration',
    links: [
      { to: '/staff/admin', label: 'Administration', show: canOpenAdministration },
      { to: '/staff/admin/security-templates', label: 'Security templates', permission: 'security.admin' },
      { to: '/staff/admin/security-groups', label: 'Security groups', permission: 'security.admin' },
      { to: '/staff/triggers', label: 'Triggers', permission: 'triggers.read', count: 'failedAutomation' },
      { to: '/staff/scheduled-tasks', label: 'Scheduled tasks', permission: 'scheduledTasks.read' },
      { to: '/staff/queries', label: 'Queries', permission: 'queries.read' },
      { to: '/staff/insight', label: 'Office insight', permission: 'insight.read' },
    ],
  },
];

/** Whether the viewer may open the link. */
export function canSeeLink(viewer: Viewer, link: StaffNavLink): boolean {
  if (link.show && !link.show(viewer)) return false;
  if (link.permission === undefined) return true;
  const needed: readonly string[] = typeof link.permission === 'string' ? [link.permission] : link.permission;
  return needed.some((key) => hasPermission(viewer, key));
}

/** The groups the viewer sees, each with only the links they may open; empty groups left out. */
export function visibleStaffNav(
  viewer: Viewer,
  groups: readonly StaffNavGroup[] = staffNav,
): StaffNavGroup[] {
  return groups
    .map((group) => ({ ...group, links: group.links.filter((link) => canSeeLink(viewer, link)) }))
    .filter((group) => group.links.length > 0);
}
