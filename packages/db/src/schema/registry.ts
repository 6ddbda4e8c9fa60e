import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { users } from './platform';

export const trgm = (name: string, expr: ReturnType<typeof sql>) =>
  index(name).using('gin', sql`${expr} gin_trgm_ops`);

export const services = pgTable(
  'services',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    /** The regulator's own number for the service (the spec's service_id criterion). */
    service_number: text('service_number'),
    classification_id: uuid('classification_id'),
    primary_level_id: uuid('primary_level_id'),
    permit_level_id: uuid('permit_level_id'),
    training_level_ids: uuid('training_level_ids').array().notNull().default(sql`'{}'::uuid[]`),
    parent_id: uuid('parent_id'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    county_fips: text('county_fips'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    active: boolean('active').notNull().default(true),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Why it was retired: a service is never erased, its credentials and roster keep their history. */
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('services_enterprise_idx').on(t.enterprise_id),
    index('services_parent_idx').on(t.parent_id),
    index('services_county_idx').on(t.county_fips),
    index('services_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    trgm('services_name_trgm_idx', sql`lower(${t.name})`),
    index('services_number_idx').on(sql`lower(${t.service_number})`),
    // Name searches read their answer in result order from this index alone (bench/README.md).
    index('services_search_idx')
      .on(
        t.enterprise_id,
        sql`lower(${t.name})`,
        t.id,
        t.name,
        t.service_number,
        t.city,
        t.state,
        t.active,
        t.classification_id,
        t.primary_level_id,
        t.county_fips,
      )
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** Counties a service serves (is_affiliation false) or is affiliated with. */
export const serviceCounties = pgTable(
  'service_counties',
  {
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    county_fips: text('county_fips').notNull(),
    is_affiliation: boolean('is_affiliation').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.service_id, t.county_fips, t.is_affiliation] })],
);

export const serviceStations = pgTable(
  'service_stations',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    county_fips: text('county_fips'),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('service_stations_service_idx').on(t.service_id)],
);

/** An area a service covers: a census tract, city, county or postal code. */
export const serviceAreas = pgTable(
  'service_areas',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    kind: text('kind').$type<'census_tract' | 'city' | 'county' | 'postal_code'>().notNull(),
    value: text('value').notNull(),
    state_code: text('state_code').notNull(),
    label: text('label'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('service_areas_service_idx').on(t.service_id),
    index('service_areas_state_idx').on(t.state_code),
    uniqueIndex('service_areas_unique_key').on(t.service_id, t.kind, t.value),
  ],
);

/** Who works where, in which position; `is_designated` marks the service's designated person (director). */
export const servicePersonnel = pgTable(
  'service_personnel',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    position_id: uuid('position_id'),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    is_designated: boolean('is_designated').notNull().default(false),
    is_administrator: boolean('is_administrator').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('service_personnel_service_idx').on(t.service_id),
    index('service_personnel_user_idx').on(t.user_id),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** VIN or serial number. */
    serial_number: text('serial_number').notNull(),
    unit_number: text('unit_number'),
    vehicle_type_id: uuid('vehicle_type_id'),
    specialty_ids: uuid('specialty_ids').array().notNull().default(sql`'{}'::uuid[]`),
    make: text('make'),
    model: text('model'),
    model_year: integer('model_year'),
    license_plate: text('license_plate'),
    plate_state: text('plate_state'),
    in_service: boolean('in_service').notNull().default(true),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Why it was retired: a vehicle is never erased, its credentials keep their history. */
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicles_serial_number_key')
      .on(t.enterprise_id, sql`upper(${t.serial_number})`)
      .where(sql`${t.deleted_at} is null`),
    index('vehicles_serial_prefix_idx').on(sql`upper(${t.serial_number}) text_pattern_ops`),
    index('vehicles_unit_idx').on(sql`lower(${t.unit_number}) text_pattern_ops`),
    trgm('vehicles_plate_trgm_idx', sql`lower(${t.license_plate})`),
  ],
);

export const serviceVehicles = pgTable(
  'service_vehicles',
  {
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    vehicle_id: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.service_id, t.vehicle_id] }),
    index('service_vehicles_vehicle_idx').on(t.vehicle_id),
  ],
);

export const vehicleMileage = pgTable(
  'vehicle_mileage',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    vehicle_id: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    mileage: integer('mileage').notNull(),
    recorded_on: date('recorded_on', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('vehicle_mileage_vehicle_idx').on(t.vehicle_id, t.recorded_on)],
);

/**
 * A credential held by a person, a service or a vehicle (exactly one of the three). Licensing issues
 * them; the registry reads and searches them.
 */
export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id'),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    license_id: uuid('license_id'),
    license_category_level_id: uuid('license_category_level_id'),
    certification_level_id: uuid('certification_level_id'),
    number: text('number').notNull(),
    license_category_id: uuid('license_category_id'),
    /** The request that issued or last renewed it. */
    license_request_id: uuid('license_request_id'),
    /** The configured credential status (licensecategorycertificationstatuses); `status` is its meaning. */
    certification_status_id: uuid('certification_status_id'),
    attribute_ids: uuid('attribute_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Values of the category's credential fields, by field id. */
    field_values: jsonb('field_values').notNull().default(sql`'{}'::jsonb`),
    status: text('status')
      .$type<'active' | 'inactive' | 'expired' | 'suspended' | 'revoked'>()
      .notNull()
      .default('active'),
    issue_date: date('issue_date', { mode: 'string' }),
    expiration_date: date('expiration_date', { mode: 'string' }),
    /** Credentials are never erased: one entered in error is marked deleted, with the reason. */
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('certifications_user_idx').on(t.user_id),
    index('certifications_service_idx').on(t.service_id),
    index('certifications_vehicle_idx').on(t.vehicle_id),
    index('certifications_number_idx').on(sql`upper(${t.number}) text_pattern_ops`),
    index('certifications_expiration_idx').on(t.enterprise_id, t.expiration_date),
    check('certifications_one_holder', sql`num_nonnulls(${t.user_id}, ${t.service_id}, ${t.vehicle_id}) = 1`),
  ],
);

/** A notice on a person, service or vehicle. */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    alert_type_id: uuid('alert_type_id'),
    user_id: uuid('user_id'),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    /** The request or credential the alert is about, besides its holder. */
    license_request_id: uuid('license_request_id'),
    certification_id: uuid('certification_id'),
    value: text('value').notNull(),
    /** manual (staff), trigger or task. */
    source: text('source').notNull().default('manual'),
    created_by: uuid('created_by'),
    retired_at: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    retired_by: uuid('retired_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('alerts_user_idx').on(t.user_id),
    index('alerts_service_idx').on(t.service_id),
    index('alerts_vehicle_idx').on(t.vehicle_id),
    index('alerts_open_idx').on(t.enterprise_id, t.created_at).where(sql`${t.retired_at} is null`),
  ],
);
