// Bad input generated from the OpenAPI document, sent as an administrator (so access hides nothing) to
// every route: no answer may be a 5xx. Every route gets a fixed, seeded sample of its cases (see PER_ROUTE),
// every planned case runs (no time budget leaves any out), and the count of cases run must equal the plan.
import { permissionKeys } from '@licensure/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../test-app';
import { testDbKind } from '../test-database';
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
/**
 * Cases per route: every route gets this many of its cases (all of them when it has fewer), picked by a
 * seeded shuffle that takes one case of each part of the input (the body as a whole, each body field,
 * each query and path parameter) before a second of any. PostgreSQL runs 6 a route (about 6,000 cases);
 * the embedded PGlite, which runs every query in the test process and is several times slower, 2 (about
 * 2,000). FUZZ_PER_ROUTE=all runs every case (about 20,000); FUZZ_SEED picks another sample.
 */
const PER_ROUTE =
  process.env.FUZZ_PER_ROUTE === 'all'
    ? Number.POSITIVE_INFINITY
    : Number(process.env.FUZZ_PER_ROUTE ?? (testDbKind === 'postgres' ? 6 : 2));

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
  /** The part of the input it spoils: `body`, a body field, `?query` or `:path` parameter. */
  part: string;
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
  const withBody = (part: string, label: string, payload: unknown) =>
    cases.push({ part, label, options: { method, url: url(), payload: payload as object } });
  if (isWrite(route.method)) {
    cases.push({
      part: 'body',
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
      part: 'body',
      label: 'deep nesting',
      options: {
        method,
        url: url(),
        payload: `${'{"n":['.repeat(5000)}1${']}'.repeat(5000)}`,
        headers: { 'content-type': 'application/json' },
      },
    });
    withBody('body', 'array body', [base]);
    withBody(
      'body',
      'NUL everywhere',
      JSON.parse(JSON.stringify(base ?? {}).replace(/"x+"/g, '"a\\u0000b"')),
    );
    const body = deref(route.body);
    const fields = Object.entries(body?.properties ?? {});
    for (const [name, schema] of fields) {
      const inner = deref(schema);
      for (const v of wrongValues(schema))
        withBody(name, `${name}=${JSON.stringify(v).slice(0, 30)}`, { ...base, [name]: v });
      // A wrapped entity: its own fields too.
      const wrapped = base?.[name];
      if (inner?.properties && typeof wrapped === 'object' && wrapped !== null)
        for (const [field, fs] of Object.entries(inner.properties))
          for (const v of wrongValues(fs))
            withBody(`${name}.${field}`, `${name}.${field}=${JSON.stringify(v).slice(0, 30)}`, {
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
        part: `?${p.name}`,
        label: `?${p.name}=${v.slice(0, 20)}`,
        options: { method, url: url({}, { [p.name]: v }), ...(base ? { payload: base } : {}) },
      });
  }
  for (const p of ['currentPage', 'numPerPage'])
    if (route.query.some((q) => q.name === p))
      for (const v of ['-5', '1000000000', '9007199254740993'])
        cases.push({ part: `?${p}`, label: `?${p}=${v}`, options: { method, url: url({}, { [p]: v }) } });
  for (const p of route.pathParams)
    for (const v of ['a\u0000b', 'not-a-uuid', '0', HUGE.slice(0, 190)])
      cases.push({
        part: `:${p}`,
        label: `:${p}=${v.slice(0, 20)}`,
        options: { method, url: url({ [p]: v }), ...(base ? { payload: base } : {}) },
      });
  return cases;
}

/** The route's sample: a seeded shuffle, one case of each part before a second of any, cut at PER_ROUTE. */
function sampleOfCases(cases: Case[], rand: () => number): Case[] {
  const shuffled = cases.map((c) => ({ c, k: rand() })).sort((x, y) => x.k - y.k);
  const seen = new Map<string, number>();
  return shuffled
    .map(({ c }, order) => {
      const round = seen.get(c.part) ?? 0;
      seen.set(c.part, round + 1);
      return { c, round, order };
    })
    .sort((x, y) => x.round - y.round || x.order - y.order)
    .slice(0, PER_ROUTE)
    .map(({ c }) => c);
}

describe('fuzzing every route from the OpenAPI document', () => {
  it('answers bad input with a 4xx, never a 5xx, in every planned case', async () => {
    const rand = random(SEED);
    const started = Date.now();
    const failures: string[] = [];
    let calls = 0;
    let available = 0;
    const plan = routes.flatMap((route) => {
      const cases = casesOf(route);
      available += cases.length;
      return sampleOfCases(cases, rand).map((c, rank) => ({ route, c, rank }));
    });
    // Each route's first case, then each one's second...: no route's cases run side by side.
    plan.sort((x, y) => x.rank - y.rank);
    const slow: { ms: number; what: string }[] = [];
    await pool(plan, 6, async ({ route, c }) => {
      // A route that ends the session gets a session of its own.
      const caller = endsSession(route) ? await t.createCaller(permissionKeys) : admin;
      const begun = Date.now();
      const res = await t.call(caller, c.options);
      calls++;
      slow.push({ ms: Date.now() - begun, what: `${route.key} [${c.label}]` });
      if (res.statusCode === 401 && !endsSession(route) && route.access !== 'public') {
        admin = await t.createCaller(permissionKeys); // a case changed the admin's password or session
      }
      if (res.statusCode >= 500)
        failures.push(`${route.key} [${c.label}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    });
    const slowest = slow
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5)
      .map((s) => `${s.ms} ms ${s.what}`);
    process.stdout.write(
      `\nfuzz (${testDbKind}): seed ${SEED}, ${routes.length} routes, ${PER_ROUTE} cases a route at most, ${plan.length} of ${available} cases planned, ${calls} run, ${Date.now() - started} ms; slowest:\n  ${slowest.join('\n  ')}\n`,
    );
    expect(calls, 'cases run of those planned').toBe(plan.length);
    const uncovered = routes.filter((r) => !plan.some((p) => p.route === r) && casesOf(r).length > 0);
    expect(
      uncovered.map((r) => r.key),
      'routes with cases none of which was planned',
    ).toEqual([]);
    expect([...new Set(failures)].sort()).toEqual([]);
  }, 600_000);
});
