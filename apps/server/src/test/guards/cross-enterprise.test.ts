// Another enterprise's ids are refused wherever an id is stored: answered as a made-up id would be.
import { randomUUID } from 'node:crypto';
import {
  dataChangeLog,
  documents,
  licenses,
  referenceTables,
  triggerConfigurations,
  triggerConfigurationTriggers,
  triggers,
  users,
} from '@licensure/db';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestContext, multipartBody } from '../../modules/clinicians/test-helpers';
import { refTarget } from '../../platform/resources/references';
import type { RefTarget } from '../../platform/resources/types';
import { createOtherEnterprise, type OtherEnterprise, rowIn } from '../other-enterprise';
import type { TestContext } from '../test-app';
import {
  deref,
  fillPath,
  isWrite,
  type PlannedRoute,
  planRoutes,
  type Schema,
  sampleOf,
  sampleQuery,
} from './route-plan';
import { scopedLookups, undeclared } from './undeclared-references';

let t: TestContext;
let other: OtherEnterprise;

beforeAll(async () => {
  t = await createFilesTestContext();
  other = await createOtherEnterprise(t);
});
afterAll(async () => t?.close());

/** Whether the change log holds the id anywhere: every write is logged, so a stored id shows there. */
async function logged(id: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: dataChangeLog.id })
    .from(dataChangeLog)
    .where(
      sql`coalesce(${dataChangeLog.after}::text, '') || coalesce(${dataChangeLog.before}::text, '') like ${`%${id}%`}`,
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The answer for the foreign id is a 400 naming the field, the same as for a made-up id (with the id
 * itself the only difference), so the caller does not learn the id exists elsewhere.
 */
async function refusedLikeMadeUp(
  send: (id: string) => Promise<LightMyRequestResponse>,
  foreign: string,
  field: string,
): Promise<void> {
  const madeUp = randomUUID();
  const [forForeign, forMadeUp] = [await send(foreign), await send(madeUp)];
  expect(forForeign.statusCode, forForeign.body).toBe(400);
  expect(forForeign.json().error.fields).toHaveProperty(field);
  expect(forForeign.body.replaceAll(foreign, '<id>')).toBe(forMadeUp.body.replaceAll(madeUp, '<id>'));
  expect(await logged(foreign)).toBe(false);
}

describe("another enterprise's ids (the attacks of the finding)", () => {
  it("refuse an application type of another enterprise on the applicant's own draft", async () => {
    const db = t.database.db;
    const [license] = await db
      .insert(licenses)
      .values({ enterprise_id: t.enterpriseId, name: 'EMT', entity: 'user' })
      .returning();
    const draft = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicenseRequests',
      payload: { license_request: { license_id: license!.id } },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as string;
    const foreign = await other.rowOf(referenceTables.application_types);
    await refusedLikeMadeUp(
      (typeId) =>
        t.call(t.applicant, {
          method: 'PUT',
          url: `/api/LicenseRequests/${id}`,
          payload: { license_request: { license_id: license!.id, application_type_id: typeId } },
        }),
      foreign,
      'application_type_id',
    );
    const [row] = await db
      .select({ type: sql<string | null>`application_type_id` })
      .from(sql`license_requests`)
      .where(sql`id = ${id}`);
    expect(row?.type).toBeNull();
  });

  it("refuse a person's status of another enterprise", async () => {
    const foreign = await other.rowOf(referenceTables.user_statuses);
    await refusedLikeMadeUp(
      (statusId) =>
        t.call(t.admin, {
          method: 'PUT',
          url: `/api/users/${t.reviewer.userId}`,
          payload: { user: { first_name: 'Test', last_name: 'Person', user_status_id: statusId } },
        }),
      foreign,
      'user_status_id',
    );
    const [row] = await t.database.db
      .select({ status: users.user_status_id })
      .from(users)
      .where(eq(users.id, t.reviewer.userId));
    expect(row?.status).not.toBe(foreign);
  });

  it('refuse an upload filed under a document type of another enterprise', async () => {
    const foreign = await other.rowOf(referenceTables.document_types);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    await refusedLikeMadeUp(
      (typeId) =>
        t.call(t.admin, {
          method: 'POST',
          url: '/api/Documents/upload',
          ...multipartBody({ name: 'card.pdf', content: pdf }, { document_type_id: typeId }),
        }),
      foreign,
      'document_type_id',
    );
    const stored = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.document_type_id, foreign));
    expect(stored).toEqual([]);
  });

  it('refuse trigger actions naming alert types of another enterprise', async () => {
    const db = t.database.db;
    const configId = await rowIn(db, triggerConfigurations, t.enterpriseId);
    const triggerId = await rowIn(db, triggers, t.enterpriseId);
    const foreign = await other.rowOf(referenceTables.alert_types);
    const linkId = randomUUID();
    await refusedLikeMadeUp(
      (alertTypeId) =>
        t.call(t.admin, {
          method: 'POST',
          url: '/api/triggerconfigurationtriggers/save',
          payload: {
            trigger_configuration_trigger: {
              id: linkId,
              trigger_configuration_id: configId,
              trigger_id: triggerId,
              actions: [{ kind: 'createAlert', alert_type_id: alertTypeId, value: 'Check the file' }],
            },
          },
        }),
      foreign,
      'actions.0.alert_type_id',
    );
    const saved = await db
      .select()
      .from(triggerConfigurationTriggers)
      .where(eq(triggerConfigurationTriggers.id, linkId));
    expect(saved).toEqual([]);
  });
});

