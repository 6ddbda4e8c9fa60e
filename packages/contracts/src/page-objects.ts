/** The screens of the web app, for portal page configuration and permissions (Core/PageObjects). */
export const pageObjects = [
  { key: 'signin', label: 'Sign in', path: '/signin', area: 'public' },
  { key: 'portal.home', label: 'Portal home', path: '/portal', area: 'portal' },
  { key: 'staff.dashboard', label: 'Staff dashboard', path: '/staff', area: 'staff' },
  { key: 'staff.admin', label: 'Administration', path: '/staff/admin', area: 'staff' },
  { key: 'staff.admin.list', label: 'Reference list', path: '/staff/admin/:key', area: 'staff' },
  { key: 'staff.admin.edit', label: 'Reference list record', path: '/staff/admin/:key/:id', area: 'staff' },
  {
    key: 'staff.admin.enterprise',
    label: 'Enterprise settings',
    path: '/staff/admin/enterprise',
    area: 'staff',
  },
] as const;

export type PageObject = (typeof pageObjects)[number];

/** Criminal history statuses every enterprise has, merged with its own list. */
export const defaultCriminalHistoryStatuses = ['Pending', 'Conviction', 'Absolved'] as const;
