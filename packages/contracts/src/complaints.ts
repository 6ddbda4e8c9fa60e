// Contracts of the complaints module: complaints, confidential investigations, activity tracking,
// monitoring and disciplinary outcomes (issue 16).
import { z } from 'zod';
import { booleanish, timestamp } from './paging';
import { referenceList } from './resource';
import { blankToNull, id, optionalId, optionalIsoDate, optionalText } from './shared-fields';

const complaintsConfig = {
  module: 'complaints',
  read: 'complaints.read',
  write: 'complaints.write',
} as const;

/** The complaint module's configuration lists, served by the reference-list engine. */
export const complaintResources = [
  referenceList('complaint_categories', 'ComplaintCategories', 'complaint_category', 'Complaint categories', {
    ...complaintsConfig,
    fields: [
      {
        name: 'autonumber_id',
        label: 'Number pattern',
        kind: 'uuid',
        ref: 'autonumbers',
        help: 'Complaints of this category are numbered from this auto number.',
      },
    ],
  }),
  referenceList('complaint_statuses', 'ComplaintStatuses', 'complaint_status', 'Complaint statuses', {
    ...complaintsConfig,
    fields: [{ name: 'is_closed', label: 'Closes the complaint', kind: 'bool', listed: true }],
  }),
  referenceList(
    'complaint_activity_types',
    'ComplaintActivityTypes',
    'complaint_activity_type',
    'Complaint activity types',
    complaintsConfig,
  ),
  referenceList(
    'complaint_monitoring_actions',
    'ComplaintMonitoringActions',
    'complaint_monitoring_action',
    'Complaint monitoring actions',
    complaintsConfig,
  ),
] as const;

/** Who or what a complaint is about. */
export const complaintSubjectKinds = ['user', 'service', 'vehicle'] as const;
/** How a complaint came in. */
export const complaintSources = ['staff', 'public', 'portal'] as const;

const complainant = {
  complainant_first_name: optionalText('complainant_first_name', 100),
  complainant_last_name: optionalText('complainant_last_name', 100),
  complainant_email: z.preprocess(
    blankToNull,
    z.email({ message: 'complainant_email must be an email address' }).max(200).nullable().optional(),
  ),
  complainant_phone: optionalText('complainant_phone', 32),
  complainant_address: optionalText('complainant_address', 400),
};

const description = z
  .string({ message: 'description is required' })
  .trim()
  .min(1, 'description is required')
  .max(20_000, 'description must be at most 20000 characters');

/** `{complaint: {...}}` of POST Complaints and PUT Complaints/{id}. */
export const complaintInput = z.object({
  complaint_category_id: optionalId('complaint_category_id'),
  complaint_status_id: optionalId('complaint_status_id'),
  user_id: optionalId('user_id'),
  service_id: optionalId('service_id'),
  vehicle_id: optionalId('vehicle_id'),
  certification_id: optionalId('certification_id'),
  /** The subject in the complainant's words, when no record is linked yet. */
  subject_name: optionalText('subject_name', 200),
  ...complainant,
  description,
  incident_date: optionalIsoDate('incident_date'),
  incident_location: optionalText('incident_location', 400),
  assigned_to: optionalId('assigned_to'),
});
export type ComplaintInput = z.infer<typeof complaintInput>;

export const complaintOutput = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  complaint_category_id: z.uuid().nullable(),
  category: z.string().nullable(),
  complaint_status_id: z.uuid().nullable(),
  status: z.string().nullable(),
  is_closed: z.boolean(),
  subject_kind: z.enum(complaintSubjectKinds).nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  certification_id: z.uuid().nullable(),
  /** What the complaint is about in the complainant's words (or staff's, when entered by staff). */
  subject_name: z.string().nullable(),
  /** The name of the person, service or vehicle staff linked: internal, never shown to the complainant. */
  linked_subject_name: z.string().nullable(),
  complainant_user_id: z.uuid().nullable(),
  complainant_first_name: z.string().nullable(),
  complainant_last_name: z.string().nullable(),
  complainant_email: z.string().nullable(),
  complainant_phone: z.string().nullable(),
  complainant_address: z.string().nullable(),
  description: z.string(),
  incident_date: z.string().nullable(),
  incident_location: z.string().nullable(),
  assigned_to: z.uuid().nullable(),
  assigned_name: z.string().nullable(),
  source: z.enum(complaintSources),
  received_at: timestamp,
  closed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ComplaintOutput = z.infer<typeof complaintOutput>;

/** What the person who filed a complaint sees of it in the portal: never the investigation. */
export const complaintFiledView = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  category: z.string().nullable(),
  status: z.string().nullable(),
  subject_name: z.string().nullable(),
  received_at: timestamp,
  closed_at: timestamp.nullable(),
});
export type ComplaintFiledView = z.infer<typeof complaintFiledView>;

