import { afterEach, describe, expect, it } from 'vitest';
import {
  addressText,
  addressValueOf,
  answersToSave,
  type DraftAnswers,
  draftAnswersOf,
  multiSelectValueOf,
  parseAddress,
  splitServerErrors,
  storedDateFromPicker,
  withAnswer,
} from './answer-state';
import { ids, testForm } from './test-form';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('storedDateFromPicker', () => {
  it('stores the calendar date that was picked, whatever the time zone', () => {
    const offsets = new Set<number>();
    for (const tz of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      offsets.add(new Date(2026, 2, 1).getTimezoneOffset());
      expect(storedDateFromPicker('2026-03-01'), tz).toBe('2026-03-01');
      expect(storedDateFromPicker('1990-12-31'), tz).toBe('1990-12-31');
      // The day daylight saving time starts in the United States.
      expect(storedDateFromPicker('2026-03-08'), tz).toBe('2026-03-08');
    }
    // The zones really applied (midnight local is a different instant in each).
    expect(offsets.size).toBe(4);
  });

  it('stores nothing for an empty or impossible date', () => {
    expect(storedDateFromPicker('')).toBeNull();
    expect(storedDateFromPicker('2026-02-30')).toBeNull();
  });
});

describe('multiSelectValueOf', () => {
  const q = testForm().pages[0]!.groups[0]!.questions[2]!;
  it('joins the checked option ids with commas in the options order', () => {
    expect(multiSelectValueOf(q, [ids.optC, ids.optA])).toBe(`${ids.optA},${ids.optC}`);
    expect(multiSelectValueOf(q, [ids.optB, ids.optB])).toBe(ids.optB);
  });
  it('is null when nothing is checked', () => {
    expect(multiSelectValueOf(q, [])).toBeNull();
  });
});

describe('answersToSave', () => {
  it('leaves out the answers of a conditional group whose condition is not met', () => {
    const form = testForm();
    let answers: DraftAnswers = draftAnswersOf([
      { question_id: ids.name, value: 'Ada' },
      { question_id: ids.veteran, value: 'yes' },
      { question_id: ids.branch, value: 'Navy' },
    ]);
    expect(answersToSave(form, answers).map((a) => a.question_id)).toEqual([
      ids.name,
      ids.veteran,
      ids.branch,
    ]);
    answers = withAnswer(answers, ids.veteran, { value: 'no' });
    const saved = answersToSave(form, answers);
    expect(saved.map((a) => a.question_id)).toEqual([ids.name, ids.veteran]);
    expect(saved[1]).toEqual({
      question_id: ids.veteran,
      value: 'no',
      signature: null,
      document_id: null,
      file_name: null,
    });
  });
});

describe('splitServerErrors', () => {
  it('keeps the errors of known questions and lists the rest', () => {
    const split = splitServerErrors(testForm(), {
      [`questions.${ids.name}`]: 'Full name is required',
      [`response.questions.${ids.signature}`]: 'Sign here',
      'response.form_id': 'form_id must be a valid id',
    });
    expect(split.questions).toEqual({
      [`questions.${ids.name}`]: 'Full name is required',
      [`questions.${ids.signature}`]: 'Sign here',
    });
    expect(split.other).toEqual(['form_id must be a valid id']);
  });
});

describe('address answers', () => {
  it('are one JSON value of street, city, state and ZIP code', () => {
    const value = addressValueOf({ street: '1 Main St ', city: 'Austin', state: 'TX', zip: '78701' });
    expect(JSON.parse(value ?? '')).toEqual({
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect(parseAddress(value)).toEqual({ street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    expect(addressText(value)).toBe('1 Main St, Austin, TX 78701');
    expect(addressValueOf({ street: ' ', city: '', state: '', zip: '' })).toBeNull();
  });
});
