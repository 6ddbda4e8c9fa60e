import type {
  QueryDefinition,
  QueryListItem,
  QueryOutput,
  QueryRole,
  QuerySubject,
  QueryView,
} from '@licensure/contracts';
import {
  type Db,
  licenseRules,
  savedQueries,
  savedQueryShares,
  securityGroupMembers,
  securityGroups,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { enterpriseToday, loadRules, ruleCondition } from '../licensing/rule-store';
import { RuleError } from '../licensing/rules/compile';
import { rowsOf } from '../triggers/rows';
import { fieldById, mayRead, subjects } from './catalogue';
import { type CompiledQuery, compileQuery } from './compile';

/** Ids a filter through a reference list is resolved to at most; beyond, it stays a subquery. */
const LOOKUP_LIMIT = 5000;

/**
 * Saved queries and who may reach them: the owner, and members of the security groups it is shared
 * with (viewers run it, editors change it too). Anyone else is told it does not exist.
 */

export type QueryRow = typeof savedQueries.$inferSelect;
type Share = typeof savedQueryShares.$inferSelect;

export interface LoadedQuery {
  row: QueryRow;
  role: QueryRole;
  shares: Share[];
}

/** The security groups the caller belongs to. */
async function myGroups(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: securityGroupMembers.security_group_id })
    .from(securityGroupMembers)
    .where(eq(securityGroupMembers.user_id, userId));
  return rows.map((r) => r.id);
}

const roleOf = (row: QueryRow, shares: Share[], userId: string, groups: string[]): QueryRole | null => {
  if (row.owner_id === userId) return 'owner';
  const mine = shares.filter((s) => row.id === s.query_id && groups.includes(s.security_group_id));
  if (mine.some((s) => s.role === 'editor')) return 'editor';
  return mine.length > 0 ? 'viewer' : null;
};

/** One saved query the caller may see, with their role; a 404 otherwise. */
export async function loadQuery(db: Db | Tx, request: FastifyRequest, id: string): Promise<LoadedQuery> {
  const [row] = await db
    .select()
    .from(savedQueries)
    .where(
      and(
        eq(savedQueries.id, id),
        eq(savedQueries.enterprise_id, request.enterpriseId),
        isNull(savedQueries.deleted_at),
      ),
    );
  if (!row) throw notFound('query');
  const shares = await db.select().from(savedQueryShares).where(eq(savedQueryShares.query_id, id));
  const role = roleOf(row, shares, request.auth!.userId, await myGroups(db, request.auth!.userId));
  if (!role) throw notFound('query');
  return { row, role, shares };
}

/** The definition kept in a row, as the compiler takes it. */
export function definitionOf(row: QueryRow): QueryDefinition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject as QuerySubject,
    query_column_values: row.query_column_values as QueryDefinition['query_column_values'],
    query_filter_values: row.query_filter_values as QueryDefinition['query_filter_values'],
    query_advanced_filter_values:
      row.query_advanced_filter_values as QueryDefinition['query_advanced_filter_values'],
    query_criteria: row.query_criteria as QueryDefinition['query_criteria'],
    viewers: [],
    editors: [],
    default_view: row.default_view as QueryView,
    chart_field: row.chart_field,
  };
}

/** Whether the caller may read every field a definition uses. */
function available(def: QueryDefinition, permissions: ReadonlySet<string>): boolean {
  const ids = [
    ...def.query_column_values.map((c) => c.field),
    ...def.query_filter_values.map((f) => f.field),
    ...def.query_advanced_filter_values.map((f) => f.field),
    ...(def.chart_field ? [def.chart_field] : []),
  ];
  return ids.every((id) => {
    const f = fieldById.get(id);
    return f !== undefined && mayRead(permissions, f);
  });
}

const badRule = (err: unknown): never => {
  if (err instanceof RuleError) throw badRequest({ [err.field]: err.message });
  throw err;
};

/**
 * A definition compiled for the caller: its criteria's licence rules loaded and compiled, every field
 * checked against the catalogue (400 naming the input) and against the caller's permissions (403).
 */
