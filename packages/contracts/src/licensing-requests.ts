// Licence requests: applications and renewals, their review, the reviewer's decisions and assignment.
import { z } from 'zod';
import { booleanish, listQuery, timestamp } from './paging';

export const optionalUuid = (name: string) =>
  z
    .uuid({ message: `${name} must be a valid id` })
    .nullable()
    .optional();
export const optionalDate = (name: string) =>
  z.iso
    .date({ message: `${name} must be a date (YYYY-MM-DD)` })
    .nullable()
    .optional();

export const licenseRequestInput = z.object({
  license_id: z.uuid({ message: 'license_id must be a valid id' }),
  /** The subject: a person, a service or a vehicle (the licence's entity decides which). */
  user_id: optionalUuid('user_id'),
  service_id: optionalUuid('service_id'),
  vehicle_id: optionalUuid('vehicle_id'),
  parent_request_id: optionalUuid('parent_request_id'),
  /** A renewal: the credential it renews. */
  renews_certification_id: optionalUuid('renews_certification_id'),
  application_type_id: optionalUuid('application_type_id'),
  status_id: optionalUuid('status_id'),
  training_validation_start: optionalDate('training_validation_start'),
  training_validation_end: optionalDate('training_validation_end'),
});
export type LicenseRequestInput = z.infer<typeof licenseRequestInput>;
export const licenseRequestSaveBody = z.object({ license_request: licenseRequestInput });

/**
 * Where a request stands in review. `submitted` is the reviewer's turn (new, resubmitted or answered);
 * `returned` and `info_requested` are the applicant's turn; the last three are final.
 */
export const reviewStates = [
  'draft',
  'submitted',
  'returned',
  'info_requested',
  'approved',
  'denied',
  'withdrawn',
] as const;
export type ReviewState = (typeof reviewStates)[number];
export const reviewStateLabels: Record<ReviewState, string> = {
  draft: 'Draft',
  submitted: 'Awaiting review',
  returned: 'Returned for corrections',
  info_requested: 'More information requested',
  approved: 'Approved',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
};
/**
 * Filter values of the queue's state: one state, `open` (not final), `with_applicant` (draft,
 * returned or information asked: the applicant's turn) or `all`.
 */
export const queueStates = [...reviewStates, 'open', 'with_applicant', 'all'] as const;

export const requestQueueQuery = listQuery.extend({
  license_id: z.uuid({ message: 'license_id must be a valid id' }).optional(),
  status_id: z.uuid({ message: 'status_id must be a valid id' }).optional(),
  process_id: z.uuid({ message: 'process_id must be a valid id' }).optional(),
  process_status_id: z.uuid({ message: 'process_status_id must be a valid id' }).optional(),
  user_id: z.uuid({ message: 'user_id must be a valid id' }).optional(),
  service_id: z.uuid({ message: 'service_id must be a valid id' }).optional(),
  progress: z.coerce.number().int().min(0).max(2).optional(),
  /** Submitted on or after / on or before (YYYY-MM-DD). */
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }).optional(),
  /** Approved or denied on or after / on or before (YYYY-MM-DD): the dashboard's processing times open these. */
  decided_from: z.iso.date({ message: 'decided_from must be a date (YYYY-MM-DD)' }).optional(),
  decided_to: z.iso.date({ message: 'decided_to must be a date (YYYY-MM-DD)' }).optional(),
  includeDeleted: booleanish.optional(),
  /** Where the request stands; without it, every state. */
  state: z.enum(queueStates, { message: `state must be one of: ${queueStates.join(', ')}` }).optional(),
  /** Who has it checked out: `me`, `none` or a staff member's id. */
  assigned_to: z
    .union([z.enum(['me', 'none']), z.uuid()], { message: 'assigned_to must be me, none or an id' })
    .optional(),
  /** Requests the signed-in user started (`me`). */
  created_by: z.enum(['me'], { message: 'created_by must be me' }).optional(),
});
export type RequestQueueQuery = z.infer<typeof requestQueueQuery>;

