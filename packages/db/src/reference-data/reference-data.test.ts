import { describe, expect, it } from 'vitest';
import { nremtLevels, nremtStatuses } from './national-registry';
import { dataElementRows, nemsisLabel, nemsisSections } from './nemsis';
import { loadPlaces } from './places';
import {
  countiesOfState,
  countyByFips,
  nonStateFips,
  parseCountiesTsv,
  stateByAbbreviation,
  stateByFips,
  usCounties,
  usStates,
} from './us-geography';
import { loadZipCounties, lookupZipCounties } from './zip-county';

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => seen.size === seen.add(v).size);
}

describe('NEMSIS and NCIC code lists', () => {
  it('has the sections the data elements lookup loads', () => {
    for (const name of [
      'gender',
      'race',
      'education',
      'employment_status',
      'vehicle_types',
      'organization_types',
      'organization_status',
      'agency_service_types',
      'level_of_service',
      'personnel_licensure_levels',
      'primary_language',
      'hair',
      'eye_colour',
    ]) {
      expect(nemsisSections[name], name).toBeDefined();
    }
  });

  it('has non-empty entries with no duplicate code or label within a section', () => {
    for (const [name, section] of Object.entries(nemsisSections)) {
      expect(name.length, name).toBeLessThanOrEqual(64);
      expect(section.source.trim(), name).not.toBe('');
      expect(section.entries.length, name).toBeGreaterThan(1);
      for (const e of section.entries) {
        expect(e.code.trim(), `${name} code`).not.toBe('');
        expect(e.code.length, `${name} ${e.code}`).toBeLessThanOrEqual(64);
        expect(e.label.trim(), `${name} ${e.code}`).not.toBe('');
      }
      expect(duplicates(section.entries.map((e) => e.code)), name).toEqual([]);
      expect(duplicates(section.entries.map((e) => e.label.toLowerCase())), name).toEqual([]);
    }
  });

  it('carries the published codes', () => {
    expect(nemsisLabel('gender', '9919001')).toBe('Female');
    expect(nemsisLabel('race', '1513011')).toBe('White');
    expect(nemsisLabel('vehicle_types', '1404001')).toBe('Ambulance');
    expect(nemsisLabel('level_of_service', '9917007')).toBe('Paramedic');
    expect(nemsisLabel('personnel_licensure_levels', '9925005')).toBe('Emergency Medical Technician (EMT)');
    expect(nemsisLabel('organization_types', '9912001')).toBe('Fire Department');
    expect(nemsisLabel('primary_language', 'spa')).toBe('Spanish');
    expect(nemsisLabel('hair', 'BRO')).toBe('Brown');
    expect(nemsisLabel('eye_colour', 'HAZ')).toBe('Hazel');
    expect(nemsisSections.hair?.source).toMatch(/NCIC/);
    expect(nemsisSections.eye_colour?.source).toMatch(/NCIC/);
  });

  it('flattens to data element rows', () => {
    const rows = dataElementRows();
    const total = Object.values(nemsisSections).reduce((n, s) => n + s.entries.length, 0);
    expect(rows).toHaveLength(total);
    expect(rows[0]).toMatchObject({
      data_section_name: 'gender',
      code: '9919001',
      label: 'Female',
      sort_order: 1,
    });
    expect(duplicates(rows.map((r) => `${r.data_section_name}|${r.label.toLowerCase()}`))).toEqual([]);
  });
});

