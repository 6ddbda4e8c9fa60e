import { type ReviewState, requestMessages } from '@licensure/contracts';

/** What can happen to a request in review, by the reviewer or by the applicant. */
export type Decision = 'approve' | 'deny' | 'return' | 'request_info' | 'answer_info' | 'submit' | 'withdraw';

interface Transition {
  from: readonly ReviewState[];
  to: ReviewState;
  /** The message when the request is in another state. */
  refused: string;
  /** The history kind and the domain event (`request.<event>`) it records. */
  kind: 'issued' | 'denied' | 'returned' | 'info_requested' | 'info_answered' | 'submitted' | 'withdrawn';
  event: string;
  /** The codes of the licence's request statuses that name the new state, in order of preference. */
  statusCodes: readonly string[];
}

const reviewable = ['submitted', 'info_requested'] as const;

export const transitions: Record<Decision, Transition> = {
  approve: {
    from: reviewable,
    to: 'approved',
    refused: requestMessages.notReviewable,
    kind: 'issued',
    event: 'approved',
    statusCodes: ['approved'],
  },
  deny: {
    from: reviewable,
    to: 'denied',
    refused: requestMessages.notReviewable,
    kind: 'denied',
    event: 'denied',
    statusCodes: ['denied'],
  },
  return: {
    from: reviewable,
    to: 'returned',
    refused: requestMessages.notReviewable,
    kind: 'returned',
    event: 'returned',
    statusCodes: ['returned', 'in_progress'],
  },
  request_info: {
    from: ['submitted'],
    to: 'info_requested',
    refused: requestMessages.notReviewable,
    kind: 'info_requested',
    event: 'info_requested',
    statusCodes: ['info_requested', 'more_information'],
  },
  answer_info: {
    from: ['info_requested'],
    to: 'submitted',
    refused: requestMessages.notAwaitingInfo,
    kind: 'info_answered',
    event: 'info_answered',
    statusCodes: ['submitted'],
  },
  submit: {
    from: ['draft', 'returned'],
    to: 'submitted',
    refused: 'This request was submitted and can no longer be changed.',
    kind: 'submitted',
    event: 'submitted',
    statusCodes: ['submitted'],
  },
  withdraw: {
    from: ['draft', 'submitted', 'returned', 'info_requested'],
    to: 'withdrawn',
    refused: requestMessages.cannotWithdraw,
    kind: 'withdrawn',
    event: 'withdrawn',
    statusCodes: ['withdrawn'],
  },
};

export type TransitionResult =
  | { ok: true; to: ReviewState; progress: number; transition: Transition }
  | { ok: false; message: string };

/**
 * The state a decision moves a request to, or why it cannot. A returned request is a draft again
 * for the applicant (progress 1) until it is resubmitted; every other outcome keeps it submitted
 * (progress 2), except a withdrawn draft, which stays a draft.
 */
export function decide(current: ReviewState, decision: Decision, currentProgress: number): TransitionResult {
  const t = transitions[decision];
  if (!t.from.includes(current)) return { ok: false, message: t.refused };
  const progress = t.to === 'returned' ? 1 : t.to === 'withdrawn' ? currentProgress : 2;
  return { ok: true, to: t.to, progress, transition: t };
}

/** The applicant may change the request's answers and forms only while it is theirs to edit. */
export const applicantMayEdit = (state: ReviewState): boolean => state === 'draft' || state === 'returned';

/** States in which the applicant has the next move. */
export const withApplicantStates: readonly ReviewState[] = ['draft', 'returned', 'info_requested'];

/** States that still wait for someone (the queue's `open`). */
export const openStates: readonly ReviewState[] = ['draft', 'submitted', 'returned', 'info_requested'];

/**
 * The state to decide from. A request reopened outside review (a staff member reopening one of its
 * form responses sets progress back to 1) is the applicant's to correct, like a returned one.
 */
export function effectiveState(row: { review_state: ReviewState; progress: number }): ReviewState {
  if (row.progress < 2 && (row.review_state === 'submitted' || row.review_state === 'info_requested'))
    return 'returned';
  return row.review_state;
}
