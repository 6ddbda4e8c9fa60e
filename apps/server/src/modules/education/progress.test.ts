import { describe, expect, it } from 'vitest';
import {
  addMonths,
  attendanceTopics,
  computeProgress,
  cycleFor,
  earnedByTopic,
  requirementsFor,
} from './progress';
import { planElements } from './save-element-rules';

const AIRWAY = '11111111-1111-4111-8111-111111111111';
const TRAUMA = '22222222-2222-4222-8222-222222222222';
const RENEWAL = '33333333-3333-4333-8333-333333333333';
const INITIAL = '44444444-4444-4444-8444-444444444444';
const ID = '55555555-5555-4555-8555-555555555555';

describe('cycle boundaries', () => {
  it('shifts by months, clamping the day to the month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-06-30', -24)).toBe('2024-06-30');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
  });
  it('ends on the expiration, or today when no credential is held', () => {
    expect(cycleFor('2027-06-30', 24, '2026-11-25')).toEqual({ start: '2025-06-30', end: '2027-06-30' });
    expect(cycleFor(null, 12, '2026-11-25')).toEqual({ start: '2025-11-25', end: '2026-11-25' });
  });
  it('is the cycle open on the filing day: an extended expiry keeps the hours already earned', () => {
    // EMT-000123 moved from 2028-01-31 to 2030-01-31: a renewal filed in March 2026 still counts the
    // cycle 2026-01-31 to 2028-01-31, not the one that opens in 2028.
    expect(cycleFor('2030-01-31', 24, '2026-03-15')).toEqual({ start: '2026-01-31', end: '2028-01-31' });
    expect(cycleFor('2028-01-31', 24, '2026-03-15')).toEqual({ start: '2026-01-31', end: '2028-01-31' });
    // Filed after expiry (late): the last cycle.
    expect(cycleFor('2026-01-31', 24, '2026-03-15')).toEqual({ start: '2024-01-31', end: '2026-01-31' });
  });
  it('counts completions on both boundary days and none outside', () => {
    const cycle = { start: '2025-01-01', end: '2026-12-31' };
    const c = (d: string) => ({ completed_on: d, topics: [{ topic_id: AIRWAY, hours: 2 }] });
    const earned = earnedByTopic(
      [c('2024-12-31'), c('2025-01-01'), c('2026-06-01'), c('2026-12-31'), c('2027-01-01')],
      cycle,
    );
    expect(earned.get(AIRWAY)).toBe(6);
  });
});

describe('hours by topic', () => {
  const reqs = [
    { topic_id: AIRWAY, application_type_id: null, hours: 6 },
    { topic_id: TRAUMA, application_type_id: null, hours: 4 },
    { topic_id: AIRWAY, application_type_id: RENEWAL, hours: 10 },
  ];
  it("takes a type's own hours over the general ones", () => {
    expect([...requirementsFor(reqs, RENEWAL)]).toEqual([
      [AIRWAY, 10],
      [TRAUMA, 4],
    ]);
    expect([...requirementsFor(reqs, INITIAL)]).toEqual([
      [AIRWAY, 6],
      [TRAUMA, 4],
    ]);
  });
  it('reports missing hours per topic, caps extra hours and suggests upcoming courses', () => {
    const required = requirementsFor(reqs, INITIAL);
    const p = computeProgress(
      required,
      [{ completed_on: '2026-02-01', topics: [{ topic_id: TRAUMA, hours: 8 }] }],
      { start: '2025-01-01', end: '2026-12-31' },
      [
        {
          training_id: ID,
          name: 'Airway lab',
          start_date: '2026-12-02',
          enrolled: false,
          topics: [{ topic_id: AIRWAY, hours: 4 }],
        },
        {
          training_id: ID,
          name: 'Trauma again',
          start_date: '2026-12-01',
          enrolled: false,
          topics: [{ topic_id: TRAUMA, hours: 4 }],
        },
        {
          training_id: ID,
          name: 'Airway day',
          start_date: '2026-12-01',
          enrolled: true,
          topics: [{ topic_id: AIRWAY, hours: 8 }],
        },
      ],
    );
    expect(p.topics).toEqual([
      { topic_id: AIRWAY, required: 6, earned: 0, missing: 6, met: false },
      { topic_id: TRAUMA, required: 4, earned: 8, missing: 0, met: true },
    ]);
    expect(p).toMatchObject({ required: 10, earned: 4, met: false });
    expect(p.upcoming.map((u) => [u.name, u.covers])).toEqual([
      ['Airway day', [{ topic_id: AIRWAY, hours: 6 }]],
      ['Airway lab', [{ topic_id: AIRWAY, hours: 4 }]],
    ]);
  });
  it('is met when every topic is', () => {
    const p = computeProgress(
      new Map([[AIRWAY, 2]]),
      [{ completed_on: '2026-01-01', topics: [{ topic_id: AIRWAY, hours: 2 }] }],
      {
        start: '2025-01-01',
        end: '2026-12-31',
      },
    );
    expect(p.met).toBe(true);
    expect(computeProgress(new Map(), [], { start: '2025-01-01', end: '2026-12-31' }).met).toBe(true);
  });
  it('scales a partial attendance', () => {
    const course = [
      { topic_id: AIRWAY, hours: 6 },
      { topic_id: TRAUMA, hours: 2 },
    ];
    expect(attendanceTopics(course, 4)).toEqual([
      { topic_id: AIRWAY, hours: 3 },
      { topic_id: TRAUMA, hours: 1 },
    ]);
    expect(attendanceTopics(course, null)).toBe(course);
    expect(attendanceTopics(course, 10)).toBe(course);
  });
});

describe('saveElement rules', () => {
  const base = { service_id: ID, user_id: ID, license_request_id: ID };
  it('saves a longevity element only when approved and all ids are present', () => {
    const plan = planElements(
      'longevity',
      [
        { ...base, approve: true },
        { ...base, approve: false },
        { service_id: ID, user_id: ID, approve: 'true' },
        { service_id: ID, approve: true },
        { ...base, user_id: 'not-a-guid', approve: 1 },
      ],
      undefined,
    );
    expect(plan.save.map((s) => s.index)).toEqual([0]);
    expect(plan.skipped).toEqual([
      { index: 1, reason: 'not approved' },
      { index: 2, reason: 'missing license_request_id' },
      { index: 3, reason: 'missing license_request_id, user_id' },
      { index: 4, reason: 'missing user_id' },
    ]);
  });
  it("fills in the call's request id", () => {
    const plan = planElements('longevity', [{ service_id: ID, user_id: ID, approve: true }], ID);
    expect(plan.save[0]?.values).toMatchObject({ license_request_id: ID, approve: true });
  });
  it('saves a training element only when reimbursable and its course is named too', () => {
    const plan = planElements(
      'training',
      [
        { ...base, training_id: ID, reimburse: true },
        { ...base, reimburse: true },
        { ...base, training_id: ID },
      ],
      null,
    );
    expect(plan.save.map((s) => s.index)).toEqual([0]);
    expect(plan.skipped).toEqual([
      { index: 1, reason: 'missing training_id' },
      { index: 2, reason: 'not reimbursable' },
    ]);
  });
});
