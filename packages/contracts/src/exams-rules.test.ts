import { describe, expect, it } from 'vitest';
import { formPassed, packetOutcome, retestRefusal, type SkillSheet, scoreSkill } from './exams-rules';

const sheet: SkillSheet = {
  steps: [
    { label: 'Takes body substance isolation precautions', points: 1 },
    { label: 'Opens the airway', points: 2 },
    { label: 'Ventilates at the proper rate', points: 3 },
  ],
  critical_criteria: [
    { label: 'Did not ventilate' },
    { label: 'Interrupted ventilations for more than 30 s' },
  ],
  min_points: 4,
  time_limit_seconds: 300,
};

describe('a skill', () => {
  it('passes with the minimum points, no critical criterion and within the time', () => {
    expect(scoreSkill(sheet, { step_points: [1, 2, 1], critical_failures: [], time_seconds: 300 })).toEqual({
      passed: true,
      points: 4,
      possible: 6,
      reasons: [],
    });
  });

  it('fails on any critical criterion, even with every point', () => {
    const v = scoreSkill(sheet, { step_points: [1, 2, 3], critical_failures: [1] });
    expect(v.passed).toBe(false);
    expect(v.points).toBe(6);
    expect(v.reasons).toEqual(['Critical criterion: Interrupted ventilations for more than 30 s']);
  });

  it('fails below the minimum points; a step counts at most its worth and never below zero', () => {
    const v = scoreSkill(sheet, { step_points: [5, -2, 2], critical_failures: [] });
    expect(v).toMatchObject({ passed: false, points: 3, reasons: ['3 points of the 4 needed'] });
  });

  it('fails over the time limit; an unknown criterion index is ignored', () => {
    const v = scoreSkill(sheet, { step_points: [1, 2, 3], critical_failures: [7], time_seconds: 301 });
    expect(v).toMatchObject({ passed: false, reasons: ['Over the time limit'] });
    expect(
      scoreSkill(
        { ...sheet, time_limit_seconds: null },
        { step_points: [1, 2, 3], critical_failures: [], time_seconds: 9999 },
      ).passed,
    ).toBe(true);
  });
});

describe('a form', () => {
  it('passes when all its skills pass, fails on one failure, waits while one is unscored', () => {
    expect(formPassed([true, true])).toBe(true);
    expect(formPassed([true, null, false])).toBe(false);
    expect(formPassed([true, null])).toBeNull();
  });
});

describe('a packet', () => {
  const group = { name: 'Stations', min_passed_forms: 2, exam_form_ids: ['a', 'b', 'c'] };

  it('passes when every group has its minimum of passed forms', () => {
    const forms = [
      { exam_form_id: 'a', passed: true },
      { exam_form_id: 'b', passed: false },
      { exam_form_id: 'c', passed: true },
    ];
    expect(packetOutcome(forms, [group])).toBe('passed');
  });

  it('fails when a group can no longer reach its minimum, before every form is scored', () => {
    const forms = [
      { exam_form_id: 'a', passed: false },
      { exam_form_id: 'b', passed: false },
      { exam_form_id: 'c', passed: null },
    ];
    expect(packetOutcome(forms, [group])).toBe('failed');
  });

  it('is pending while the forms left could still decide it', () => {
    const forms = [
      { exam_form_id: 'a', passed: true },
      { exam_form_id: 'b', passed: null },
      { exam_form_id: 'c', passed: false },
    ];
    expect(packetOutcome(forms, [group])).toBe('pending');
  });

  it('needs every group: one group short fails the packet', () => {
    const forms = [
      { exam_form_id: 'a', passed: true },
      { exam_form_id: 'b', passed: true },
      { exam_form_id: 'd', passed: false },
    ];
    const second = { name: 'Written', min_passed_forms: 1, exam_form_ids: ['d'] };
    expect(packetOutcome(forms, [group, second])).toBe('failed');
  });

  it('fails at once on a failed critical skill, whatever the groups say', () => {
    const forms = [
      { exam_form_id: 'a', passed: true },
      { exam_form_id: 'b', passed: true },
      { exam_form_id: 'c', passed: false, criticalFailed: true },
    ];
    expect(packetOutcome(forms, [group])).toBe('failed');
  });

  it('without groups, needs every form passed', () => {
    expect(
      packetOutcome(
        [
          { exam_form_id: 'a', passed: true },
          { exam_form_id: 'b', passed: true },
        ],
        [],
      ),
    ).toBe('passed');
    expect(
      packetOutcome(
        [
          { exam_form_id: 'a', passed: true },
          { exam_form_id: 'b', passed: false },
        ],
        [],
      ),
    ).toBe('failed');
  });
});

describe('retesting', () => {
  it('is allowed below the maximum of failed attempts and refused at it, with a clear message', () => {
    expect(retestRefusal(2, 3)).toBeNull();
    expect(retestRefusal(3, 3)).toBe(
      'Retesting is refused: this candidate has failed this exam 3 times, and the packet allows at most 3 failed attempts.',
    );
    expect(retestRefusal(1, 1)).toContain('failed this exam 1 time,');
  });

  it('has no limit when the packet allows 0', () => {
    expect(retestRefusal(12, 0)).toBeNull();
  });
});