/** One reference slot of a write route: where the id goes in the body and what it must name. */
interface Slot {
  route: PlannedRoute;
  /** Body path: dotted keys, `[]` for a list's items (`x.actions[].alert_type_id`, `user_ids[]`). */
  path: string;
  target: RefTarget;
  /** The field the 400 names. */
  field: string;
  /** Engine updates and batches reach the reference check on a stored row of this table only. */
  table?: PgTable;
  /** A batch's key of the ids it changes. */
  ids?: string;
  /**
   * Not declared: the handler looks the id up in the caller's enterprise (`scopedLookups`). The foreign
   * id is answered with this status (400 naming the field, or 404) exactly as a made-up one.
   */
  lookup?: 400 | 404;
}

/** The table of the record a look-up route changes (`:id`), when the look-up needs a real one. */
const lookupPathTable: Record<string, PgTable> = {
  'PUT /api/Documents/:id document.data_object_id': documents,
};

/**
 * Declared references the walker cannot reach with a sampled body, and why. Each is the engine's one
 * check (write.ts), which the other routes exercise; the entries must stay true (see the last test).
 */
const notExercised: Record<string, string> = {
  'POST /api/serviceareas service_area.service_id': 'the sample state_code fails its two-letter rule first',
  'PUT /api/serviceareas/:id service_area.service_id':
    'the sample state_code fails its two-letter rule first',
  'POST /api/licenserules license_rule.license_id':
    'a rule field value needs its rule field (not a uuid slot)',
  'PUT /api/licenserules/:id license_rule.license_id':
    'a rule field value needs its rule field (not a uuid slot)',
  'POST /api/firedrill/drills drill.school_id': 'the sample evacuation time fails its own rule first',
  'PUT /api/firedrill/drills/:id drill.school_id': 'the sample evacuation time fails its own rule first',
  'POST /api/fbconditions condition.source_question_id':
    'the sample targets both a group and a question, which the schema refuses first',
  'PUT /api/fbconditions/:id condition.source_question_id':
    'the sample targets both a group and a question, which the schema refuses first',
  'POST /api/queries/save query.query_criteria[].license_rule_id':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
  'POST /api/queries/save query.viewers[]':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
  'POST /api/queries/save query.editors[]':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
  'POST /api/queries/preview query.query_criteria[].license_rule_id':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
  'POST /api/queries/preview query.viewers[]':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
  'POST /api/queries/preview query.editors[]':
    "the sample column's field is not one of the catalogue, which the schema refuses first",
};

/** POST getFilter / getCount read: they store nothing. */
const storesNothing = (r: PlannedRoute) => !isWrite(r.method) || /\/get(filter|count)$/i.test(r.url);

