/**
 * Places (city and town names) per county for the `gnis/places` lookup.
 *
 * No GNIS feature-ID data set is available to this project as a package, so places are derived from the
 * ZIP data of `zip-county` (the committed `zip-counties.tsv`; no package is needed): every distinct city
 * name a ZIP code is given, placed in that ZIP code's primary county. Computed once and cached. These
 * are USPS/ZIP city names, not GNIS populated places: they carry no GNIS ID, a place that spans counties
 * appears only where its ZIP codes' populations mostly lie, and unincorporated places without a ZIP code
 * of their own are missing.
 */
import { stateByFips } from './us-geography';
import { loadZipCounties } from './zip-county';

export interface Place {
  name: string;
  stateAbbreviation: string;
  countyFips: string;
}

let cache: Place[] | undefined;

/** Distinct places, ordered by state, county and name. */
export function loadPlaces(): Place[] {
  cache ??= derivePlaces();
  return cache.slice();
}

function derivePlaces(): Place[] {
  const places = new Map<string, Place>();
  for (const z of loadZipCounties()) {
    const name = z.city.trim();
    if (name === '') continue;
    // "St. Marys" and "St Marys" are one place.
    const key = `${z.countyFips}|${name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')}`;
    // The county's state, which for a ZIP code crossing a state line differs from its USPS state.
    const stateAbbreviation = stateByFips(z.countyFips.slice(0, 2))?.abbreviation ?? z.stateAbbreviation;
    if (!places.has(key)) places.set(key, { name, stateAbbreviation, countyFips: z.countyFips });
  }
  return [...places.values()].sort(
    (a, b) =>
      a.stateAbbreviation.localeCompare(b.stateAbbreviation) ||
      a.countyFips.localeCompare(b.countyFips) ||
      a.name.localeCompare(b.name),
  );
}

/** Places of one county, by its five-digit FIPS code. */
export function placesOfCounty(countyFips: string, places: Place[] = loadPlaces()): Place[] {
  return places.filter((p) => p.countyFips === countyFips);
}
