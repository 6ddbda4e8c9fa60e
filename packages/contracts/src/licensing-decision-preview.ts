// What a reviewer's decision will change, shown before it is taken (LicenseRequests/{id}/decisionPreview).
// The approval applies the very plan the preview shows: one planner serves both.
import { z } from 'zod';
import { reviewStates } from './licensing-requests';
import { timestamp } from './paging';

/** The decisions a preview is asked for. */
export const previewDecisions = ['approve', 'deny'] as const;
export const decisionPreviewQuery = z.object({
  decision: z.enum(previewDecisions, { message: 'decision must be approve or deny' }),
});

/**
 * Which credentials of the same category a newly issued or extended credential supersedes (makes
 * inactive): none, the lower levels, the higher levels, or every other level. Levels are ordered by
 * their sort order (a higher sort order is a higher level).
 */
export const supersedeRules = ['none', 'lower_levels', 'higher_levels', 'other_levels'] as const;
export type SupersedeRule = (typeof supersedeRules)[number];
export const supersedeRuleLabels: Record<SupersedeRule, string> = {
  none: 'None: other levels stay as they are',
  lower_levels: 'Lower levels of the category become inactive',
  higher_levels: 'Higher levels of the category become inactive',
  other_levels: 'Every other level of the category becomes inactive',
};

/** What a process status means for a decision: still pending, passed, or failed. */
export const processOutcomes = ['pending', 'passed', 'failed'] as const;
export type ProcessOutcome = (typeof processOutcomes)[number];

/** The rule of continuing education across an extension, as the licence configuration states it. */
export const ceCycleRule =
  'Continuing education hours count toward the cycle in which the renewal is filed: of the cycles ending at the credential’s expiry, the one open on the filing day. Extending a credential never moves hours already earned out of their cycle.';

const cycle = z.object({ start: z.string(), end: z.string() }).nullable();

/** One credential the decision issues, extends, supersedes (makes inactive) or keeps as it is. */
export const credentialEffect = z.object({
  effect: z.enum(['issued', 'extended', 'superseded', 'kept']),
  certification_id: z.uuid().nullable(),
  /** Null for a credential not yet issued: it is numbered on approval. */
  number: z.string().nullable(),
  level_id: z.uuid().nullable(),
  level_label: z.string().nullable(),
  category_label: z.string().nullable(),
  status_before: z.string().nullable(),
  status_after: z.string().nullable(),
  expiration_before: z.string().nullable(),
  expiration_after: z.string().nullable(),
  /** The continuing education cycle open today, before and after the decision (null: no CE level). */
  ce_cycle_before: cycle,
  ce_cycle_after: cycle,
  /** The credential was issued or renewed after this request was submitted. */
  issued_after_submission: z.boolean(),
  /** Why, in words: the licence's rule or the renewal. */
  reason: z.string(),
});
export type CredentialEffect = z.infer<typeof credentialEffect>;

/** A review process of the request: its status, and whether it blocks approval. */
export const processCheck = z.object({
  process_id: z.uuid(),
  process_label: z.string(),
  /** The licence requires it to be passed before approval. */
  required: z.boolean(),
  status_label: z.string().nullable(),
  outcome: z.enum([...processOutcomes, 'missing']),
  blocks: z.boolean(),
});
export type ProcessCheck = z.infer<typeof processCheck>;

/** A staff note the reviewer should weigh: the request's internal notes and staff notes on the person. */
export const decisionNote = z.object({
  id: z.uuid(),
  source: z.enum(['request', 'person']),
  note: z.string(),
  at: timestamp,
  user_name: z.string().nullable(),
  /** Marked as a concern when it was written. */
  concern: z.boolean(),
});
export type DecisionNote = z.infer<typeof decisionNote>;

export const decisionPreview = z.object({
  license_request_id: z.uuid(),
  decision: z.enum(previewDecisions),
  state_after: z.enum(reviewStates),
  /** The decision can be taken now (the request awaits review and names what to issue). */
  allowed: z.boolean(),
  refusal: z.string().nullable(),
  /** Required processes failed or missing: approval needs the override permission and a reason. */
  blocked: z.boolean(),
  blockers: z.array(z.string()),
  may_override: z.boolean(),
  unpaid_cents: z.number().int(),
  credentials: z.array(credentialEffect),
  processes: z.array(processCheck),
  notes: z.array(decisionNote),
});
export type DecisionPreview = z.infer<typeof decisionPreview>;
