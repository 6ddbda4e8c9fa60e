// Portal user B tries every signed-in route with portal user A's ids in each id slot (path parameters,
// id-like query parameters, id fields of the body): B is never shown A's records, and never changes them.
// A owns or is party to a record of every kind of id (id-kinds.ts), and every id slot of every route
// must name a known kind, so a new module's ids are covered as soon as they are routed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestContext } from '../../modules/documents/test-fixtures';
import { isRoutePolicy } from '../../platform/auth/context';
import type { Caller, TestContext } from '../test-app';
import { type IdKind, idKinds, kindOf } from './id-kinds';
import { callWithIds, idSlots } from './owner-calls';
import { changesBy, createPortalOwner, type PortalOwner, snapshotOf } from './portal-owner';
import { endsSession, isWrite, type PlannedRoute, planRoutes, pool } from './route-plan';

let t: TestContext;
let a: PortalOwner;
let b: Caller;
let routes: PlannedRoute[];
let calls = 0;
const statuses = new Map<number, number>();
const started = Date.now();

beforeAll(async () => {
  t = await createFilesTestContext();
  a = await createPortalOwner(t);
  b = await t.createCaller([], { isStaff: false, isPortal: true });
  routes = planRoutes(t.app).filter((r) => r.access !== 'public' && !endsSession(r));
}, 120_000);
afterAll(async () => {
  process.stdout.write(
    `\ncross-user: ${routes?.length} routes, ${idKinds.length} kinds of id, ${calls} calls (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}), ${Date.now() - started} ms\n`,
  );
  await t?.close();
});

/** Kinds of record a portal user reads in the portal, each through some signed-in route. */
const portalKinds: IdKind[] = [
  'user',
  'service',
  'vehicle',
  'certification',
  'response',
  'document',
  'request',
  'transaction',
  'correspondence',
  'courseAttendee',
  'training',
  'alert',
];

/** One call of B: every id slot gets A's id of `kind`, or, when `byName`, the id its name says. */
const attempt = (route: PlannedRoute, kind: IdKind, byName: boolean) =>
  callWithIds(route, a.ids, kind, byName);

describe("portal user B against portal user A's records", () => {
  it('A sees its own records (the fixture is real)', async () => {
    for (const url of [
      `/api/fbresponses/${a.ids.response}`,
      `/api/Documents/${a.ids.document}`,
      `/api/transactions/${a.ids.transaction}`,
      `/api/Correspondences/${a.ids.correspondence}`,
      `/api/EducationModule/CourseAttendees/${a.ids.courseAttendee}`,
    ]) {
      const res = await t.call(a.caller, { method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const own = await t.call(a.caller, { method: 'GET', url: `/api/services/${a.ids.service}` });
    expect(own.body).toContain(a.markers[2]);
  });

  it('A reaches its own records of each kind a portal user may read, through the same attempts', async () => {
    const reached = new Set<IdKind>();
    const reads = routes.filter((r) => r.method === 'GET' && isRoutePolicy(r.access));
    const plan = reads.flatMap((route) => idKinds.map((kind) => ({ route, kind })));
    await pool(plan, 8, async ({ route, kind }) => {
      const res = await t.call(a.caller, attempt(route, kind, false));
      if (res.statusCode < 300 && res.body.includes(a.ids[kind])) reached.add(kind);
    });
    // The kinds a portal user reads in the portal: were one missing, B's 403s would prove nothing for it.
    expect([...reached].sort()).toEqual(expect.arrayContaining([...portalKinds].sort()));
  }, 120_000);

  it('knows the kind of every id slot of every route', () => {
    const unknown = routes.flatMap((route) =>
      idSlots(route)
        .filter((name) => kindOf(route, name) === undefined)
        .map((name) => `${route.key}: ${name}`),
    );
    expect(unknown, 'id slots whose kind id-kinds.ts does not know').toEqual([]);
  });

  it("never answers B with A's private data, and B's writes leave A's records unchanged", async () => {
    const before = await snapshotOf(t, a);
    const leaks: string[] = [];
    const secrets = [...a.markers, ...a.privateIds];
    const plan = routes.flatMap((route) =>
      idSlots(route).length > 0 || route.pathParams.length > 0
        ? [
            ...idKinds.map((k) => ({ route, call: attempt(route, k, false) })),
            { route, call: attempt(route, 'user', true) },
          ]
        : [{ route, call: attempt(route, 'user', true) }],
    );
    // Reads first, then writes, so that a write cannot hide a leak by changing what a read returns.
    const ordered = [
      ...plan.filter((p) => !isWrite(p.route.method)),
      ...plan.filter((p) => isWrite(p.route.method)),
    ];
    await pool(ordered, 8, async ({ route, call }) => {
      calls++;
      const res = await t.call(b, call);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const secret = secrets.find((m) => res.body.includes(m));
      if (res.statusCode < 300 && secret)
        leaks.push(`${route.key}: ${call.method} ${call.url} -> ${res.statusCode} shows "${secret}"`);
      if (res.statusCode >= 500) leaks.push(`${route.key}: ${call.method} ${call.url} -> ${res.statusCode}`);
    });
    expect(calls, 'calls made').toBe(plan.length);
    const after = await snapshotOf(t, a);
    const changed = Object.keys(before).filter(
      (k) =>
        JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]),
    );
    expect(leaks.sort(), 'B was shown A’s data (or the route failed)').toEqual([]);
    expect(changed, 'A’s records changed by B’s calls').toEqual([]);
    expect(await changesBy(t, b.userId, a), 'changes recorded by B about A').toEqual([]);
  }, 240_000);
});
