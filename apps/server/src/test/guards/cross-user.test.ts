// Portal user B tries every signed-in route with portal user A's ids in each id slot (path parameters,
// id-like query parameters, id fields of the body): B is never shown A's records, and never changes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestContext } from '../../modules/documents/test-fixtures';
import type { Caller, TestContext } from '../test-app';
import {
  changesBy,
  createPortalOwner,
  type IdKind,
  kindOfName,
  type PortalOwner,
  snapshotOf,
} from './portal-owner';
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
    `\ncross-user: ${routes?.length} routes, ${calls} calls (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}), ${Date.now() - started} ms\n`,
  );
  await t?.close();
});

const idQuery = (r: PlannedRoute) => r.query.filter((p) => /id$|ids$/i.test(p.name));

/** One call of B: every id slot gets A's id of `kind`, or, when `byName`, the id its name suggests. */
function attempt(route: PlannedRoute, kind: IdKind, byName: boolean) {
  const idFor = (name: string) => a.ids[(byName ? kindOfName(name) : undefined) ?? kind];
  const params = Object.fromEntries(route.pathParams.map((p) => [p, idFor(p)]));
  const query = Object.fromEntries(idQuery(route).map((p) => [p.name, idFor(p.name)]));
  const body = isWrite(route.method)
    ? (sampleOf(route.body, (name) => (/id$|ids$/i.test(name) ? idFor(name) : undefined)) ?? {})
    : undefined;
  return {
    method: route.method as 'GET',
    url: fillPath(route, params) + sampleQuery(route, query),
    ...(body !== undefined ? { payload: body as object } : {}),
  };
}

const hasIdSlot = (r: PlannedRoute) =>
  r.pathParams.length > 0 ||
  idQuery(r).length > 0 ||
  (isWrite(r.method) && /id/i.test(JSON.stringify(r.body ?? {})));

describe("portal user B against portal user A's records", () => {
  it('A sees its own records (the fixture is real)', async () => {
    for (const url of [`/api/fbresponses/${a.ids.response}`, `/api/Documents/${a.ids.document}`]) {
      const res = await t.call(a.caller, { method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const own = await t.call(a.caller, { method: 'GET', url: `/api/services/${a.ids.service}` });
    expect(own.body).toContain(a.markers[2]);
  });

  it("never answers B with A's private data, and B's writes leave A's records unchanged", async () => {
    const before = await snapshotOf(t, a);
    const leaks: string[] = [];
    const kinds = Object.keys(a.ids) as IdKind[];
    const plan = routes.flatMap((route) =>
      hasIdSlot(route)
        ? [
            ...kinds.map((k) => ({ route, call: attempt(route, k, false) })),
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
      const marker = a.markers.find((m) => res.body.includes(m));
      if (res.statusCode < 300 && marker)
        leaks.push(`${route.key}: ${call.method} ${call.url} -> ${res.statusCode} shows "${marker}"`);
      if (res.statusCode >= 500) leaks.push(`${route.key}: ${call.method} ${call.url} -> ${res.statusCode}`);
    });
    const after = await snapshotOf(t, a);
    const changed = Object.keys(before).filter(
      (k) =>
        JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]),
    );
    expect(leaks.sort(), 'B was shown A’s data (or the route failed)').toEqual([]);
    expect(changed, 'A’s records changed by B’s calls').toEqual([]);
    expect(await changesBy(t, b.userId, a), 'changes recorded by B about A').toEqual([]);
  }, 120_000);
});
