import { fbAnswers } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildForm, createResponse, type TestForm } from './test-fixtures';

let t: TestContext;
let form: TestForm;

beforeAll(async () => {
  t = await createTestContext();
  form = await buildForm(t);
}, 60_000);
afterAll(async () => t?.close());

const storedDob = async (responseId: string) => {
  const [a] = await t.database.db
    .select({ value: fbAnswers.value })
    .from(fbAnswers)
    .where(and(eq(fbAnswers.response_id, responseId), eq(fbAnswers.question_id, form.q.dob)));
  return a?.value;
};

describe('a date answer sent as an ISO timestamp (older clients)', () => {
  it('is accepted and stored as that calendar day', async () => {
    const res = await createResponse(t, t.applicant, form, { dob: '2026-03-03T00:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedDob(res.json().id)).toBe('2026-03-03');
    const plain = await createResponse(t, t.applicant, form, { dob: '2026-03-04' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await storedDob(plain.json().id)).toBe('2026-03-04');
  });

  it('is still refused when it names no real day, or is not a date at all', async () => {
    for (const dob of ['2026-13-03T00:00:00.000Z', '2026-02-30T00:00:00Z', '2026-03-03Tnoon', '03/05/1990']) {
      const res = await createResponse(t, t.applicant, form, { dob });
      expect(res.statusCode, dob).toBe(400);
      expect(res.json().error.fields).toEqual({
        [`questions.${form.q.dob}`]: 'Date of birth must be a date (YYYY-MM-DD)',
      });
    }
  });
});