export async function prepareQuery(
  db: Db | Tx,
  request: FastifyRequest,
  def: QueryDefinition,
): Promise<CompiledQuery> {
  const today = await enterpriseToday(db, request.enterpriseId);
  const criteria: SQL[] = [];
  if (def.query_criteria.length > 0) {
    const ids = def.query_criteria.map((c) => c.license_rule_id);
    const rows = await db
      .select()
      .from(licenseRules)
      .where(and(eq(licenseRules.enterprise_id, request.enterpriseId), inArray(licenseRules.id, ids)));
    const entity = subjects[def.subject].ruleEntity;
    def.query_criteria.forEach((c, i) => {
      const rule = rows.find((r) => r.id === c.license_rule_id);
      const at = `query_criteria.${i}.license_rule_id`;
      if (!rule) throw badRequest({ [at]: `There is no licence rule ${c.license_rule_id}.` });
      if (rule.entity !== entity)
        throw badRequest({ [at]: `${rule.name} is a rule for ${rule.entity}s, not for ${def.subject}.` });
    });
    try {
      for (const rule of await loadRules(db, rows)) criteria.push(ruleCondition(rule, today));
    } catch (err) {
      badRule(err);
    }
  }
  let compiled: CompiledQuery;
  try {
    compiled = compileQuery(def, request.enterpriseId, today, criteria);
  } catch (err) {
    return badRule(err);
  }
  if (!compiled.fields.every((f) => mayRead(request.auth!.permissions, f))) throw forbidden();
  if (compiled.lookups.length === 0) return compiled;
  // Filters through reference lists: their ids first (up to LOOKUP_LIMIT; more stay a subquery).
  const resolved = new Map<string, string[]>();
  for (const lookup of compiled.lookups) {
    const ids = rowsOf<{ id: string }>(await db.execute(sql`${lookup.query} limit ${LOOKUP_LIMIT + 1}`)).map(
      (r) => String(r.id),
    );
    if (ids.length <= LOOKUP_LIMIT) resolved.set(lookup.key, ids);
  }
  return compileQuery(def, request.enterpriseId, today, criteria, resolved);
}

/** The groups named as viewers and editors, each once, all of this enterprise (400 otherwise). */
async function checkGroups(tx: Tx, enterpriseId: string, def: QueryDefinition) {
  const ids = [...new Set([...def.viewers, ...def.editors])];
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: securityGroups.id })
    .from(securityGroups)
    .where(and(eq(securityGroups.enterprise_id, enterpriseId), inArray(securityGroups.id, ids)));
  for (const key of ['viewers', 'editors'] as const)
    def[key].forEach((id, i) => {
      if (!found.some((g) => g.id === id))
        throw badRequest({ [`${key}.${i}`]: `There is no security group ${id}.` });
    });
  // A group named both ways is an editor.
  return ids.map(
    (id) => ({ security_group_id: id, role: def.editors.includes(id) ? 'editor' : 'viewer' }) as const,
  );
}

/** Creates or changes a saved query; only its owner changes whom it is shared with. */
export async function saveQuery(tx: Tx, request: FastifyRequest, def: QueryDefinition): Promise<string> {
  await prepareQuery(tx, request, def);
  const actor = actorOf(request);
  const values = {
    name: def.name,
    description: def.description ?? null,
    subject: def.subject,
    query_column_values: def.query_column_values,
    query_filter_values: def.query_filter_values,
    query_advanced_filter_values: def.query_advanced_filter_values,
    query_criteria: def.query_criteria,
    default_view: def.default_view,
    chart_field: def.chart_field ?? null,
  };
  if (!def.id) {
    const shares = await checkGroups(tx, request.enterpriseId, def);
    const [row] = await tx
      .insert(savedQueries)
      .values({ ...values, enterprise_id: request.enterpriseId, owner_id: request.auth!.userId })
      .returning();
    if (shares.length > 0)
      await tx.insert(savedQueryShares).values(shares.map((s) => ({ ...s, query_id: row!.id })));
    await recordChange(tx, actor, {
      entity: 'saved_queries',
      objectId: row!.id,
      action: 'create',
      after: { ...row, shares },
    });
    return row!.id;
  }
  const before = await loadQuery(tx, request, def.id);
  if (before.role === 'viewer') throw forbidden();
  const [row] = await tx
    .update(savedQueries)
    .set({ ...values, updated_at: new Date() })
    .where(eq(savedQueries.id, def.id))
    .returning();
  let shares = before.shares.map((s) => ({ security_group_id: s.security_group_id, role: s.role }));
  if (before.role === 'owner') {
    shares = await checkGroups(tx, request.enterpriseId, def);
    await tx.delete(savedQueryShares).where(eq(savedQueryShares.query_id, def.id));
    if (shares.length > 0)
      await tx.insert(savedQueryShares).values(shares.map((s) => ({ ...s, query_id: def.id! })));
  }
  await recordChange(tx, actor, {
    entity: 'saved_queries',
    objectId: def.id,
    action: 'update',
    before: { ...before.row, shares: before.shares },
    after: { ...row, shares },
  });
  return def.id;
}