/** GET Complaints/getByUserID. */
export const complaintsByUserQuery = z.object({
  user_id: id('user_id'),
  detail: booleanish.optional(),
  enterprise_id: id('enterprise_id').optional(),
});

/** What POST Complaints/bulkAction does with `value`. */
export const complaintBulkCodes = ['assign', 'status', 'close'] as const;
export const complaintBulkBody = z.object({
  complaintIDs: z
    .array(id('complaintIDs'), { message: 'complaintIDs must be a list of ids' })
    .min(1, 'complaintIDs must name at least one complaint')
    .max(1000, 'complaintIDs may name at most 1000 complaints'),
  value: z.preprocess(blankToNull, id('value').nullable().optional()),
  code: z.enum(complaintBulkCodes, { message: 'code must be assign, status or close' }),
});
export type ComplaintBulkBody = z.infer<typeof complaintBulkBody>;

export const categoryAutoNumberOutput = z.object({
  complaint_category_id: z.uuid(),
  autonumber_id: z.uuid().nullable(),
  /** The number the next complaint of this category will get (not taken by asking). */
  next_number: z.string().nullable(),
});

/** A file the public attaches to a complaint: a base64 data URL, checked like any upload. */
export const complaintAttachment = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  value: z.string().min(1, 'value is required: the file as a base64 data URL').max(15_000_000),
});

/** POST complaints/file: the public (or a portal user) files a complaint. */
export const publicComplaintBody = z.object({
  complaint: z.object({
    complaint_category_id: optionalId('complaint_category_id'),
    subject_name: z
      .string({ message: 'subject_name is required' })
      .trim()
      .min(1, 'Say who or what the complaint is about.')
      .max(200),
    license_number: optionalText('license_number', 64),
    ...complainant,
    complainant_first_name: z.string().trim().min(1, 'Your first name is required.').max(100),
    complainant_last_name: z.string().trim().min(1, 'Your last name is required.').max(100),
    complainant_email: z.email({ message: 'Enter an email address where we can reach you.' }).max(200),
    description,
    incident_date: optionalIsoDate('incident_date'),
    incident_location: optionalText('incident_location', 400),
  }),
  /** At most PUBLIC_ATTACHMENT_MAX_FILES (5) of PUBLIC_ATTACHMENT_MAX_BYTES (5 MB) each: 413 naming documents. */
  documents: z.array(complaintAttachment).max(20, 'Attach at most 20 files.').default([]),
  /** The reCAPTCHA token of the enterprise's check (action `complaint`). */
  recaptchaToken: z.string().max(4000).optional(),
});
export type PublicComplaintBody = z.infer<typeof publicComplaintBody>;
export const publicComplaintReceipt = z.object({ number: z.string(), message: z.string() });

/** What the public complaint form may attach (GET complaints/publicAttachmentLimits), said before upload. */
export const publicAttachmentLimits = z.object({
  max_files: z.number().int(),
  max_bytes: z.number().int(),
});
export type PublicAttachmentLimits = z.infer<typeof publicAttachmentLimits>;

const megabytes = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
/** The answers of the public complaint form about its files: 413 and 429 naming `documents`. */
export const publicAttachmentMessages = {
  tooMany: (max: number) => `Attach at most ${max} files.`,
  tooLarge: (maxBytes: number) => `Each file may be at most ${megabytes(maxBytes)}.`,
  addressQuota:
    'We have received as many files from your connection today as we can accept. Send your complaint without files, or try again tomorrow.',
  dailyQuota: 'We cannot accept more files today. Send your complaint without files, or try again tomorrow.',
  awaitingScreening: 'Files sent with the public complaint form wait for staff to screen them.',
} as const;

/** A file of the public form waiting for screening: what staff see before it is released. */
export const screeningAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  received_at: timestamp,
});
export type ScreeningAttachment = z.infer<typeof screeningAttachment>;
export const screeningParams = z.object({
  id: z.uuid({ message: 'id must be a valid id' }),
  documentId: z.uuid({ message: 'documentId must be a valid id' }),
});
/** Discarding a file of the public form: the reason goes to the change log. */
export const discardAttachmentBody = z.object({
  reason: z
    .string({ message: 'reason is required' })
    .trim()
    .min(1, 'Say why the file is discarded.')
    .max(500, 'reason must be at most 500 characters'),
});

/** Disciplinary outcomes; suspension and revocation change the subject's credentials. */
export const investigationOutcomes = [
  'none',
  'dismissed',
  'reprimand',
  'probation',
  'suspension',
  'revocation',
] as const;
export type InvestigationOutcome = (typeof investigationOutcomes)[number];
export const investigationStatuses = ['open', 'review', 'closed'] as const;