/** Every uuid in a body schema, by body path. */
function uuidPaths(schema: Schema | undefined, path = '', depth = 0, out = new Set<string>()): Set<string> {
  const s = deref(schema);
  if (!s || depth > 10) return out;
  for (const c of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    uuidPaths(c, path, depth + 1, out);
  if (s.format === 'uuid' && path) out.add(path);
  if (s.items) uuidPaths(s.items, `${path}[]`, depth + 1, out);
  for (const [k, v] of Object.entries(s.properties ?? {}))
    uuidPaths(v, path ? `${path}.${k}` : k, depth + 1, out);
  return out;
}

/** A body that satisfies the schema, with `id` at the path (in the union member that has it). */
function bodyWith(schema: Schema | undefined, parts: string[], id: string, depth = 0): unknown {
  const s = deref(schema);
  if (!s || depth > 12) return undefined;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) {
    const rest = parts.join('.').replaceAll('.[]', '[]');
    const fits = choice.find((c) => parts.length === 0 || uuidPaths(c).has(rest)) ?? choice[0];
    return bodyWith(fits, parts, id, depth + 1);
  }
  if (s.allOf) return bodyWith(s.allOf[0], parts, id, depth + 1);
  const [head, ...rest] = parts;
  if (head === undefined) return id;
  if (head === '[]') return [bodyWith(s.items, rest, id, depth + 1)];
  const out = (sampleOf(s) ?? {}) as Record<string, unknown>;
  out[head] = bodyWith(s.properties?.[head], rest, id, depth + 1);
  return out;
}

/**
 * Sets the value at a body path where the body has it (every item of a list); with `add`, also where the
 * sample left the key out (a look-up route must reach the id being walked past the others).
 */
function setAt(body: unknown, parts: string[], value: string, add = false): void {
  const [head, ...rest] = parts;
  if (head === undefined || !body || typeof body !== 'object') return;
  if (head === '[]') {
    if (Array.isArray(body)) for (const item of body) setAt(item, rest, value, add);
    return;
  }
  const o = body as Record<string, unknown>;
  if (rest.length === 0) {
    if (head in o || add) o[head] = Array.isArray(o[head]) ? [value] : value;
    return;
  }
  setAt(o[head], rest, value, add);
}

/** The declared reference slots of the write routes: the engine's `refs` and the routes' `config.refs`. */
function declaredSlots(routes: PlannedRoute[]): Slot[] {
  const slots: Slot[] = [];
  for (const route of routes)
    for (const [path, ref] of Object.entries(t.app.routeRefs.get(route.key) ?? {})) {
      const at = path.split('.');
      const named = at.length > 1 && !at[0]?.endsWith('[]') ? at.slice(1) : at;
      const field = named.join('.').replaceAll('[]', '.0');
      slots.push({ route, path, target: typeof ref === 'string' ? refTarget(ref) : ref, field });
    }
  for (const resource of t.app.resources.values()) {
    const base = `/api/${resource.path}`.toLowerCase();
    for (const route of routes.filter((r) => r.declared)) {
      const url = route.url.toLowerCase();
      const create = route.method === 'POST' && url === base;
      const update = route.method === 'PUT' && url === `${base}/:id`;
      const inBody = uuidPaths(route.body);
      for (const [nested, ref] of Object.entries(resource.nestedRefs ?? {}))
        if ((create || update) && inBody.has(`${resource.wrapper}.${nested}`))
          slots.push({
            route,
            path: `${resource.wrapper}.${nested}`,
            target: typeof ref === 'string' ? refTarget(ref) : ref,
            field: nested.replaceAll('[]', '.0'),
            table: update ? resource.table : undefined,
          });
      for (const [field, target] of Object.entries(resource.refs ?? {})) {
        const path = `${resource.wrapper}.${field}${inBody.has(`${resource.wrapper}.${field}[]`) ? '[]' : ''}`;
        // A field the route's body does not take (not changeable on update) stores nothing.
        if ((create || update) && inBody.has(path))
          slots.push({ route, path, target, field, table: update ? resource.table : undefined });
        for (const batch of resource.batch ?? [])
          if (
            batch.field === field &&
            route.method === 'POST' &&
            url === `${base}/${batch.route}`.toLowerCase()
          )
            slots.push({ route, path: batch.value, target, field, table: resource.table, ids: batch.ids });
      }
    }
  }
  return slots;
}

/** The `scopedLookups` entries as slots of their routes (walked like declared references). */
function lookupSlots(routes: PlannedRoute[]): Slot[] {
  const slots: Slot[] = [];
  for (const [name, { ref, status }] of Object.entries(scopedLookups)) {
    const [method, url, path] = name.split(' ');
    const route = routes.find((r) => r.method === method && r.url === url);
    if (!route || !path) throw new Error(`scopedLookups: no write route for '${name}'`);
    const at = path.split('.');
    const named = at.length > 1 && !at[0]?.endsWith('[]') ? at.slice(1) : at;
    const target = typeof ref === 'string' ? refTarget(ref) : ref;
    const field = named.join('.').replaceAll('[]', '.0');
    slots.push({ route, path, target, field, lookup: status, table: lookupPathTable[name] });
  }
  return slots;
}