/** Removes a saved query (its owner only); it is kept, marked deleted, in the change log's history. */
export async function deleteQuery(tx: Tx, request: FastifyRequest, id: string): Promise<void> {
  const q = await loadQuery(tx, request, id);
  if (q.role !== 'owner') throw forbidden();
  await tx.update(savedQueries).set({ deleted_at: new Date() }).where(eq(savedQueries.id, id));
  await recordChange(tx, actorOf(request), {
    entity: 'saved_queries',
    objectId: id,
    action: 'delete',
    before: q.row,
  });
}

async function namesOf(db: Db | Tx, ownerIds: string[], groupIds: string[]) {
  const owners = ownerIds.length
    ? await db
        .select({ id: users.id, first: users.first_name, last: users.last_name, user_name: users.user_name })
        .from(users)
        .where(inArray(users.id, ownerIds))
    : [];
  const groups = groupIds.length
    ? await db
        .select({ id: securityGroups.id, label: securityGroups.label })
        .from(securityGroups)
        .where(inArray(securityGroups.id, groupIds))
    : [];
  const owner = new Map(
    owners.map((o) => [o.id, [o.first, o.last].filter(Boolean).join(' ') || o.user_name || 'Unknown']),
  );
  return { owner: (id: string) => owner.get(id) ?? 'Unknown', groups };
}

/** A saved query as the API answers it. */
export async function presentQuery(
  db: Db | Tx,
  request: FastifyRequest,
  q: LoadedQuery,
): Promise<QueryOutput> {
  const names = await namesOf(
    db,
    [q.row.owner_id],
    q.shares.map((s) => s.security_group_id),
  );
  const def = definitionOf(q.row);
  const groupsIn = (role: 'viewer' | 'editor') =>
    q.shares
      .filter((s) => s.role === role)
      .map((s) => names.groups.find((g) => g.id === s.security_group_id))
      .filter((g) => g !== undefined)
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    id: q.row.id,
    name: q.row.name,
    description: q.row.description,
    subject: def.subject,
    owner_id: q.row.owner_id,
    owner_name: names.owner(q.row.owner_id),
    role: q.role,
    available: available(def, request.auth!.permissions),
    query_column_values: def.query_column_values,
    query_filter_values: def.query_filter_values,
    query_advanced_filter_values: def.query_advanced_filter_values,
    query_criteria: def.query_criteria,
    viewers: groupsIn('viewer'),
    editors: groupsIn('editor'),
    default_view: def.default_view,
    chart_field: def.chart_field ?? null,
    created_at: q.row.created_at.toISOString(),
    updated_at: q.row.updated_at.toISOString(),
  };
}

/** The caller's queries (mine), those shared with a group of theirs (shared), or both (all). */
export async function listQueries(
  db: Db,
  request: FastifyRequest,
  state: 'all' | 'mine' | 'shared',
  availableOnly: boolean,
): Promise<QueryListItem[]> {
  const me = request.auth!.userId;
  const groups = await myGroups(db, me);
  const sharedWithMe =
    groups.length > 0
      ? sql`${savedQueries.id} in (select ${savedQueryShares.query_id} from ${savedQueryShares} where ${inArray(savedQueryShares.security_group_id, groups)})`
      : sql`false`;
  const mine = eq(savedQueries.owner_id, me);
  const which =
    state === 'mine'
      ? mine
      : state === 'shared'
        ? and(sharedWithMe, sql`not ${mine}`)
        : or(mine, sharedWithMe);
  const rows = await db
    .select()
    .from(savedQueries)
    .where(and(eq(savedQueries.enterprise_id, request.enterpriseId), isNull(savedQueries.deleted_at), which))
    .orderBy(sql`lower(${savedQueries.name})`, savedQueries.id)
    .limit(1000);
  const shares = rows.length
    ? await db
        .select()
        .from(savedQueryShares)
        .where(
          inArray(
            savedQueryShares.query_id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const names = await namesOf(db, [...new Set(rows.map((r) => r.owner_id))], []);
  return rows
    .map((row) => {
      const def = definitionOf(row);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        subject: def.subject,
        owner_name: names.owner(row.owner_id),
        role: roleOf(row, shares, me, groups) ?? 'viewer',
        available: available(def, request.auth!.permissions),
        default_view: def.default_view,
        updated_at: row.updated_at.toISOString(),
      };
    })
    .filter((q) => !availableOnly || q.available);
}
