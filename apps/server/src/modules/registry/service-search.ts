import {
  publicLookupInput,
  publicServiceResult,
  type ServiceSearchCriteria,
  serviceSearchInput,
} from '@licensure/contracts';
import { certification_levels, certifications, enterprises, serviceCounties, services } from '@licensure/db';
import {
  and,
  arrayOverlaps,
  asc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors';
import { countAll, escapeLike, likeContains } from '../../platform/resources/list-query';
import type { Row } from '../../platform/resources/types';
import { credentialColumns, joinCredentialNames, presentCredential } from '../licensing/credential-presenter';
import { tags } from './common';

const prefix = (s: string) => `${escapeLike(s)}%`;
const p = (name: string) => sql.placeholder(name);

/** The conditions of a service search: written with placeholders, so each shape is built once. */
export interface Criteria {
  /** The shape: which conditions, in order. Two searches of one shape run the same statement. */
  key: string;
  conditions: SQL[];
  /** The placeholders' values. */
  params: Record<string, unknown>;
  /** False when a condition carries its value in the statement (training levels): built each time. */
  reusable: boolean;
  /**
   * A name with a trigram (three letters or digits in a row) is given: its matches come from the trigram
   * index and are sorted after (a common word matches a couple of thousand services, a rare one a
   * handful). Left to itself, the planner walks the name order for a word it thinks common, which for
   * "rodriguez" read 39,000 services to find 50. A shorter name ("El") has no trigram to look up: the
   * walk in name order finds its first page soonest.
   */
  byTrigram: boolean;
}

/**
 * The conditions of the spec's service search criteria, or null when no criterion is given.
 * Licence number and service number match by prefix, name by contains, city by prefix (all
 * case-insensitive); county matches the service's own county or a county it serves.
 */
export function criteriaConditions(
  db: FastifyInstance['deps']['database']['db'],
  c: ServiceSearchCriteria,
): Criteria | null {
  const conditions: SQL[] = [];
  const names: string[] = [];
  const params: Record<string, unknown> = {};
  let reusable = true;
  const add = (name: string, condition: SQL, value: unknown) => {
    names.push(name);
    conditions.push(condition);
    params[name] = value;
  };
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const number = text(c.primary_license_number);
  if (number)
    // The services holding a matching licence, found first through certifications_number_idx: as a
    // semi-join, a poorly estimated prefix (one histogram bucket is 20,000 licences) could instead walk
    // every certification in service order.
    add(
      'primary_license_number',
      sql`${services.id} = any(array(select ${certifications.service_id} from ${certifications}
        where upper(${certifications.number}) like ${p('primary_license_number')}
          and ${certifications.service_id} is not null and ${certifications.deleted_at} is null))`,
      prefix(number).toUpperCase(),
    );
  const name = text(c.service_name);
  // lower(...) like, not ilike: the trigram index is on lower(name).
  const byTrigram = name !== undefined && /[\p{L}\p{N}]{3}/u.test(name);
  if (name)
    add(
      'service_name',
      sql`lower(${services.name}) like ${p('service_name')}`,
      likeContains(name).toLowerCase(),
    );
  if (c.primary_level_id)
    add('primary_level_id', eq(services.primary_level_id, p('primary_level_id')), c.primary_level_id);
  if (c.certification_level_id)
    add(
      'certification_level_id',
      exists(
        db
          .select({ one: sql`1` })
          .from(certifications)
          .where(
            and(
              eq(certifications.service_id, services.id),
              eq(certifications.certification_level_id, p('certification_level_id')),
              eq(certifications.status, 'active'),
              isNull(certifications.deleted_at),
            ),
          ),
      ),
      c.certification_level_id,
    );
  if (c.training_level_ids?.length) {
    names.push('training_level_ids');
    conditions.push(arrayOverlaps(services.training_level_ids, c.training_level_ids));
    reusable = false;
  }
  if (c.permit_level_id)
    add('permit_level_id', eq(services.permit_level_id, p('permit_level_id')), c.permit_level_id);
  if (c.classification_id)
    add('classification_id', eq(services.classification_id, p('classification_id')), c.classification_id);
  const city = text(c.city);
  if (city) add('city', ilike(services.city, p('city')), prefix(city));
  if (c.county) {
    const served = exists(
      db
        .select({ one: sql`1` })
        .from(serviceCounties)
        .where(
          and(eq(serviceCounties.service_id, services.id), eq(serviceCounties.county_fips, p('county'))),
        ),
    );
    add('county', or(eq(services.county_fips, p('county')), served) as SQL, c.county);
  }
  const serviceNumber = text(c.service_id);
  if (serviceNumber)
    add('service_id', ilike(services.service_number, p('service_id')), prefix(serviceNumber));
  return conditions.length > 0
    ? {
        key: `${names.join(',')}${name && !byTrigram ? ':short' : ''}`,
        conditions,
        params,
        reusable,
        byTrigram,
      }
    : null;
}

/** Statements by shape, built on first use (at most `max`, the oldest dropped first). */
function statementCache<T>(max = 200) {
  const statements = new Map<string, T>();
  return (criteria: Criteria, build: () => T): T => {
    if (!criteria.reusable) return build();
    let s = statements.get(criteria.key);
    if (!s) {
      s = build();
      if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      statements.set(criteria.key, s);
    }
    return s;
  };
}

/** The columns services/search answers with, in its order. */
const searchColumns = {
  id: services.id,
  name: services.name,
  service_number: services.service_number,
  city: services.city,
  state: services.state,
  active: services.active,
  classification_id: services.classification_id,
  primary_level_id: services.primary_level_id,
  county_fips: services.county_fips,
};

export async function serviceSearch(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const byName = [asc(sql`lower(${services.name})`), asc(services.id)];

  const searchStatement = statementCache<ReturnType<typeof buildSearch>>();
  function buildSearch(criteria: Criteria) {
    const where = and(
      eq(services.enterprise_id, p('enterprise_id')),
      isNull(services.deleted_at),
      ...criteria.conditions,
    );
    // Unnamed statements: planned for each request's values (contains and prefix patterns need that).
    if (!criteria.byTrigram)
      return db
        .select(searchColumns)
        .from(services)
        .where(where)
        .orderBy(...byName)
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare('');
    // An offset keeps the matches a subquery of their own, read first (by the trigram index), then
    // sorted. It is a placeholder (always 0) because Drizzle leaves out a literal `offset 0`.
    const matches = db
      .select({ ...searchColumns, sort_name: sql<string>`lower(${services.name})`.as('sort_name') })
      .from(services)
      .where(where)
      .offset(p('fence'))
      .as('matches');
    const { sort_name: _, ...columns } = matches._.selectedFields;
    return db
      .select(columns)
      .from(matches)
      .orderBy(asc(matches.sort_name), asc(matches.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('');
  }

  r.post('/api/services/search', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary:
        'Search live services by the spec criteria, a page at a time in name order (50 unless asked, at most 500); [] when no criterion',
      body: serviceSearchInput,
    },
    handler: async (request) => {
      const criteria = criteriaConditions(db, request.body);
      if (!criteria) return [];
      const { currentPage, numPerPage } = request.body;
      // The rows are the answer: searchColumns are presentServiceLess's fields and the three ids.
      return searchStatement(criteria, () => buildSearch(criteria)).execute({
        ...criteria.params,
        enterprise_id: request.enterpriseId,
        limit: numPerPage,
        offset: (currentPage - 1) * numPerPage,
        fence: 0,
      });
    },
  });

  /** Public lookup: active services only; public fields; refused when the enterprise turned it off. */
  async function publicCriteria(request: { enterpriseId: string; body: ServiceSearchCriteria }) {
    const [e] = await db
      .select({ enabled: enterprises.public_lookup_enabled })
      .from(enterprises)
      .where(eq(enterprises.id, request.enterpriseId));
    if (!e?.enabled) throw new AppError('forbidden', 'The public licence lookup is not offered.');
    return criteriaConditions(db, request.body);
  }
  const publicWhere = (criteria: Criteria) =>
    and(
      eq(services.enterprise_id, p('enterprise_id')),
      isNull(services.deleted_at),
      eq(services.active, true),
      ...criteria.conditions,
    );

  function buildPublicPage(criteria: Criteria) {
    return db
      .select({
        id: services.id,
        name: services.name,
        city: services.city,
        state: services.state,
        level: certification_levels.label,
      })
      .from(services)
      .leftJoin(certification_levels, eq(certification_levels.id, services.primary_level_id))
      .where(publicWhere(criteria))
      .orderBy(...byName)
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('');
  }
  const buildCount = (criteria: Criteria) =>
    db.select({ total: countAll }).from(services).where(publicWhere(criteria)).prepare('');
  const publicStatement = statementCache<ReturnType<typeof buildPublicPage>>();
  const countStatement = statementCache<ReturnType<typeof buildCount>>();
  const publicConfig = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

  r.post('/api/PublicLookupService', {
    config: publicConfig,
    schema: {
      tags,
      summary:
        'Public service lookup: name, city and state, licence number, level, status and expiration; paged; [] when no criterion',
      body: publicLookupInput,
      response: { 200: z.array(publicServiceResult) },
    },
    handler: async (request) => {
      const criteria = await publicCriteria(request);
      if (!criteria) return [];
      const { currentPage, numPerPage } = request.body;
      const rows = await publicStatement(criteria, () => buildPublicPage(criteria)).execute({
        ...criteria.params,
        enterprise_id: request.enterpriseId,
        limit: numPerPage,
        offset: (currentPage - 1) * numPerPage,
      });
      // The licence shown is the service's current one: active first, then the latest expiration,
      // presented as My licences, the certificate and /verify present it.
      const certs: Row[] =
        rows.length === 0
          ? []
          : await joinCredentialNames(
              db.select({ ...getTableColumns(certifications), ...credentialColumns }).from(certifications),
            )
              .where(
                and(
                  inArray(
                    certifications.service_id,
                    rows.map((r) => r.id),
                  ),
                  isNull(certifications.deleted_at),
                ),
              )
              .orderBy(
                sql`case when ${certifications.status} = 'active' then 0 else 1 end`,
                sql`${certifications.expiration_date} desc nulls last`,
              );
      return rows.map((s) => {
        const row = certs.find((x) => x.service_id === s.id);
        const credential = row ? presentCredential(row) : null;
        return {
          name: s.name,
          city: s.city,
          state: s.state,
          license_number: credential?.number ?? null,
          level: credential?.level_label ?? (s.level as string | null) ?? null,
          status: credential?.status ?? null,
          expiration_date: credential?.expiration_date ?? null,
          credential,
        };
      });
    },
  });

  r.post('/api/getservicelookupcount', {
    config: publicConfig,
    schema: { tags, summary: 'How many services the public lookup finds', body: publicLookupInput },
    handler: async (request) => {
      const criteria = await publicCriteria(request);
      if (!criteria) return { count: 0 };
      const [row] = await countStatement(criteria, () => buildCount(criteria)).execute({
        ...criteria.params,
        enterprise_id: request.enterpriseId,
      });
      return { count: row?.total ?? 0 };
    },
  });
}