describe("every declared reference of every write route, with another enterprise's id", () => {
  it('is refused as a made-up id would be, and not stored', async () => {
    const routes = planRoutes(t.app).filter((r) => !storesNothing(r));
    const slots = [...declaredSlots(routes), ...lookupSlots(routes)];
    expect(slots.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const slot of slots) {
      const { route, path, target, field } = slot;
      const name = `${route.key} ${path}`;
      if (notExercised[name]) continue;
      const columns = getTableColumns(target.table) as Record<string, unknown>;
      if (!columns.enterprise_id) continue; // a national list (codes, geography): shared by every enterprise
      try {
        const foreign = await other.rowOf(target.table);
        const id = slot.table ? await rowIn(t.database.db, slot.table, t.enterpriseId) : randomUUID();
        const marker = randomUUID();
        const built = bodyWith(route.body, path.replaceAll('[]', '.[]').split('.'), marker);
        // The route's other references name records of the caller's enterprise, so only this one is wrong.
        for (const o of slots.filter((x) => x.route === route && x.path !== path)) {
          const own = await rowIn(t.database.db, o.target.table, t.enterpriseId).catch(() => undefined);
          if (own) setAt(built, o.path.replaceAll('[]', '.[]').split('.'), own, slot.lookup !== undefined);
        }
        if (slot.ids) (built as Record<string, unknown>)[slot.ids] = [id];
        const body = JSON.stringify(built);
        const send = (ref: string) =>
          t.call(t.admin, {
            method: route.method as 'POST',
            url: fillPath(route, { id }) + sampleQuery(route),
            headers: { 'content-type': 'application/json' },
            payload: body.replaceAll(marker, ref),
          });
        const madeUp = randomUUID();
        const [forForeign, forMadeUp] = [await send(foreign), await send(madeUp)];
        const fields = forForeign.statusCode === 400 ? forForeign.json().error.fields : undefined;
        if (slot.lookup === 404 && forForeign.statusCode !== 404)
          failures.push(`${name}: ${forForeign.statusCode} ${forForeign.body.slice(0, 300)}`);
        else if (slot.lookup !== 404 && (forForeign.statusCode !== 400 || !fields?.[field]))
          failures.push(`${name}: ${forForeign.statusCode} ${forForeign.body.slice(0, 300)}`);
        else if (forForeign.body.replaceAll(foreign, '<id>') !== forMadeUp.body.replaceAll(madeUp, '<id>'))
          failures.push(`${name}: answered unlike a made-up id: ${forForeign.body} / ${forMadeUp.body}`);
        else if (await logged(foreign)) failures.push(`${name}: the foreign id was stored`);
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    const names = new Set(slots.map((x) => `${x.route.key} ${x.path}`));
    expect(Object.keys(notExercised).filter((n) => !names.has(n))).toEqual([]);
  }, 180_000);
});

/**
 * A body path holding the record's own id (a new row's id the client chose, the row edited), or the id a
 * device gives what it made offline so that an upload replayed finds it (`client_id`, a sync change's
 * `op_id` and new `comment_id`): ids the record is known by, not references to others.
 */
const ownId = (path: string) => /(^|\.|\[\])(id|client_id|op_id|comment_id)$/.test(path);

describe('every id a write route takes', () => {
  it('is a declared reference (walked above) or listed as not yet declared', () => {
    const routes = planRoutes(t.app).filter((r) => !storesNothing(r));
    const declared = new Set(
      [...declaredSlots(routes), ...lookupSlots(routes)].map((s) => `${s.route.key} ${s.path}`),
    );
    const found: Record<string, string[]> = {};
    for (const route of routes) {
      const paths = [...uuidPaths(route.body)].filter((p) => !ownId(p) && !declared.has(`${route.key} ${p}`));
      if (paths.length) found[route.key] = paths.sort();
    }
    if (process.env.H3_DUMP)
      require('node:fs').writeFileSync('/tmp/h3-undeclared.json', JSON.stringify(found, null, 2));
    const listed = Object.fromEntries(
      Object.entries(undeclared).map(([key, reasons]) => [key, Object.keys(reasons).sort()]),
    );
    expect(found).toEqual(listed);
  });
});
