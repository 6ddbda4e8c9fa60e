/**
 * Query plans of what a route really ran: the statements captured in the server process, explained
 * here with EXPLAIN (ANALYZE, BUFFERS) and the same parameters.
 */
import type pg from 'pg';
import type { CapturedQuery } from './search-server';

/** Tables of the scale database that must never be read whole by a search. */
export const BIG_TABLES = ['users', 'certifications', 'services', 'vehicles'];
const seqScan = new RegExp(`Seq Scan on "?(${BIG_TABLES.join('|')})"?(\\s|$)`, 'gm');

/** Statements of the platform that every request may run, not the route's own search. */
const isPlatform = (text: string) =>
  (/from "sessions"|update "sessions"|from "enterprises"|from "users" where "users"."id" = \$1/i.test(text) &&
    !/ like | ilike /i.test(text)) ||
  // The job queue (pg-boss) and the domain-event relay poll in the background while a request runs.
  /\bpgboss\b|\bdomain_events\b/i.test(text);

export interface Plan {
  sql: string;
  params: unknown[];
  plan: string;
  executionMs: number;
  indexes: string[];
  seqScans: string[];
}

export async function explain(c: pg.Client, q: CapturedQuery): Promise<Plan> {
  const { rows } = await c.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) ${q.text}`,
    q.values as unknown[],
  );
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
  const indexes = [
    ...new Set(
      [
        ...plan.matchAll(/(?:Index|Index Only) Scan (?:Backward )?using (\S+)|Bitmap Index Scan on (\S+)/g),
      ].map((m) => (m[1] ?? m[2])!),
    ),
  ];
  const seqScans = [...new Set([...plan.matchAll(seqScan)].map((m) => m[1]!))];
  return { sql: q.text, params: q.values, plan, executionMs, indexes, seqScans };
}

/** The route's own statements (not the session or enterprise lookups) and their plans. */
export async function explainRoute(c: pg.Client, queries: CapturedQuery[]): Promise<Plan[]> {
  // Only statements that read (BEGIN, COMMIT and writes of the platform around a request have no plan to show).
  const own = queries.filter((q) => !isPlatform(q.text) && /^\s*(select|with)\b/i.test(q.text));
  const plans: Plan[] = [];
  for (const q of own) plans.push(await explain(c, q));
  return plans;
}
