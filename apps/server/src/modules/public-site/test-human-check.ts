import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { solveChallenge } from './human-check';

/** A solved challenge of the local human check for a public form's action, as the browser makes it. */
export async function humanCheckAnswer(t: TestContext, action: 'firedrill' | 'complaint'): Promise<string> {
  const res = await t.call(null, { method: 'GET', url: `/api/public/humancheck?action=${action}` });
  expect(res.statusCode, res.body).toBe(200);
  const c = res.json() as { kind: string; challenge: string; difficulty: number };
  expect(c.kind).toBe('local');
  return solveChallenge(c.challenge, c.difficulty);
}
