import { reviewStates } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { applicantMayEdit, type Decision, decide, effectiveState, transitions } from './decisions';

describe('review decisions as state transitions', () => {
  it('moves a request awaiting review to each decision', () => {
    expect(decide('submitted', 'approve', 2)).toMatchObject({ ok: true, to: 'approved', progress: 2 });
    expect(decide('submitted', 'deny', 2)).toMatchObject({ ok: true, to: 'denied', progress: 2 });
    expect(decide('submitted', 'request_info', 2)).toMatchObject({
      ok: true,
      to: 'info_requested',
      progress: 2,
    });
    // Returned: a draft again for the applicant.
    expect(decide('submitted', 'return', 2)).toMatchObject({ ok: true, to: 'returned', progress: 1 });
  });

  it('lets the applicant answer, resubmit and withdraw', () => {
    expect(decide('info_requested', 'answer_info', 2)).toMatchObject({ ok: true, to: 'submitted' });
    expect(decide('returned', 'submit', 1)).toMatchObject({ ok: true, to: 'submitted', progress: 2 });
    expect(decide('draft', 'submit', 1)).toMatchObject({ ok: true, to: 'submitted' });
    expect(decide('draft', 'withdraw', 1)).toMatchObject({ ok: true, to: 'withdrawn', progress: 1 });
    expect(decide('info_requested', 'withdraw', 2)).toMatchObject({ ok: true, to: 'withdrawn', progress: 2 });
  });

  it('refuses every decision on a decided request, with the reason', () => {
    const decisions = Object.keys(transitions) as Decision[];
    for (const final of ['approved', 'denied', 'withdrawn'] as const)
      for (const d of decisions) expect(decide(final, d, 2).ok, `${final} ${d}`).toBe(false);
    expect(decide('approved', 'withdraw', 2)).toEqual({
      ok: false,
      message: 'This request was decided and can no longer be withdrawn.',
    });
    expect(decide('returned', 'deny', 1)).toEqual({
      ok: false,
      message: 'This request is not awaiting review.',
    });
    expect(decide('draft', 'approve', 1).ok).toBe(false);
    expect(decide('submitted', 'answer_info', 2)).toEqual({
      ok: false,
      message: 'No information was requested for this request.',
    });
    // Information is asked once at a time.
    expect(decide('info_requested', 'request_info', 2).ok).toBe(false);
  });

  it('names each decision for the automation, as request.<event>', () => {
    expect(Object.values(transitions).map((t) => t.event)).toEqual([
      'approved',
      'denied',
      'returned',
      'info_requested',
      'info_answered',
      'submitted',
      'withdrawn',
    ]);
  });

  it('treats a request reopened outside review as the applicant’s to correct', () => {
    expect(effectiveState({ review_state: 'submitted', progress: 1 })).toBe('returned');
    expect(effectiveState({ review_state: 'submitted', progress: 2 })).toBe('submitted');
    expect(effectiveState({ review_state: 'denied', progress: 1 })).toBe('denied');
    expect(reviewStates.filter(applicantMayEdit)).toEqual(['draft', 'returned']);
  });
});