export const licenseRequestSummary = z.object({
  id: z.uuid(),
  license_id: z.uuid().nullable(),
  license_name: z.string().nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  subject_name: z.string().nullable(),
  application_type_id: z.uuid().nullable(),
  status_id: z.uuid().nullable(),
  status_label: z.string().nullable(),
  progress: z.number().int(),
  review_state: z.enum(reviewStates),
  completed_on: timestamp.nullable(),
  assigned_to: z.uuid().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_at: timestamp.nullable(),
  renews_certification_id: z.uuid().nullable(),
  deleted_at: timestamp.nullable(),
  delete_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LicenseRequestSummary = z.infer<typeof licenseRequestSummary>;

export const requestHistoryEntry = z.object({
  id: z.uuid(),
  kind: z.string(),
  at: timestamp,
  user_name: z.string().nullable(),
  note: z.string().nullable(),
  status_label: z.string().nullable(),
  process_label: z.string().nullable(),
  process_status_label: z.string().nullable(),
  manual_trigger: z.string().nullable(),
  link_trigger: z.string().nullable(),
  /** Staff only: an internal note (never sent to the applicant). */
  internal: z.boolean(),
  /** Staff only: an internal note marked as a concern, listed when a decision is previewed. */
  concern: z.boolean().optional(),
  details: z
    .object({
      forms: z.array(z.object({ form_id: z.uuid(), form_name: z.string() })).optional(),
      fields: z.array(z.string()).optional(),
      info_kind: z.enum(['document', 'answer']).optional(),
      document_id: z.uuid().optional(),
      document_name: z.string().optional(),
      unpaid_cents: z.number().int().optional(),
      /** What an approval changed, in words (credentials issued, extended, superseded). */
      effects: z.array(z.string()).optional(),
      /** An approval over failed or missing required processes: what blocked it and the reason. */
      override: z.object({ reason: z.string(), blockers: z.array(z.string()) }).optional(),
    })
    .nullable(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntry>;

export const licenseRequestDetail = licenseRequestSummary.extend({
  parent_request_id: z.uuid().nullable(),
  current_trigger_count: z.number().int(),
  training_validation_start: z.string().nullable(),
  training_validation_end: z.string().nullable(),
  application_types: z.array(
    z.object({
      id: z.uuid(),
      application_type_id: z.uuid(),
      application_type_label: z.string().nullable(),
      license_category_level_id: z.uuid(),
      level_label: z.string().nullable(),
      checked: z.boolean(),
    }),
  ),
  charges: z.array(
    z.object({
      id: z.uuid(),
      description: z.string(),
      quantity: z.number().int(),
      amount_cents: z.number().int(),
      paid: z.boolean(),
    }),
  ),
  total_cents: z.number().int(),
  process_statuses: z.array(
    z.object({
      process_id: z.uuid(),
      process_label: z.string(),
      process_status_id: z.uuid(),
      process_status_label: z.string(),
      updated_at: timestamp,
    }),
  ),
  forms: z.array(
    z.object({
      form_id: z.uuid(),
      form_name: z.string(),
      required: z.boolean(),
      response_id: z.uuid().nullable(),
      progress: z.number().int().nullable(),
      completed_on: timestamp.nullable(),
    }),
  ),
  history: z.array(requestHistoryEntry),
  /** What the reviewer asks of the applicant now (returned or more information), else null. */
  pending: requestHistoryEntry.nullable(),
  certifications: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      status: z.string(),
      expiration_date: z.string().nullable(),
    }),
  ),
});
export type LicenseRequestDetail = z.infer<typeof licenseRequestDetail>;

export const processChangeBody = z.object({
  licenseRequestID: z.uuid({ message: 'licenseRequestID must be a valid id' }),
  statusID: z.uuid({ message: 'statusID must be a valid id' }),
  processID: z.uuid({ message: 'processID must be a valid id' }),
  note: z.string().trim().max(4000).nullable().optional(),
  /** true: the note is a message the applicant sees; otherwise it stays internal to staff. */
  toApplicant: z.boolean().optional(),
  /** Names of triggers to fire afterwards: stored for the workflow engine, not fired here. */
  manualTrigger: z.string().trim().max(200).nullable().optional(),
  linkTrigger: z.string().trim().max(200).nullable().optional(),
});

export const submitResult = z.object({
  success: z.boolean(),
  validationError: z.boolean().optional(),
  /** Forms that are missing or not completed, by name. */
  errors: z.record(z.string(), z.string()).optional(),
  request: licenseRequestSummary.optional(),
});

const requestID = z.uuid({ message: 'licenseRequestID must be a valid id' });
const text = (name: string, max = 4000) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

export const requestIdBody = z.object({ licenseRequestID: requestID });

/** Deny: the reason is sent to the applicant. */
export const denyRequestBody = z.object({ licenseRequestID: requestID, reason: text('reason') });

/** Return for corrections: the message, and the forms (reopened) and fields to fix. */
export const returnRequestBody = z.object({
  licenseRequestID: requestID,
  message: text('message'),
  form_ids: z
    .array(z.uuid({ message: 'form_ids must hold valid ids' }))
    .max(50)
    .default([]),
  fields: z.array(text('fields', 200)).max(50, 'fields must hold at most 50 names').default([]),
});

/** Ask the applicant for a document or an answer. */
export const requestInfoBody = z.object({
  licenseRequestID: requestID,
  message: text('message'),
  info_kind: z.enum(['document', 'answer'], { message: 'info_kind must be document or answer' }),
});

/** The applicant's answer to a request for information: text, a document they uploaded, or both. */
export const answerInfoBody = z
  .object({
    licenseRequestID: requestID,
    answer: z.string().trim().max(4000, 'answer must be at most 4000 characters').optional(),
    document_id: z.uuid({ message: 'document_id must be a valid id' }).optional(),
  })
  .refine((b) => !!b.answer || !!b.document_id, {
    message: 'Give an answer or a document',
    path: ['answer'],
  });

export const withdrawRequestBody = z.object({
  licenseRequestID: requestID,
  reason: z.string().trim().max(4000, 'reason must be at most 4000 characters').optional(),
});

export const approveRequestBody = z.object({
  licenseRequestID: requestID,
  note: z.string().trim().max(4000).nullable().optional(),
  /** Required (true) when fees are unpaid: the reviewer approves knowing it; the history says so. */
  acknowledgeUnpaidFees: z.boolean().optional(),
  /**
   * Approving although required processes failed or are missing: the reason, recorded in the history.
   * Only a holder of requests.override may.
   */
  override_reason: z.string().trim().min(1, 'override_reason is required').max(1000).optional(),
});

/** A staff note on a request: internal unless toApplicant (a message the applicant sees). */
export const requestNoteBody = z.object({
  licenseRequestID: requestID,
  note: text('note'),
  toApplicant: z.boolean().default(false),
  /** An internal note marked as a concern: listed when the request's decision is previewed. */
  concern: z.boolean().default(false),
});

export const assignRequestBody = z.object({
  licenseRequestID: requestID,
  /** The staff member who takes it; null releases it. */
  user_id: z.uuid({ message: 'user_id must be a valid id' }).nullable(),
});

export const reviewerOption = z.object({ id: z.uuid(), name: z.string() });

/** Messages of the review decisions. */
export const requestMessages = {
  unpaidFees: (amount: string) =>
    `This request has unpaid fees (${amount}). Confirm that you approve it with fees unpaid.`,
  notReviewable: 'This request is not awaiting review.',
  notAwaitingInfo: 'No information was requested for this request.',
  cannotWithdraw: 'This request was decided and can no longer be withdrawn.',
  checkedOutByOther: (name: string) => `This request is checked out by ${name}.`,
  notReviewer: 'That person is not a staff member who reviews requests.',
  /** "Psychomotor exam is Failed; Background check has no status". */
  processesBlock: (blockers: string) =>
    `Approval is blocked: ${blockers}. A reviewer allowed to override must give a reason.`,
  processFailed: (process: string, status: string) => `${process} is ${status}`,
  processMissing: (process: string) => `${process} has no status`,
  overrideNotAllowed: 'Only a reviewer allowed to override blocked approvals may approve this request.',
  chooseLevels: 'Choose at least one application type and level before approving.',
} as const;
