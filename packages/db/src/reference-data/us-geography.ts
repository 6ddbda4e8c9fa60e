/**
 * US states, the District of Columbia and the territories (FIPS 5-2 / ANSI INCITS 38 codes with USPS
 * abbreviations), and county equivalents with their 5-digit FIPS codes.
 *
 * Counties come from `us-counties.tsv` beside this file: the 3,235 county equivalents of the Census
 * Bureau's 2023 geography (3,144 in the 50 states and DC, 78 Puerto Rico municipios, and the island
 * areas), including the nine Connecticut planning regions (2022) and Alaska's Chugach and Copper River
 * census areas (2019). How it was built and from what is in README.md. Census data is a US Government
 * work in the public domain.
 */
import { readFileSync } from 'node:fs';

export interface UsState {
  /** Two-digit FIPS code, e.g. "06". */
  fips: string;
  /** USPS abbreviation, e.g. "CA". */
  abbreviation: string;
  name: string;
}

export interface UsCounty {
  /** Five-digit FIPS code: state FIPS + county FIPS, e.g. "48201". */
  fips: string;
  stateFips: string;
  /** Census name with its legal/statistical description, e.g. "Harris County", "Orleans Parish". */
  name: string;
}

const stateRows: readonly (readonly [string, string, string])[] = [
  ['01', 'AL', 'Alabama'],
  ['02', 'AK', 'Alaska'],
  ['04', 'AZ', 'Arizona'],
  ['05', 'AR', 'Arkansas'],
  ['06', 'CA', 'California'],
  ['08', 'CO', 'Colorado'],
  ['09', 'CT', 'Connecticut'],
  ['10', 'DE', 'Delaware'],
  ['11', 'DC', 'District of Columbia'],
  ['12', 'FL', 'Florida'],
  ['13', 'GA', 'Georgia'],
  ['15', 'HI', 'Hawaii'],
  ['16', 'ID', 'Idaho'],
  ['17', 'IL', 'Illinois'],
  ['18', 'IN', 'Indiana'],
  ['19', 'IA', 'Iowa'],
  ['20', 'KS', 'Kansas'],
  ['21', 'KY', 'Kentucky'],
  ['22', 'LA', 'Louisiana'],
  ['23', 'ME', 'Maine'],
  ['24', 'MD', 'Maryland'],
  ['25', 'MA', 'Massachusetts'],
  ['26', 'MI', 'Michigan'],
  ['27', 'MN', 'Minnesota'],
  ['28', 'MS', 'Mississippi'],
  ['29', 'MO', 'Missouri'],
  ['30', 'MT', 'Montana'],
  ['31', 'NE', 'Nebraska'],
  ['32', 'NV', 'Nevada'],
  ['33', 'NH', 'New Hampshire'],
  ['34', 'NJ', 'New Jersey'],
  ['35', 'NM', 'New Mexico'],
  ['36', 'NY', 'New York'],
  ['37', 'NC', 'North Carolina'],
  ['38', 'ND', 'North Dakota'],
  ['39', 'OH', 'Ohio'],
  ['40', 'OK', 'Oklahoma'],
  ['41', 'OR', 'Oregon'],
  ['42', 'PA', 'Pennsylvania'],
  ['44', 'RI', 'Rhode Island'],
  ['45', 'SC', 'South Carolina'],
  ['46', 'SD', 'South Dakota'],
  ['47', 'TN', 'Tennessee'],
  ['48', 'TX', 'Texas'],
  ['49', 'UT', 'Utah'],
  ['50', 'VT', 'Vermont'],
  ['51', 'VA', 'Virginia'],
  ['53', 'WA', 'Washington'],
  ['54', 'WV', 'West Virginia'],
  ['55', 'WI', 'Wisconsin'],
  ['56', 'WY', 'Wyoming'],
  ['60', 'AS', 'American Samoa'],
  ['66', 'GU', 'Guam'],
  ['69', 'MP', 'Northern Mariana Islands'],
  ['72', 'PR', 'Puerto Rico'],
  ['74', 'UM', 'U.S. Minor Outlying Islands'],
  ['78', 'VI', 'U.S. Virgin Islands'],
];

/** The 50 states, DC, Puerto Rico and the other territories, ordered by FIPS code. */
export const usStates: UsState[] = stateRows.map(([fips, abbreviation, name]) => ({
  fips,
  abbreviation,
  name,
}));

/** FIPS codes of the entries of `usStates` that are not one of the 50 states. */
export const nonStateFips: readonly string[] = ['11', '60', '66', '69', '72', '74', '78'];

/** Parses `fips<TAB>name` lines (first line a header) into counties. */
export function parseCountiesTsv(tsv: string): UsCounty[] {
  return tsv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [fips = '', name = ''] = line.split('\t');
      if (!/^\d{5}$/.test(fips) || name === '') throw new Error(`us-counties.tsv: bad line "${line}"`);
      return { fips, stateFips: fips.slice(0, 2), name };
    });
}

/** All county equivalents, ordered by FIPS code. */
export const usCounties: UsCounty[] = parseCountiesTsv(
  readFileSync(new URL('./us-counties.tsv', import.meta.url), 'utf8'),
);

const statesByFips = new Map(usStates.map((s) => [s.fips, s]));
const statesByAbbreviation = new Map(usStates.map((s) => [s.abbreviation, s]));
const countiesByFips = new Map(usCounties.map((c) => [c.fips, c]));

export function stateByFips(fips: string): UsState | undefined {
  return statesByFips.get(fips);
}

export function stateByAbbreviation(abbreviation: string): UsState | undefined {
  return statesByAbbreviation.get(abbreviation.toUpperCase());
}

export function countyByFips(fips: string): UsCounty | undefined {
  return countiesByFips.get(fips);
}

/** Counties of a state, by its FIPS code ("48") or USPS abbreviation ("TX"). */
export function countiesOfState(state: string): UsCounty[] {
  const fips = /^\d{2}$/.test(state) ? state : stateByAbbreviation(state)?.fips;
  return fips ? usCounties.filter((c) => c.stateFips === fips) : [];
}
