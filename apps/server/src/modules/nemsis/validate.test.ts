import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nemsisDir } from './schemas';
import { validateNemsis } from './validate';

const pretest = (name: string) => readFileSync(join(nemsisDir(), 'pretest', name), 'utf8');

// The first run compiles the national Schematron (SaxonJS), which takes a while on a busy machine.
describe('the NEMSIS validator on the official 2025 pre-testing files', () => {
  it('passes 2025-DEM-1 and 2025-STATE-1', async () => {
    const dem = await validateNemsis(pretest('2025-DEM-1_v351.xml'), 'DEM');
    expect(dem).toMatchObject({ valid: true, xsd_valid: true, schematron_valid: true, errors: 0 });
    const state = await validateNemsis(pretest('2025-STATE-1_v351.xml'), 'STATE');
    expect(state).toMatchObject({ valid: true, xsd_valid: true, schematron_valid: true, errors: 0 });
  }, 600_000);

  it('fails 2025-DEM-FailXsd on the schema, naming dConfiguration.02 and its line', async () => {
    const report = await validateNemsis(pretest('2025-DEM-FailXsd_v351.xml'), 'DEM');
    expect(report.valid).toBe(false);
    expect(report.xsd_valid).toBe(false);
    expect(report.issues[0]).toMatchObject({
      source: 'xsd',
      severity: 'error',
      element: 'dConfiguration.02',
    });
    expect(report.issues[0]?.line).toBeGreaterThan(0);
  }, 600_000);

  it('fails 2025-DEM-FailSchematron on the rules only, by element and record', async () => {
    const report = await validateNemsis(pretest('2025-DEM-FailSchematron_v351.xml'), 'DEM');
    expect(report).toMatchObject({ valid: false, xsd_valid: true, schematron_valid: false });
    const errors = report.issues.filter((i) => i.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((i) => i.source === 'schematron')).toBe(true);
    expect(errors[0]).toMatchObject({ element: 'dConfiguration.09', rule: 'nemSch_d016' });
    expect(errors[0]?.record).toContain('351-C034P2');
  }, 600_000);

  it('reports a document that is not XML without running the rules', async () => {
    const report = await validateNemsis('<DEMDataSet xmlns="http://www.nemsis.org"><oops>', 'DEM');
    expect(report).toMatchObject({ valid: false, xsd_valid: false, schematron_valid: false });
  }, 600_000);
});
