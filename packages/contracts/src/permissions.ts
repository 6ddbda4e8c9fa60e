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
  'mail.read':
    'Read every mail the product sent or holds (reset links and invitations included) and send a failed one again',
  'users.read': 'Read people',
  'users.write': 'Change people',
  'users.ssn': 'See social security numbers in full',
  'registry.read': 'Read services, vehicles and their credentials',
  'registry.write': 'Change services, vehicles, stations, areas and rosters',
  'security.admin': 'Administer security templates and groups',
  'education.reports': 'Look up education reports',
  'education.read': "Read anyone's course attendance, CE progress, longevity, reimbursements and CE audits",
  'education.write': 'Manage courses, levels, attendees, longevity, reimbursements and CE audits',
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
  'requests.override':
    'Approve a request whose required processes failed or are missing, giving a reason recorded in its history',
  'alerts.read': 'Read alerts on anyone: the alert list and the dashboard',
  'alerts.write': 'Create, change, retire and delete alerts',
  'notes.read': 'Read staff notes on people, services, vehicles and requests',
  'notes.write': 'Write, change and delete staff notes',
  'merge.read': 'Read merge templates, their fields and contact groups, and preview them',
  'merge.write': 'Write and change merge templates',
  'correspondence.read': "Read anyone's correspondence history and download it",
  'correspondence.send': 'Send correspondence: letters and emails to people and contact groups',
  'triggers.read': 'Read triggers, trigger configurations and their firing logs',
  'triggers.write': 'Configure trigger actions and fire triggers by hand',
  'scheduledTasks.read': 'Read scheduled tasks, what they select and their run logs',
  'scheduledTasks.write': 'Configure scheduled tasks and run them now',
  'payments.read': "Read anyone's payments, refunds and vouchers, and the finance report",
  'payments.write': 'Record check, money order, cash and direct payments, and issue vouchers',
  'payments.refund': 'Refund payments, in full or in part',
  'complaints.read': 'Read complaints, their activities and monitoring, and the complaint lists',
  'complaints.write':
    'Enter, change, assign, close and delete complaints; log activities; configure the lists',
  'investigations.read': 'Read confidential investigations and print investigation files',
  'investigations.write': 'Open and work investigations and record disciplinary outcomes',
  'inspections.read':
    'Read inspection visits, inspections, checklists, deficiencies and the inspection lists',
  'inspections.write':
    'Schedule visits, check them out for field work, record and submit inspections; configure the inspection lists',
  'exams.read': 'Read exam sessions, packets, forms, skills, coordinators, examiners, candidates and results',
  'exams.write':
    'Build skills, exam forms and packets, schedule sessions, assign coordinators and examiners, register candidates; configure the exam lists',
  'exams.score': 'Score candidates on the sessions one examines',
  'policies.read': 'Read policies and protocols, acknowledge reading them and see who has',
  'policies.write': 'Write, publish and delete policies and protocols and their documents',
  'cms.write': 'Edit the public site: its sites, pages, menu and portal pages',
  'firedrills.read': 'Read and export the fire drills schools report, and the school lists',
  'firedrills.write': 'Keep the school systems and schools, and correct or delete drill reports',
  'insight.read':
    'See the office dashboard: processing times, backlog, expirations, money, inspections, complaints and exams, and export its figures',
  'queries.read': 'Run the saved queries shared with them, see their results, charts and exports',
  'queries.write': 'Build, save, share and delete saved queries',
  'nationalRegistry.read':
    "Read the National Registry's imported certifications and their mismatches with the state's records",
  'nationalRegistry.write':
    'Import the National Registry export and resolve mismatches (accept a value, mark reviewed, link a number)',
  'compactFeed.read':
    'Read and download the EMS Compact licence and adverse-action files and their delivery log',
  'compactFeed.send': 'Write an EMS Compact file now and deliver or resend it to the coordinated database',
  'nemsis.export':
    "Export services' NEMSIS DEM files and the State file, see their validation, and keep the NEMSIS facts they need",
} as const;

export type PermissionKey = keyof typeof permissionCatalog;
export const permissionKeys = Object.keys(permissionCatalog) as PermissionKey[];

/** What a route requires: a permission key, any signed-in user, or nobody (public). */
export type RouteAccess = PermissionKey | 'authenticated' | 'public';