/** `{investigation: {...}}` of POST and PUT InvestigationsModule/Investigation. */
export const investigationInput = z.object({
  complaint_id: id('complaint_id'),
  status: z.enum(investigationStatuses, { message: 'status must be open, review or closed' }).default('open'),
  investigator_ids: z.array(id('investigator_ids')).max(20).default([]),
  summary: optionalText('summary', 4000),
  findings: optionalText('findings', 20_000),
  outcome: z
    .enum(investigationOutcomes, {
      message: 'outcome must be none, dismissed, reprimand, probation, suspension or revocation',
    })
    .default('none'),
  outcome_date: optionalIsoDate('outcome_date'),
  /** Shown on the public verification page (as regulators must for public discipline). */
  outcome_public: z.boolean({ message: 'outcome_public must be true or false' }).default(false),
  /** The credential the outcome acts on; none: every live credential of the complaint's subject. */
  certification_id: optionalId('certification_id'),
});
export type InvestigationInput = z.infer<typeof investigationInput>;

export const investigationOutput = z.object({
  id: z.uuid(),
  complaint_id: z.uuid(),
  complaint_number: z.string().nullable(),
  status: z.enum(investigationStatuses),
  investigator_ids: z.array(z.uuid()),
  summary: z.string().nullable(),
  findings: z.string().nullable(),
  outcome: z.enum(investigationOutcomes),
  outcome_date: z.string().nullable(),
  outcome_public: z.boolean(),
  certification_id: z.uuid().nullable(),
  opened_at: timestamp,
  closed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type InvestigationOutput = z.infer<typeof investigationOutput>;

/** `{complaint_activity: {...}}` of ComplaintActivityTracking. */
export const complaintActivityInput = z.object({
  complaint_id: id('complaint_id'),
  investigation_id: optionalId('investigation_id'),
  complaint_activity_type_id: optionalId('complaint_activity_type_id'),
  activity_date: z.iso.date({ message: 'activity_date must be a date (YYYY-MM-DD)' }),
  description: z
    .string({ message: 'description is required' })
    .trim()
    .min(1, 'description is required')
    .max(4000, 'description must be at most 4000 characters'),
  hours: z.number({ message: 'hours must be a number' }).min(0).max(1000).nullable().optional(),
});
export type ComplaintActivityInput = z.infer<typeof complaintActivityInput>;

export const complaintActivityOutput = z.object({
  id: z.uuid(),
  complaint_id: z.uuid(),
  investigation_id: z.uuid().nullable(),
  complaint_activity_type_id: z.uuid().nullable(),
  activity_type: z.string().nullable(),
  activity_date: z.string(),
  description: z.string(),
  hours: z.number().nullable(),
  performed_by: z.uuid().nullable(),
  performed_by_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ComplaintActivityOutput = z.infer<typeof complaintActivityOutput>;

/** `{complaint_action: {...}}` of ComplaintMonitoring: a monitoring action set on a complaint. */
export const complaintActionInput = z.object({
  complaint_id: id('complaint_id'),
  complaint_monitoring_action_id: id('complaint_monitoring_action_id'),
  start_date: optionalIsoDate('start_date'),
  end_date: optionalIsoDate('end_date'),
  notes: optionalText('notes', 4000),
  completed: z.boolean({ message: 'completed must be true or false' }).default(false),
});
export type ComplaintActionInput = z.infer<typeof complaintActionInput>;

export const complaintActionOutput = z.object({
  id: z.uuid(),
  complaint_id: z.uuid(),
  complaint_monitoring_action_id: z.uuid(),
  action: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  notes: z.string().nullable(),
  completed: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ComplaintActionOutput = z.infer<typeof complaintActionOutput>;

/** GET complaints/publicDiscipline: the credential numbers a verification page shows (comma-separated). */
export const publicDisciplineQuery = z.object({
  numbers: z
    .string({ message: 'numbers is required' })
    .trim()
    .min(1, 'numbers is required')
    .max(2000, 'numbers must be at most 2000 characters')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ])
    .refine((v) => v.length > 0, 'Give at least one credential number.')
    .refine((v) => v.length <= 50, 'Ask for at most 50 credential numbers.'),
});

/** A public disciplinary action on a credential, as regulators must publish it: what and when, nothing more. */
export const publicDisciplinaryAction = z.object({
  number: z.string(),
  outcome: z.enum(['reprimand', 'probation', 'suspension', 'revocation']),
  outcome_date: z.string().nullable(),
});
export type PublicDisciplinaryAction = z.infer<typeof publicDisciplinaryAction>;
