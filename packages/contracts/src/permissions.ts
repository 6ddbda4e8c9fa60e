/**
 * Permission keys, `module.action`. Security templates are sets of these keys; every API route names
 * one of them, or says it is public or only needs a signed-in user.
 */
export const permissionCatalog = {
  'lookups.read': 'Read reference lists',
  'lookups.write': 'Create, change and delete reference lists',
  'configuration.read':
    'Read configuration lists (auto numbers, statuses of processes and requests, triggers, portal setup)',
  'enterprise.read': 'Read enterprise settings',
  'enterprise.write': 'Change enterprise settings',
  'logging.read': 'Read the data change log and access logs',
  'logging.write': 'Record access and form progress logs',
  'users.read': 'Read people',
  'users.write': 'Change people',
  'users.ssn': 'See social security numbers in full',
  'registry.read': 'Read services, vehicles and their credentials',
  'registry.write': 'Change services, vehicles, stations, areas and rosters',
  'security.admin': 'Administer security templates and groups',
  'education.reports': 'Look up education reports',
  'forms.read': 'Read forms, packages and their settings',
  'forms.write': 'Build and change forms, packages and their settings',
  'responses.read': "Read anyone's form responses and their PDFs",
  'responses.write': "Change, reopen and delete anyone's form responses",
  'documents.read': "Read and download anyone's documents and see who read them",
  'documents.write': "Upload, change, lock and delete anyone's documents",
  'licensing.read': 'Read licences, their categories, levels, charges, rules and processes',
  'licensing.write': 'Configure licences, their categories, levels, charges, rules and processes',
  'requests.read': "Read anyone's licence requests and credentials",
  'requests.write': "Change anyone's licence requests: application types, charges, trainings, deletion",
  'requests.review': 'Review licence requests: process and status changes, approval and issuing',
} as const;

export type PermissionKey = keyof typeof permissionCatalog;
export const permissionKeys = Object.keys(permissionCatalog) as PermissionKey[];

/** What a route requires: a permission key, any signed-in user, or nobody (public). */
export type RouteAccess = PermissionKey | 'authenticated' | 'public';
