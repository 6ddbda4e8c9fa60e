import { publicLookupInput, type ServiceSearchCriteria, serviceSearchCriteria } from '@licensure/contracts';
import { certification_levels, certifications, enterprises, serviceCounties, services } from '@licensure/db';
import { and, arrayOverlaps, asc, eq, exists, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/errors';
import { countAll, escapeLike, likeContains } from '../../platform/resources/list-query';
import { tags } from './common';
import { presentServiceLess } from './present';

const prefix = (s: string) => `${escapeLike(s)}%`;

/**
 * The conditions of the spec's service search criteria, or null when no criterion is given.
 * Licence number and service number match by prefix, name by contains, city by prefix (all
 * case-insensitive); county matches the service's own county or a county it serves.
 */
export function criteriaConditions(db: FastifyInstance['deps']['database']['db'], c: ServiceSearchCriteria) {
  const conditions: SQL[] = [];
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const number = text(c.primary_license_number);
  if (number)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(certifications)
          .where(
            and(
              eq(certifications.service_id, services.id),
              sql`upper(${certifications.number}) like ${prefix(number).toUpperCase()}`,
            ),
          ),
      ),
    );
  const name = text(c.service_name);
  // lower(...) like, not ilike: the trigram index is on lower(name).
  if (name) conditions.push(sql`lower(${services.name}) like ${likeContains(name).toLowerCase()}`);
  if (c.primary_level_id) conditions.push(eq(services.primary_level_id, c.primary_level_id));
  if (c.certification_level_id)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(certifications)
          .where(
            and(
              eq(certifications.service_id, services.id),
              eq(certifications.certification_level_id, c.certification_level_id),
              eq(certifications.status, 'active'),
            ),
          ),
      ),
    );
  if (c.training_level_ids?.length)
    conditions.push(arrayOverlaps(services.training_level_ids, c.training_level_ids));
  if (c.permit_level_id) conditions.push(eq(services.permit_level_id, c.permit_level_id));
  if (c.classification_id) conditions.push(eq(services.classification_id, c.classification_id));
  const city = text(c.city);
  if (city) conditions.push(ilike(services.city, prefix(city)));
  if (c.county) {
    const served = exists(
      db
        .select({ one: sql`1` })
        .from(serviceCounties)
        .where(and(eq(serviceCounties.service_id, services.id), eq(serviceCounties.county_fips, c.county))),
    );
    conditions.push(or(eq(services.county_fips, c.county), served) as SQL);
  }
  const serviceNumber = text(c.service_id);
  if (serviceNumber) conditions.push(ilike(services.service_number, prefix(serviceNumber)));
  return conditions.length > 0 ? conditions : null;
}

export async function serviceSearch(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/services/search', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Search live services by the spec criteria (at most 500, by name); [] when no criterion',
      body: serviceSearchCriteria,
    },
    handler: async (request) => {
      const conditions = criteriaConditions(db, request.body);
      if (!conditions) return [];
      const rows = await db
        .select()
        .from(services)
        .where(
          and(eq(services.enterprise_id, request.enterpriseId), isNull(services.deleted_at), ...conditions),
        )
        .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
        .limit(500);
      return rows.map((s) => ({
        ...presentServiceLess(s),
        classification_id: s.classification_id,
        primary_level_id: s.primary_level_id,
        county_fips: s.county_fips,
      }));
    },
  });

  /** Public lookup: active services only; public fields; refused when the enterprise turned it off. */
  async function publicWhere(request: { enterpriseId: string; body: ServiceSearchCriteria }) {
    const [e] = await db
      .select({ enabled: enterprises.public_lookup_enabled })
      .from(enterprises)
      .where(eq(enterprises.id, request.enterpriseId));
    if (!e?.enabled) throw new AppError('forbidden', 'The public licence lookup is not offered.');
    const conditions = criteriaConditions(db, request.body);
    if (!conditions) return null;
    return and(
      eq(services.enterprise_id, request.enterpriseId),
      isNull(services.deleted_at),
      eq(services.active, true),
      ...conditions,
    );
  }

  const publicConfig = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

  r.post('/api/PublicLookupService', {
    config: publicConfig,
    schema: {
      tags,
      summary:
        'Public service lookup: name, city and state, licence number, level, status and expiration; paged; [] when no criterion',
      body: publicLookupInput,
    },
    handler: async (request) => {
      const where = await publicWhere(request);
      if (!where) return [];
      const { currentPage, numPerPage } = request.body;
      const rows = await db
        .select({
          id: services.id,
          name: services.name,
          city: services.city,
          state: services.state,
          level: certification_levels.label,
        })
        .from(services)
        .leftJoin(certification_levels, eq(certification_levels.id, services.primary_level_id))
        .where(where)
        .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
        .limit(numPerPage)
        .offset((currentPage - 1) * numPerPage);
      // The licence shown is the service's current one: active first, then the latest expiration.
      const certs =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(certifications)
              .where(
                inArray(
                  certifications.service_id,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(
                sql`case when ${certifications.status} = 'active' then 0 else 1 end`,
                sql`${certifications.expiration_date} desc nulls last`,
              );
      return rows.map((s) => {
        const c = certs.find((x) => x.service_id === s.id);
        return {
          name: s.name,
          city: s.city,
          state: s.state,
          license_number: c?.number ?? null,
          level: (s.level as string | null) ?? null,
          status: c?.status ?? null,
          expiration_date: c?.expiration_date ?? null,
        };
      });
    },
  });

  r.post('/api/getservicelookupcount', {
    config: publicConfig,
    schema: { tags, summary: 'How many services the public lookup finds', body: publicLookupInput },
    handler: async (request) => {
      const where = await publicWhere(request);
      if (!where) return { count: 0 };
      const [row] = await db.select({ total: countAll }).from(services).where(where);
      return { count: row?.total ?? 0 };
    },
  });
}
