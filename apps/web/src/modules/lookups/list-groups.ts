import type { ResourceSpec } from '@licensure/contracts';

/** How the administration index groups the reference lists; lists not named here go under "Other lists". */
const groups: readonly { title: string; keys: readonly string[] }[] = [
  {
    title: 'Licensing',
    keys: [
      'application_types',
      'autonumbers',
      'certification_levels',
      'license_charge_types',
      'license_level_configurations',
      'license_request_statuses',
      'nremt_levels',
      'nremt_statuses',
      'background_checks',
      'transaction_statuses',
    ],
  },
  {
    title: 'People, education and places',
    keys: [
      'user_statuses',
      'attendee_statuses',
      'education_topics',
      'topics',
      'training_locations',
      'hospitals',
      'regions',
      'census_tracts',
      'countries',
    ],
  },
  { title: 'Vehicles', keys: ['vehicle_types', 'vehicle_specialties'] },
  {
    title: 'Alerts, triggers and policies',
    keys: [
      'alert_types',
      'trigger_categories',
      'trigger_functions',
      'policy_classifications',
      'policy_statuses',
      'policy_types',
    ],
  },
  {
    title: 'Documents and data',
    keys: [
      'document_types',
      'file_types',
      'date_types',
      'data_elements',
      'datasets',
      'entities',
      'entity_enterprise_fields',
      'validation_types',
      'xslt_stylesheets',
    ],
  },
  { title: 'Public portal', keys: ['cms_sites', 'cms_pages', 'portal_pages'] },
  { title: 'Fire drills', keys: ['school_systems', 'schools'] },
  { title: 'Security', keys: ['security_template_permissions'] },
];

export interface ListGroup {
  title: string;
  lists: ResourceSpec[];
}

/** Groups the given lists (keeping only those matching the search text), dropping empty groups. */
export function groupLists(lists: readonly ResourceSpec[], search = ''): ListGroup[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? lists.filter((s) => s.title.toLowerCase().includes(needle) || s.singular.toLowerCase().includes(needle))
    : [...lists];
  const placed = new Set<string>();
  const result: ListGroup[] = [];
  for (const group of groups) {
    const inGroup = group.keys
      .map((key) => matching.find((s) => s.key === key))
      .filter((s): s is ResourceSpec => s !== undefined);
    for (const s of inGroup) placed.add(s.key);
    if (inGroup.length > 0) result.push({ title: group.title, lists: inGroup });
  }
  const rest = matching.filter((s) => !placed.has(s.key));
  if (rest.length > 0) result.push({ title: 'Other lists', lists: rest });
  return result;
}