describe('US states and counties', () => {
  it('has the 50 states, DC, Puerto Rico and the other territories', () => {
    expect(usStates).toHaveLength(57);
    expect(usStates.filter((s) => !nonStateFips.includes(s.fips))).toHaveLength(50);
    expect(duplicates(usStates.map((s) => s.fips))).toEqual([]);
    expect(duplicates(usStates.map((s) => s.abbreviation))).toEqual([]);
    for (const s of usStates) {
      expect(s.fips).toMatch(/^\d{2}$/);
      expect(s.abbreviation).toMatch(/^[A-Z]{2}$/);
      expect(s.name.trim()).not.toBe('');
    }
    expect(stateByFips('06')).toEqual({ fips: '06', abbreviation: 'CA', name: 'California' });
    expect(stateByAbbreviation('tx')?.fips).toBe('48');
    expect(stateByAbbreviation('PR')?.fips).toBe('72');
    expect(stateByFips('11')?.abbreviation).toBe('DC');
  });

  it('has every current county equivalent with a valid, unique FIPS code', () => {
    expect(usCounties).toHaveLength(3235);
    expect(usCounties.filter((c) => c.stateFips < '60')).toHaveLength(3144);
    expect(duplicates(usCounties.map((c) => c.fips))).toEqual([]);
    for (const c of usCounties) {
      expect(c.fips).toMatch(/^\d{5}$/);
      expect(c.fips.startsWith(c.stateFips)).toBe(true);
      expect(stateByFips(c.stateFips), c.fips).toBeDefined();
      expect(c.name.trim()).not.toBe('');
    }
    expect(countyByFips('48201')).toEqual({ fips: '48201', stateFips: '48', name: 'Harris County' });
    expect(countyByFips('06037')?.name).toBe('Los Angeles County');
    expect(countyByFips('22071')?.name).toBe('Orleans Parish');
    expect(countyByFips('09110')?.name).toBe('Capitol Planning Region');
    expect(countyByFips('09003')).toBeUndefined();
    expect(countiesOfState('TX')).toHaveLength(254);
    expect(countiesOfState('06')).toHaveLength(58);
  });

  it('rejects a malformed county line', () => {
    expect(() => parseCountiesTsv('fips\tname\n4820\tHarris County\n')).toThrow(/bad line/);
  });
});

describe('ZIP codes and places', () => {
  it('maps ZIP codes to counties', () => {
    const rows = loadZipCounties();
    expect(rows.length).toBeGreaterThan(40_000);
    expect(duplicates(rows.map((r) => r.zip))).toEqual([]);
    const bad = rows.filter(
      (r) =>
        !/^\d{5}$/.test(r.zip) ||
        !countyByFips(r.countyFips) ||
        // The primary county is in the ZIP code's own state.
        stateByAbbreviation(r.stateAbbreviation)?.fips !== r.countyFips.slice(0, 2) ||
        r.city.trim() === '',
    );
    expect(bad).toEqual([]);
    expect(rows.find((r) => r.zip === '90210')).toEqual({
      zip: '90210',
      countyFips: '06037',
      stateAbbreviation: 'CA',
      city: 'Beverly Hills',
    });
  });

  it('looks up one postal code, with every county it touches', () => {
    expect(lookupZipCounties('77002').map((r) => r.countyFips)).toEqual(['48201']);
    expect(lookupZipCounties('90210-1234')[0]?.countyFips).toBe('06037');
    // A PO-box ZIP code, known only to GeoNames.
    expect(lookupZipCounties('77001')[0]?.countyFips).toBe('48201');
    expect(lookupZipCounties('00601').map((r) => r.countyFips)).toEqual(['72001', '72141']);
    // Fort Campbell straddles Kentucky and Tennessee: the Kentucky county comes first.
    expect(lookupZipCounties('42223').map((r) => r.countyFips)).toEqual(['21047', '47125']);
    expect(lookupZipCounties('00000')).toEqual([]);
  });

  it('derives places per county', () => {
    const places = loadPlaces();
    expect(places.length).toBeGreaterThan(20_000);
    expect(places).toContainEqual({ name: 'Beverly Hills', stateAbbreviation: 'CA', countyFips: '06037' });
    expect(
      places.filter((p) => stateByAbbreviation(p.stateAbbreviation)?.fips !== p.countyFips.slice(0, 2)),
    ).toEqual([]);
    expect(duplicates(places.map((p) => `${p.countyFips}|${p.name.toLowerCase()}`))).toEqual([]);
  });
});

describe('National Registry', () => {
  it('has the four certification levels and real statuses', () => {
    expect(nremtLevels.map((l) => l.code)).toEqual(['EMR', 'EMT', 'AEMT', 'Paramedic']);
    expect(nremtLevels.map((l) => l.credential)).toEqual(['NREMR', 'NREMT', 'NRAEMT', 'NRP']);
    for (const l of nremtLevels) expect(nemsisLabel('national_registry_levels', l.nemsisCode)).toBeDefined();
    expect(nremtStatuses.map((s) => s.label)).toEqual([
      'Active',
      'Inactive',
      'Lapsed',
      'Suspended',
      'Revoked',
    ]);
    expect(duplicates(nremtStatuses.map((s) => s.code))).toEqual([]);
  });
});
