import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { loadPlaces, loadZipCounties, usCounties, usStates } from '../reference-data/index';
import { counties, places, states, zipCounties } from '../schema/geography';
import { insertInChunks } from './bulk';

/** Loads US states, counties, ZIP codes and places once; they are national standards. */
export async function seedGeography(db: Db): Promise<void> {
  const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(states);
  if ((row?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await insertInChunks(
      tx,
      states,
      usStates.map((s) => ({ fips: s.fips, abbreviation: s.abbreviation, name: s.name })),
    );
    await insertInChunks(
      tx,
      counties,
      usCounties.map((c) => ({ fips: c.fips, state_fips: c.stateFips, name: c.name })),
    );
    await insertInChunks(
      tx,
      zipCounties,
      loadZipCounties().map((z) => ({
        zip: z.zip,
        county_fips: z.countyFips,
        state_abbreviation: z.stateAbbreviation,
        city: z.city,
      })),
    );
    await insertInChunks(
      tx,
      places,
      loadPlaces().map((p) => ({
        name: p.name,
        state_abbreviation: p.stateAbbreviation,
        county_fips: p.countyFips,
      })),
    );
  });
}
