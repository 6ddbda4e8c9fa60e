// Bad input generated from the OpenAPI document, sent as an administrator (so access hides nothing) to
// every route: no answer may be a 5xx. Deterministic (seeded), and bounded by a time budget.
import { permissionKeys } from '@licensure/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../test-app';
import {
  deref,
  endsSession,
  fillPath,
  isWrite,
  type PlannedRoute,
  planRoutes,
  pool,
  type Schema,
  sampleOf,
  sampleQuery,
} from './route-plan';

const SEED = Number(process.env.FUZZ_SEED ?? 20240611);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);
/** Cases per route at most; a seeded shuffle picks which when a route has more. */
const PER_ROUTE = 24;

let t: TestContext;
let admin: Caller;
let routes: PlannedRoute[];

beforeAll(async () => {
  t = await createTestContext();
  admin = t.admin;
  routes = planRoutes(t.app).filter((r) => !r.url.startsWith('/api/docs'));
}, 60_000);
afterAll(() => t?.close());

/** mulberry32: a small seeded generator, so a failing run can be repeated with FUZZ_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { n: v };
  return v;
};
const HUGE = 'x'.repeat(100_000);

/** Values of the wrong kind for a field of this schema. */
function wrongValues(schema: Schema | undefined): unknown[] {
  const s = deref(schema);
  const type = Array.isArray(s?.type) ? s?.type.find((x) => x !== 'null') : s?.type;
  const common = [{ nested: deep(3) }, [1, 'two', null]];
  switch (type) {
    case 'string':
      return [12345, true, ...common, HUGE, 'a\u0000b', '', ' '];
    case 'integer':
    case 'number':
      return ['not a number', -1, 0, 1e18, -1e18, 1.5, Number.MAX_SAFE_INTEGER * 4, ...common];
    case 'boolean':
      return ['yes', 2, ...common];
    case 'array':
      return ['x', { a: 1 }, [deep(50)], Array.from({ length: 2000 }, (_, i) => i)];
    case 'object':
      return ['x', 7, [], deep(200)];
    default:
      return [12345, 'a\u0000b', HUGE, ...common];
  }
}

interface Case {
  label: string;
  options: InjectOptions;
}

/** The bad inputs of one route: body as a whole, each body field, each query parameter, each path parameter. */
function casesOf(route: PlannedRoute): Case[] {
  const url = (params?: Record<string, string>, query: Record<string, string> = {}) =>
    fillPath(route, params) + sampleQuery(route, query);
  const cases: Case[] = [];
  const method = route.method as 'GET';
  const base = isWrite(route.method) ? ((sampleOf(route.body) ?? {}) as Record<string, unknown>) : undefined;
  const withBody = (label: string, payload: unknown) =>
    cases.push({ label, options: { method, url: url(), payload: payload as object } });
  if (isWrite(route.method)) {
    cases.push({
      label: 'malformed JSON',
      options: {
        method,
        url: url(),
        payload: '{"a": [1, 2',
        headers: { 'content-type': 'application/json' },
      },
    });
    // Serialized by hand: too deep for JSON.stringify of the test's own stack.
    cases.push({
      label: 'deep nesting',
      options: {
        method,
        url: url(),
        payload: `${'{"n":['.repeat(5000)}1${']}'.repeat(5000)}`,
        headers: { 'content-type': 'application/json' },
      },
    });
    withBody('array body', [base]);
    withBody('NUL everywhere', JSON.parse(JSON.stringify(base ?? {}).replace(/"x+"/g, '"a\\u0000b"')));
    const body = deref(route.body);
    const fields = Object.entries(body?.properties ?? {});
    for (const [name, schema] of fields) {
      const inner = deref(schema);
      for (const v of wrongValues(schema))
        withBody(`${name}=${JSON.stringify(v).slice(0, 30)}`, { ...base, [name]: v });
      // A wrapped entity: its own fields too.
      const wrapped = base?.[name];
      if (inner?.properties && typeof wrapped === 'object' && wrapped !== null)
        for (const [field, fs] of Object.entries(inner.properties))
          for (const v of wrongValues(fs))
            withBody(`${name}.${field}=${JSON.stringify(v).slice(0, 30)}`, {
              ...base,
              [name]: { ...wrapped, [field]: v },
            });
    }
  }
  for (const p of route.query) {
    const values = [
      '-1',
      '0',
      '1e309',
      '99999999999999999999',
      'abc',
      '%00',
      'a\u0000b',
      HUGE.slice(0, 5000),
      '[]',
    ];
    for (const v of values)
      cases.push({
        label: `?${p.name}=${v.slice(0, 20)}`,
        options: { method, url: url({}, { [p.name]: v }), ...(base ? { payload: base } : {}) },
      });
  }
  for (const p of ['currentPage', 'numPerPage'])
    if (route.query.some((q) => q.name === p))
      for (const v of ['-5', '1000000000', '9007199254740993'])
        cases.push({ label: `?${p}=${v}`, options: { method, url: url({}, { [p]: v }) } });
  for (const p of route.pathParams)
    for (const v of ['a\u0000b', 'not-a-uuid', '0', HUGE.slice(0, 190)])
      cases.push({
        label: `:${p}=${v.slice(0, 20)}`,
        options: { method, url: url({ [p]: v }), ...(base ? { payload: base } : {}) },
      });
  return cases;
}

describe('fuzzing every route from the OpenAPI document', () => {
  it(
    'answers bad input with a 4xx, never a 5xx',
    async () => {
      const rand = random(SEED);
      const started = Date.now();
      const failures: string[] = [];
      let calls = 0;
      let skipped = 0;
      // Round-robin over the routes (each route's first case, then each one's second...), so that the time
      // budget, when it runs out, leaves out later cases of every route rather than whole routes.
      const plan = routes
        .flatMap((route) =>
          casesOf(route)
            .map((c) => ({ c, k: rand() }))
            .sort((x, y) => x.k - y.k)
            .slice(0, PER_ROUTE)
            .map(({ c }, rank) => ({ route, c, rank })),
        )
        .sort((x, y) => x.rank - y.rank);
      await pool(plan, 6, async ({ route, c }) => {
        if (Date.now() - started > BUDGET_MS) {
          skipped++;
          return;
        }
        // A route that ends the session gets a session of its own.
        const caller = endsSession(route) ? await t.createCaller(permissionKeys) : admin;
        calls++;
        const res = await t.call(caller, c.options);
        if (res.statusCode === 401 && !endsSession(route) && route.access !== 'public') {
          admin = await t.createCaller(permissionKeys); // a case changed the admin's password or session
        }
        if (res.statusCode >= 500)
          failures.push(`${route.key} [${c.label}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      });
      process.stdout.write(
        `\nfuzz: seed ${SEED}, ${routes.length} routes, ${calls} calls, ${skipped} left for lack of time, ${Date.now() - started} ms\n`,
      );
      expect([...new Set(failures)].sort()).toEqual([]);
    },
    BUDGET_MS + 60_000,
  );
});
