import { rosterColumns } from '@licensure/contracts';
import { createUser, servicePersonnel } from '@licensure/db';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import {
  createFilesTestContext,
  createService,
  createServiceAdministrator,
  HEADER,
  upload,
  xlsxOf,
} from './test-helpers';

let t: TestContext;
let service: { id: string };
beforeAll(async () => {
  t = await createFilesTestContext();
  service = await createService(t);
  const doc = await upload(t, t.admin, {
    name: 'roster.xlsx',
    content: await xlsxOf([
      HEADER,
      ['Zeta', 'Zoe', 'zoe@example.org', '1985-07-04', 'Z-1', 'Paramedic', '2020-01-02', 'yes'],
      ['Alpha', 'Al', 'al@example.org', '', '', 'EMT', '2021-03-04', ''],
    ]),
  });
  const res = await t.call(t.admin, {
    method: 'POST',
    url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  // An entry that ended is not part of the roster any more.
  await t.database.db.insert(servicePersonnel).values({
    enterprise_id: t.enterpriseId,
    service_id: service.id,
    user_id: t.applicant.userId,
    start_date: '2010-01-01',
    end_date: '2011-01-01',
  });
});
afterAll(async () => t?.close());

const getExcel = (caller: Parameters<TestContext['call']>[0], serviceId: string = service.id) =>
  t.call(caller, { method: 'GET', url: `/api/clinicians/getExcel?serviceID=${serviceId}` });

async function readBack(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET clinicians/getExcel', () => {
  it('streams the active roster as a real xlsx with the import columns', async () => {
    const res = await getExcel(t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="roster-.*\.xlsx"/);
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([...rosterColumns.map((c) => c.header), 'End date']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 3)).toEqual(['Alpha', 'Al', 'al@example.org']);
    expect(rows[1]![5]).toBe('EMT');
    expect((rows[1]![6] as Date).toISOString().slice(0, 10)).toBe('2021-03-04');
    expect(rows[2]![0]).toBe('Zeta');
    expect((rows[2]![3] as Date).toISOString().slice(0, 10)).toBe('1985-07-04');
    expect(rows[2]![4]).toBe('Z-1');
    expect(rows[2]![7]).toBe('Yes');
  });

  it('round-trips: importing the exported file changes nothing', async () => {
    const res = await getExcel(t.admin);
    const doc = await upload(t, t.admin, { name: 'export.xlsx', content: res.rawPayload });
    expect(doc.statusCode).toBe(200);
    const again = await t.call(t.admin, {
      method: 'POST',
      url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}`,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      rows: 2,
      people_created: 0,
      people_matched: 2,
      roster_added: 0,
      roster_updated: 0,
      roster_unchanged: 2,
    });
  });

  it('answers 400, 401, 403 and 404; registry.read or the service administrator may export', async () => {
    expect((await t.call(t.admin, { method: 'GET', url: '/api/clinicians/getExcel' })).statusCode).toBe(400);
    expect((await getExcel(t.admin, 'nope')).statusCode).toBe(400);
    expect((await getExcel(null)).statusCode).toBe(401);
    expect((await getExcel(t.reviewer)).statusCode).toBe(403);
    expect((await getExcel(t.applicant)).statusCode).toBe(403);
    expect((await getExcel(t.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const reader = await t.createCaller(['registry.read']);
    expect((await getExcel(reader)).statusCode).toBe(200);
    const other = await createService(t, 'Other EMS');
    const admin = await createServiceAdministrator(t, other.id);
    expect((await getExcel(admin, other.id)).statusCode).toBe(200);
    expect((await getExcel(admin)).statusCode).toBe(403);
  });

  it('writes names a spreadsheet would run as a formula as text, with a leading quote', async () => {
    const injected = await createService(t, 'Injected EMS');
    const formula = '=HYPERLINK("http://evil.example","Roster")';
    const person = await createUser(t.database.db, t.enterpriseId, {
      last_name: formula,
      first_name: '-1+1',
    });
    await t.database.db.insert(servicePersonnel).values({
      enterprise_id: t.enterpriseId,
      service_id: injected.id,
      user_id: person.id,
      start_date: '2022-01-01',
    });
    const rows = await readBack((await getExcel(t.admin, injected.id)).rawPayload);
    expect(rows[1]!.slice(0, 2)).toEqual([`'${formula}`, "'-1+1"]);
  });
});
