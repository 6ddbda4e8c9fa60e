import {
  countResponse,
  person,
  publicLookupRow,
  type UserLookup,
  userLookupInput,
  userNamePattern,
  userNameRule,
} from '@licensure/contracts';
import { certification_levels, certifications, enterprises, users } from '@licensure/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ssnDigits, ssnMatches } from '../../platform/crypto/ssn';
import { forbidden, notFound } from '../../platform/http/errors';
import { escapeLike } from '../../platform/resources/list-query';
import { presentPerson } from './present';
import { hasCriteria, likePrefix, lookupConditions } from './search';

const tags = ['users'];
/** Public lookups: a few a second per address is plenty for a person, and slows down scraping. */
const publicRateLimit = { max: 30, timeWindow: '1 minute' };

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  /** Staff lookup: people matching every given field; [] when nothing is given. */
  async function lookup(request: FastifyRequest, q: UserLookup) {
    if (!hasCriteria(q)) return [];
    const conditions: (SQL | undefined)[] = [
      eq(users.enterprise_id, request.enterpriseId),
      isNull(users.deleted_at),
      request.auth!.isPortal ? eq(users.id, request.auth!.userId) : undefined,
      ...lookupConditions(q),
    ];
    let full: string | undefined;
    if (q.ssn) {
      // Searching by SSN tells whether a number belongs to someone: only for users.ssn holders.
      if (!request.auth!.permissions.has('users.ssn')) throw forbidden();
      const digits = ssnDigits(q.ssn);
      conditions.push(eq(users.ssn_last4, digits.slice(-4)));
      if (digits.length === 9) full = digits;
    }
    const offset = (q.currentPage - 1) * q.numPerPage;
    const rows = await db
      .select()
      .from(users)
      .where(and(...conditions))
      .orderBy(
        asc(sql`lower(${users.last_name}) collate "C"`),
        asc(sql`lower(${users.first_name}) collate "C"`),
        asc(users.id),
      )
      // A full SSN is compared after decryption, so its candidates (same last 4) are all read first.
      .limit(full ? 2000 : q.numPerPage)
      .offset(full ? 0 : offset);
    const key = app.deps.config.SSN_KEY;
    const matched = full
      ? rows
          .filter((u) => u.ssn_encrypted && ssnMatches(key, u.ssn_encrypted, full))
          .slice(offset, offset + q.numPerPage)
      : rows;
    return matched.map((u) => presentPerson(u));
  }

  for (const url of ['/api/users/search', '/api/elite/userlookup'])
    r.post(url, {
      config: { access: 'users.read' },
      schema: {
        tags,
        summary: 'Find people by lookup fields (nothing when no search text or field is given)',
        body: userLookupInput,
        response: { 200: z.array(person) },
      },
      handler: async (request) => lookup(request, request.body),
    });

  /** Public lookup: licences of people by name, licence number, city or state; public fields only. */
  function publicWhere(request: FastifyRequest, q: UserLookup): SQL | undefined {
    const c: SQL[] = [];
    if (q.last_name) c.push(sql`lower(${users.last_name}) collate "C" like ${likePrefix(q.last_name)}`);
    if (q.first_name) c.push(sql`lower(${users.first_name}) like ${likePrefix(q.first_name)}`);
    if (q.search) c.push(sql`lower(${users.last_name}) collate "C" like ${likePrefix(q.search)}`);
    if (q.license_number)
      c.push(sql`upper(${certifications.number}) like ${`${escapeLike(q.license_number.toUpperCase())}%`}`);
    if (q.city) c.push(sql`lower(${users.city}) like ${likePrefix(q.city)}`);
    if (c.length === 0) return undefined;
    if (q.state) c.push(sql`upper(${users.state}) = ${q.state.toUpperCase()}`);
    return and(
      eq(certifications.enterprise_id, request.enterpriseId),
      isNull(users.deleted_at),
      eq(users.enterprise_id, request.enterpriseId),
      ...c,
    );
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
      const where = publicWhere(request, request.body);
      if (!where) return [];
      const q = request.body;
      return db
        .select({
          user_id: users.id,
          first_name: users.first_name,
          middle_name: users.middle_name,
          last_name: users.last_name,
          suffix: users.suffix,
          city: users.city,
          state: users.state,
          license_number: certifications.number,
          level: sql<string | null>`${certification_levels.label}`,
          status: certifications.status,
          expiration_date: certifications.expiration_date,
        })
        .from(certifications)
        .innerJoin(users, eq(users.id, certifications.user_id))
        .leftJoin(certification_levels, eq(certification_levels.id, certifications.certification_level_id))
        .where(where)
        .orderBy(
          asc(sql`lower(${users.last_name}) collate "C"`),
          asc(sql`lower(${users.first_name}) collate "C"`),
          asc(certifications.id),
        )
        .limit(q.numPerPage)
        .offset((q.currentPage - 1) * q.numPerPage);
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
      const where = publicWhere(request, request.body);
      if (!where) return { count: 0 };
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(certifications)
        .innerJoin(users, eq(users.id, certifications.user_id))
        .where(where);
      return { count: row?.count ?? 0 };
    },
  });

  r.get('/api/users/validateusername', {
    config: { access: 'public', rateLimit: publicRateLimit },
    schema: {
      tags,
      summary: 'Whether a user name has the right form and is free',
      querystring: z.object({ user_name: z.string().max(200) }),
      response: {
        200: z.object({ valid: z.boolean(), available: z.boolean(), message: z.string().nullable() }),
      },
    },
    handler: async (request) => {
      const name = request.query.user_name.trim();
      if (!userNamePattern.test(name)) return { valid: false, available: false, message: userNameRule };
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
