import { index, pgTable, text } from 'drizzle-orm/pg-core';

/** US states and territories (FIPS 5-2). A national standard, shared by every enterprise. */
export const states = pgTable('geo_states', {
  fips: text('fips').primaryKey(),
  abbreviation: text('abbreviation').notNull().unique(),
  name: text('name').notNull(),
});

export const counties = pgTable(
  'geo_counties',
  {
    fips: text('fips').primaryKey(),
    state_fips: text('state_fips').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('geo_counties_state_idx').on(t.state_fips)],
);

export const zipCounties = pgTable(
  'geo_zip_counties',
  {
    zip: text('zip').notNull(),
    county_fips: text('county_fips').notNull(),
    state_abbreviation: text('state_abbreviation').notNull(),
    city: text('city').notNull(),
  },
  (t) => [index('geo_zip_counties_zip_idx').on(t.zip)],
);

export const places = pgTable(
  'geo_places',
  {
    name: text('name').notNull(),
    state_abbreviation: text('state_abbreviation').notNull(),
    county_fips: text('county_fips').notNull(),
    gnis_id: text('gnis_id'),
  },
  (t) => [index('geo_places_county_idx').on(t.state_abbreviation, t.county_fips)],
);
