import { createHash } from 'node:crypto';
import {
  countResponse,
  personSummary,
  publicLookupRow,
  type UserLookup,
  userLookupInput,
  userNamePattern,
  userNameRule,
} from '@licensure/contracts';
import { certifications, enterprises, users } from '@licensure/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ssnDigits, ssnMatches } from '../../platform/crypto/ssn';
import { forbidden, notFound } from '../../platform/http/errors';
import type { Row } from '../../platform/resources/types';
import { credentialColumns, joinCredentialNames, presentCredential } from '../licensing/credential-presenter';
import { personSummaryColumns, presentPersonSummary } from './present';
import {
  hasCriteria,
  type LookupConditions,
  likePrefix,
  lookupConditions,
  lowerC,
  prefixCondition,
} from './search';

const tags = ['users'];
/** Public lookups: a few a second per address is plenty for a person, and slows down scraping. */
const publicRateLimit = { max: 30, timeWindow: '1 minute' };

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, planned } = app.deps.database;
  /** A statement's name from its shape: PostgreSQL plans it once a connection and keeps the plan. */
  const named = (prefix: string, key: string) =>
    `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;

  /** The result order of people: last name, first name (C collation, as users_name_order_idx keeps them). */
  const personOrder = [
    asc(sql`lower(${users.last_name}) collate "C"`),
    asc(sql`lower(${users.first_name}) collate "C"`),
    asc(users.id),
  ];
  /** Lookup statements by shape (which conditions, portal caller, SSN): built once, run with placeholders. */
  const lookupStatements = new Map<string, ReturnType<typeof buildLookup>>();

  function buildLookup(
    c: LookupConditions,
    shape: { portal: boolean; ssn: boolean; fullSsn: boolean },
    key: string,
  ) {
    const where = and(
      eq(users.enterprise_id, sql.placeholder('enterprise_id')),
      isNull(users.deleted_at),
      shape.portal ? eq(users.id, sql.placeholder('self')) : undefined,
      ...c.all.map((t) => t.sql),
      shape.ssn ? eq(users.ssn_last4, sql.placeholder('ssn_last4')) : undefined,
    );
    // A shape whose every condition an index serves for any value is planned once a connection and
    // kept; the others are planned for each request's values.
    const handle = c.planOnce ? planned : db;
    // Free text: the first `offset + limit` people of each alternative, each read by its own index
    // (in result order, or its matches read apart and sorted), then the people with those ids. One
    // `or` of them all would make the planner walk the name order for any match, reading most of the
    // table for a rare one; `= any(array(...))` keeps the alternatives first in any plan.
    const branch = (t: LookupConditions['anyOf'][number]) =>
      t.firstNames
        ? firstNamesBranch(where, t.firstNames)
        : t.fenced
          ? sql`(select b.id from (select ${users.id} as id, ${lowerC(users.last_name)} as l, ${lowerC(users.first_name)} as f
            from ${users} where ${and(where, t.sql)} offset 0) b
            order by b.l, b.f, b.id limit ${sql.placeholder('branch_limit')})`
          : sql`${handle
              .select({ id: users.id })
              .from(users)
              .where(and(where, t.sql))
              .orderBy(...personOrder)
              .limit(sql.placeholder('branch_limit'))}`;
    const filter =
      c.anyOf.length > 0
        ? sql`${users.id} = any(array(${sql.join(c.anyOf.map(branch), sql` union all `)}))`
        : where;
    return handle
      .select(
        shape.fullSsn
          ? { ...personSummaryColumns, ssn_encrypted: users.ssn_encrypted }
          : personSummaryColumns,
      )
      .from(users)
      .where(filter)
      .orderBy(...personOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(c.planOnce ? named('users_lookup', key) : '');
  }

  /**
   * The first `branch_limit` people, in result order, whose first name is in the range `<name>_from` to
   * `<name>_to`: the distinct first names of the range, each found by one step down
   * users_first_name_order_idx (a loose index scan, as PostgreSQL 15 has no skip scan), then the first
   * page of each name, in last-name order from the same index. "willi" reads a page of William, one of
   * Willie and so on, not the 12,000 people whose names start so.
   */
  function firstNamesBranch(where: SQL | undefined, name: string) {
    const first = lowerC(users.first_name);
    const from = sql.placeholder(`${name}_from`);
    const to = sql.placeholder(`${name}_to`);
    const live = and(eq(users.enterprise_id, sql.placeholder('enterprise_id')), isNull(users.deleted_at));
    return sql`(with recursive first_names(f) as (
        (select ${first} from ${users} where ${live} and ${first} >= ${from} and ${first} < ${to}
          order by 1 limit 1)
        union all
        select (select ${first} from ${users} where ${live} and ${first} > n.f and ${first} < ${to}
          order by 1 limit 1)
        from first_names n where n.f is not null)
      select b.id from first_names n cross join lateral (
        select ${users.id} as id, ${lowerC(users.last_name)} as l from ${users}
        where ${and(where, sql`${first} = n.f`)}
        order by 2, 1 limit ${sql.placeholder('branch_limit')}) b
      order by b.l, n.f, b.id limit ${sql.placeholder('branch_limit')})`;
  }

  /** Staff lookup: people matching every given field; [] when nothing is given. */
  async function lookup(request: FastifyRequest, q: UserLookup) {
    if (!hasCriteria(q)) return [];
    const conditions = lookupConditions(q);
    let full: string | undefined;
    let last4: string | undefined;
    if (q.ssn) {
      // Searching by SSN tells whether a number belongs to someone: only for users.ssn holders.
      if (!request.auth!.permissions.has('users.ssn')) throw forbidden();
      const digits = ssnDigits(q.ssn);
      last4 = digits.slice(-4);
      if (digits.length === 9) full = digits;
    }
    const shape = { portal: request.auth!.isPortal, ssn: last4 !== undefined, fullSsn: full !== undefined };
    const key = JSON.stringify([conditions.all.map((t) => t.key), conditions.anyOf.map((t) => t.key), shape]);
    let statement = lookupStatements.get(key);
    if (!statement) {
      statement = buildLookup(conditions, shape, key);
      if (lookupStatements.size >= 500)
        lookupStatements.delete(lookupStatements.keys().next().value as string);
      lookupStatements.set(key, statement);
    }
    const offset = (q.currentPage - 1) * q.numPerPage;
    // A full SSN is compared after decryption, so its candidates (same last 4) are all read first.
    const limit = full ? 2000 : q.numPerPage;
    const rows = await statement.execute({
      ...conditions.params,
      enterprise_id: request.enterpriseId,
      self: request.auth!.userId,
      ssn_last4: last4,
      limit,
      offset: full ? 0 : offset,
      branch_limit: full ? limit : offset + limit,
    });
    const ssnKey = app.deps.config.SSN_KEY;
    const matched = full
      ? rows
          .filter((u) => 'ssn_encrypted' in u && u.ssn_encrypted && ssnMatches(ssnKey, u.ssn_encrypted, full))
          .slice(offset, offset + q.numPerPage)
      : rows;
    return matched.map(presentPersonSummary);
  }

  for (const url of ['/api/users/search', '/api/elite/userlookup'])
    r.post(url, {
      config: { access: 'users.read' },
      schema: {
        tags,
        summary:
          'Find people by lookup fields, as summaries in name order (nothing when no search text or field is given)',
        body: userLookupInput,
        response: { 200: z.array(personSummary) },
      },
      handler: async (request) => lookup(request, request.body),
    });

  /**
   * Public lookup: licences of people by name, licence number, city or state; public fields only. The
   * conditions (with placeholders), their shape and values; null when no public criterion is given.
   */
  function publicConditions(q: UserLookup) {
    const names: string[] = [];
    const c: SQL[] = [];
    const params: Record<string, unknown> = {};
    const add = (name: string, condition: SQL, value: unknown) => {
      names.push(name);
      c.push(condition);
      params[name] = value;
    };
    const p = (name: string) => sql.placeholder(name);
    const starts = (name: string, expression: SQL, prefix: string, order: 'collate' | 'pattern') => {
      const range = prefixCondition(name, expression, prefix, order, params);
      names.push(range.key);
      c.push(range.sql);
    };
    if (q.last_name)
      starts('last_name', lowerC(users.last_name), q.last_name.trim().toLowerCase(), 'collate');
    if (q.first_name)
      starts('first_name', lowerC(users.first_name), q.first_name.trim().toLowerCase(), 'collate');
    if (q.search) starts('search', lowerC(users.last_name), q.search.trim().toLowerCase(), 'collate');
    if (q.license_number)
      starts(
        'license_number',
        sql`upper(${certifications.number})`,
        q.license_number.trim().toUpperCase(),
        'pattern',
      );
    if (q.city) add('city', sql`lower(${users.city}) like ${p('city')}`, likePrefix(q.city));
    if (c.length === 0) return null;
    if (q.state) add('state', sql`upper(${users.state}) = ${p('state')}`, q.state.toUpperCase());
    const where = and(
      eq(certifications.enterprise_id, p('enterprise_id')),
      isNull(certifications.deleted_at),
      isNull(users.deleted_at),
      eq(users.enterprise_id, p('enterprise_id')),
      ...c,
    );
    // Names are ranges a kept plan serves; a city pattern or a licence prefix (a short one matches a
    // million licences) wants a plan made for the values.
    const planOnce = !q.city && !q.license_number;
    return { key: names.join(','), where, params, planOnce };
  }
  type PublicConditions = NonNullable<ReturnType<typeof publicConditions>>;

  // The credential's names come through the credential presenter's joins, so /verify shows what My
  // licences and the certificate show (the conditions on users make its left join an inner one).
  const buildPublicPage = (c: PublicConditions) =>
    joinCredentialNames(
      (c.planOnce ? planned : db)
        .select({
          user_id: users.id,
          first_name: users.first_name,
          middle_name: users.middle_name,
          last_name: users.last_name,
          suffix: users.suffix,
          city: users.city,
          state: users.state,
          number: certifications.number,
          status: certifications.status,
          issue_date: certifications.issue_date,
          expiration_date: certifications.expiration_date,
          ...credentialColumns,
        })
        .from(certifications),
    )
      .where(c.where)
      .orderBy(
        asc(sql`lower(${users.last_name}) collate "C"`),
        asc(sql`lower(${users.first_name}) collate "C"`),
        asc(certifications.id),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(c.planOnce ? named('public_lookup_page', c.key) : '');
  const buildPublicCount = (c: PublicConditions) =>
    (c.planOnce ? planned : db)
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(certifications)
      .innerJoin(users, eq(users.id, certifications.user_id))
      .where(c.where)
      .prepare(c.planOnce ? named('public_lookup_count', c.key) : '');
  const publicPages = new Map<string, ReturnType<typeof buildPublicPage>>();
  const publicCounts = new Map<string, ReturnType<typeof buildPublicCount>>();
  /** The statement of a shape, built on first use (a handful of shapes: which public fields are given). */
  function cached<T>(statements: Map<string, T>, c: PublicConditions, build: (c: PublicConditions) => T): T {
    let s = statements.get(c.key);
    if (!s) {
      s = build(c);
      statements.set(c.key, s);
    }
    return s;
  }

  async function publicLookupEnabled(enterpriseId: string) {
    const [e] = await db
      .select({ on: enterprises.public_lookup_enabled })
      .from(enterprises)
      .where(eq(enterprises.id, enterpriseId));
    if (!e?.on) throw notFound('public lookup');
  }

  r.post('/api/PublicLookupUser', {
    config: { access: 'public', rateLimit: publicRateLimit },
    schema: {
      tags,
      summary:
        'Public licence lookup of people: name, city and state, licence number, level, status, expiration',
      body: userLookupInput,
      response: { 200: z.array(publicLookupRow) },
    },
    handler: async (request) => {
      await publicLookupEnabled(request.enterpriseId);
      const c = publicConditions(request.body);
      if (!c) return [];
      const q = request.body;
      const rows: Row[] = await cached(publicPages, c, buildPublicPage).execute({
        ...c.params,
        enterprise_id: request.enterpriseId,
        limit: q.numPerPage,
        offset: (q.currentPage - 1) * q.numPerPage,
      });
      return rows.map((row) => {
        const credential = presentCredential(row);
        return {
          user_id: row.user_id as string,
          first_name: row.first_name as string | null,
          middle_name: row.middle_name as string | null,
          last_name: row.last_name as string | null,
          suffix: row.suffix as string | null,
          city: row.city as string | null,
          state: row.state as string | null,
          license_number: credential.number,
          level: credential.level_label,
          status: credential.status,
          expiration_date: credential.expiration_date,
          credential,
        };
      });
    },
  });

  r.post('/api/getuserlookupcount', {
    config: { access: 'public', rateLimit: publicRateLimit },
    schema: {
      tags,
      summary: 'How many licences the public lookup finds',
      body: userLookupInput,
      response: { 200: countResponse },
    },
    handler: async (request) => {
      await publicLookupEnabled(request.enterpriseId);
      const c = publicConditions(request.body);
      if (!c) return { count: 0 };
      const [row] = await cached(publicCounts, c, buildPublicCount).execute({
        ...c.params,
        enterprise_id: request.enterpriseId,
      });
      return { count: row?.count ?? 0 };
    },
  });

  r.get('/api/users/validateusername', {
    config: { access: 'public', rateLimit: publicRateLimit },
    schema: {
      tags,
      summary:
        'Whether a user name has the right form; whether it is free only to staff who read people (null to others)',
      querystring: z.object({ user_name: z.string().max(200) }),
      response: {
        200: z.object({
          valid: z.boolean(),
          available: z.boolean().nullable(),
          message: z.string().nullable(),
        }),
      },
    },
    handler: async (request) => {
      const name = request.query.user_name.trim();
      if (!userNamePattern.test(name)) return { valid: false, available: false, message: userNameRule };
      // Telling strangers which names are taken would list the accounts to guess passwords for; a
      // duplicate is refused when the account is saved instead.
      if (!request.auth?.permissions.has('users.read'))
        return { valid: true, available: null, message: null };
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.enterprise_id, request.enterpriseId),
            sql`lower(${users.user_name}) = ${name.toLowerCase()}`,
          ),
        );
      return taken
        ? { valid: true, available: false, message: 'This user name is already taken.' }
        : { valid: true, available: true, message: null };
    },
  });

  r.get('/api/users/emailCheck', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: 'Whether an email address is already used by a person',
      querystring: z.object({ email: z.email({ message: 'email must be a valid email address' }) }),
      response: { 200: z.object({ exists: z.boolean(), count: z.number().int() }) },
    },
    handler: async (request) => {
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(users)
        .where(
          and(
            eq(users.enterprise_id, request.enterpriseId),
            isNull(users.deleted_at),
            sql`lower(${users.email}) = ${request.query.email.toLowerCase()}`,
          ),
        );
      return { exists: (row?.count ?? 0) > 0, count: row?.count ?? 0 };
    },
  });
}
