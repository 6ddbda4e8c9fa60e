// Public routes are few and explicit: each is declared `access: 'public'` and has its reason in
// platform/http/public-routes.ts. A new public route without a reason fails here, as does a stale entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicReasonOf, publicRoutes } from '../../platform/http/public-routes';
import { createTestContext, type TestContext } from '../test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('public routes', () => {
  it('each has its reason written down', () => {
    const unexplained = t.app.registeredRoutes
      .filter((r) => r.access === 'public' && !publicReasonOf(r.method, r.url)?.trim())
      .map((r) => `${r.method} ${r.url}`);
    expect(unexplained, 'public routes without a reason in platform/http/public-routes.ts').toEqual([]);
  });

  it('lists no route that is not public (or no longer exists)', () => {
    const publicKeys = new Set(
      t.app.registeredRoutes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`.toLowerCase()),
    );
    const stale = Object.keys(publicRoutes).filter((k) => !publicKeys.has(k.toLowerCase()));
    expect(stale).toEqual([]);
  });
});
