import { type NemsisProfileValues, nemsisProfileValues } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/raw-rows';

export async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** A service's NEMSIS profile, or the state's (`serviceId` null); the defaults when none is kept. */
export async function loadProfile(db: Db, enterpriseId: string, serviceId: string | null) {
  const [row] = await query<{ values: unknown; updated_at: Date | string | null }>(
    db,
    sql`select "values", updated_at from nemsis_profiles
        where enterprise_id = ${enterpriseId} and service_id is not distinct from ${serviceId}`,
  );
  const parsed = nemsisProfileValues.safeParse(row?.values ?? {});
  const values: NemsisProfileValues = parsed.success ? parsed.data : nemsisProfileValues.parse({});
  const updatedAt = row?.updated_at ? new Date(row.updated_at).toISOString() : null;
  return { values, updated_at: updatedAt };
}

export interface ServiceRow {
  id: string;
  name: string;
  service_number: string | null;
  state: string | null;
  county_fips: string | null;
  postal_code: string | null;
  street: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  level_code: string | null;
  level_abbreviation: string | null;
  level_label: string | null;
  classification_code: string | null;
  licence_number: string | null;
}

/** The service with its level, classification and current licence number; null when it is not one of the enterprise's. */
export async function loadService(
  db: Db,
  enterpriseId: string,
  serviceId: string,
): Promise<ServiceRow | null> {
  const [row] = await query<ServiceRow>(
    db,
    sql`select s.id, s.name, s.service_number, s.state, s.county_fips, s.postal_code, s.street, s.city, s.phone,
          s.email, s.website, l.code as level_code, l.abbreviation as level_abbreviation, l.label as level_label,
          de.code as classification_code,
          (select c.number from certifications c where c.service_id = s.id and c.deleted_at is null
            order by (c.status = 'active') desc, c.expiration_date desc nulls last limit 1) as licence_number
        from services s
        left join certification_levels l on l.id = s.primary_level_id
        left join data_elements de on de.id = s.classification_id
        where s.id = ${serviceId} and s.enterprise_id = ${enterpriseId} and s.deleted_at is null`,
  );
  return row ?? null;
}

/** The enterprise's state: its State profile's, else the most common state of its services. */
export async function enterpriseStateFips(db: Db, enterpriseId: string, profile: NemsisProfileValues) {
  if (profile.state_fips) return profile.state_fips;
  const [row] = await query<{ fips: string | null }>(
    db,
    sql`select left(county_fips, 2) as fips from services
        where enterprise_id = ${enterpriseId} and deleted_at is null and county_fips ~ '^[0-9]{5}$'
        group by 1 order by count(*) desc limit 1`,
  );
  return row?.fips ?? null;
}
