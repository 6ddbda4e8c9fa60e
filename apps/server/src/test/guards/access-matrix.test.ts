// Every registered route, called as anonymous, a portal user, a staff user lacking the route's
// permission and an administrator: each must refuse whom it should, and none may answer a 5xx. Routes
// under a policy (platform/permissions/policies.ts) are called with a portal owner's ids as the owner,
// another portal user, staff holding the policy's permission and staff without it (policy-matrix.ts).
import type { PermissionKey } from '@licensure/contracts';
import { permissionKeys } from '@licensure/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, isRoutePolicy } from '../../platform/auth/context';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import { type Caller, createTestContext, type TestContext } from '../test-app';
import {
  endsSession,
  fillPath,
  isWrite,
  type PlannedRoute,
  planRoutes,
  pool,
  sampleOf,
  sampleQuery,
} from './route-plan';

let t: TestContext;
let routes: PlannedRoute[];
/** Staff holding every permission but one, by the permission they lack. */
const lacking = new Map<string, Caller>();
let calls = 0;

beforeAll(async () => {
  t = await createTestContext();
  routes = planRoutes(t.app);
  const keys = [...new Set(routes.map((r) => r.access))].filter(
    (a): a is PermissionKey => typeof a === 'string' && a !== 'public' && a !== 'authenticated',
  );
  await pool(keys, 4, async (key) => {
    lacking.set(key, await t.createCaller(permissionKeys.filter((k) => k !== key)));
  });
}, 120_000);
afterAll(async () => {
  process.stdout.write(`\naccess matrix: ${routes?.length} routes, ${calls} calls\n`);
  await t?.close();
});

/** Calls the route plainly: fresh ids, required query parameters, a body that fits its schema. */
async function callAs(caller: Caller | null, route: PlannedRoute) {
  calls++;
  const body = isWrite(route.method) ? (sampleOf(route.body) ?? {}) : undefined;
  const res = await t.call(caller, {
    method: route.method as 'GET',
    url: fillPath(route) + sampleQuery(route),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.body, code: errorCodeOf(res.body) };
}

const errorCodeOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};
/** Refused for who the caller is (not for what they sent, as a wrong password is). */
const refused = (r: { status: number; code?: string }) =>
  (r.status === 401 && r.code === 'unauthenticated') || (r.status === 403 && r.code === 'forbidden');

const describeCall = (route: PlannedRoute, r: { status: number; body: string }) =>
  `${route.key} -> ${r.status} ${r.body.slice(0, 160)}`;

/**
 * The one public 5xx that is right here: the test app runs no job queue, and a readiness probe says so
 * with 503 naming the queue alone (database and migrations must still answer ok).
 */
const readinessWithoutQueue = (route: PlannedRoute, r: { status: number; body: string }) =>
  route.key === 'GET /readyz' && r.status === 503 && /"failing":\["jobs"\]/.test(r.body);

describe('authorization matrix over every registered route', () => {
  it('refuses anonymous callers with 401 everywhere but the public routes, which answer them', async () => {
    const wrong: string[] = [];
    await pool(routes, 8, async (route) => {
      const r = await callAs(null, route);
      const ok =
        route.access === 'public'
          ? !refused(r) && (r.status < 500 || readinessWithoutQueue(route, r))
          : r.status === 401 && r.code === 'unauthenticated';
      if (!ok) wrong.push(describeCall(route, r));
    });
    expect(wrong.sort()).toEqual([]);
  }, 60_000);

  it('refuses a portal user every route whose permission the portal template lacks', async () => {
    const token = /licensure_session=([^;]+)/.exec(t.applicant.cookie)?.[1] ?? '';
    const auth = await t.app.deps.sessions.get(token);
    expect(auth?.isPortal, `${SESSION_COOKIE} of the portal user`).toBe(true);
    const wrong: string[] = [];
    await pool(
      routes.filter((r) => typeof r.access === 'string' && r.access !== 'public'),
      8,
      async (route) => {
        const r = await callAs(t.applicant, route);
        const allowed = route.access ? can(auth, route.access) : false;
        if (!allowed && r.status !== 403) wrong.push(describeCall(route, r));
        if (r.status >= 500) wrong.push(describeCall(route, r));
      },
    );
    expect(wrong.sort()).toEqual([]);
  }, 60_000);

  it('refuses staff who hold every permission but the route’s own with 403', async () => {
    const wrong: string[] = [];
    const guarded = routes.filter((r) => typeof r.access === 'string' && r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(300);
    await pool(guarded, 8, async (route) => {
      const r = await callAs(lacking.get(route.access as string) ?? t.nobody, route);
      if (r.status !== 403) wrong.push(describeCall(route, r));
    });
    expect(wrong.sort()).toEqual([]);
  }, 60_000);

  it('knows every route: a permission, a named policy or public (signed in alone is refused at start)', () => {
    const unnamed = routes.filter(
      (r) => !(isRoutePolicy(r.access) || (typeof r.access === 'string' && r.access !== 'authenticated')),
    );
    expect(unnamed.map((r) => r.key)).toEqual([]);
    expect(routes.filter((r) => isRoutePolicy(r.access)).length).toBeGreaterThan(100);
  });

  it('lets an administrator through every route, without a 5xx', async () => {
    const wrong: string[] = [];
    const [sessionEnders, others] = [routes.filter(endsSession), routes.filter((r) => !endsSession(r))];
    await pool(others, 6, async (route) => {
      const r = await callAs(t.admin, route);
      if (refused(r) || r.status >= 500) wrong.push(describeCall(route, r));
    });
    for (const route of sessionEnders) {
      const r = await callAs(await t.createCaller(permissionKeys), route);
      if (refused(r) || r.status >= 500) wrong.push(describeCall(route, r));
    }
    expect(wrong.sort()).toEqual([]);
  }, 90_000);
});
