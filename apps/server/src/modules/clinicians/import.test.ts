import { dataChangeLog, servicePersonnel, users } from '@licensure/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import {
  createFilesTestContext,
  createService,
  createServiceAdministrator,
  csvOf,
  HEADER,
  upload,
  xlsxOf,
} from './test-helpers';

let t: TestContext;
let service: { id: string };
beforeAll(async () => {
  t = await createFilesTestContext();
  service = await createService(t);
});
afterAll(async () => t?.close());

async function uploadXlsx(caller: Caller, rows: unknown[][], name = 'roster.xlsx'): Promise<string> {
  const res = await upload(t, caller, { name, content: await xlsxOf(rows) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const importUrl = (documentId: string, serviceId = service.id, query = '') =>
  `/api/clinicians/importClinicians/${documentId}/${serviceId}${query}`;
const runImport = (caller: Caller | null, documentId: string, serviceId = service.id, query = '') =>
  t.call(caller, { method: 'POST', url: importUrl(documentId, serviceId, query) });

async function rosterCount(serviceId = service.id): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(servicePersonnel)
    .where(eq(servicePersonnel.service_id, serviceId));
  return row!.n;
}

describe('POST clinicians/importClinicians', () => {
  it('imports a good xlsx whole: matches by EMS id, then email, creates the rest, records changes', async () => {
    const byEms = await t.database.db
      .insert(users)
      .values({
        enterprise_id: t.enterpriseId,
        first_name: 'Ada',
        last_name: 'Known',
        national_ems_id: 'E-100',
        email: 'old@x.org',
      })
      .returning();
    const byEmail = await t.database.db
      .insert(users)
      .values({ enterprise_id: t.enterpriseId, first_name: 'Bo', last_name: 'Mail', email: 'bo@example.org' })
      .returning();
    const doc = await uploadXlsx(t.admin, [
      [
        'LAST NAME',
        'first_name',
        'e-mail address',
        'DOB',
        'National EMS ID',
        'position',
        'Start Date',
        'designated',
        'Notes',
      ],
      [
        'Known',
        'Ada',
        'ignored@x.org',
        new Date(Date.UTC(1980, 4, 2)),
        'e-100',
        'paramedic',
        '2024-01-15',
        'yes',
        'x',
      ],
      ['Mail', 'Bo', 'BO@example.org', '', '', 'EMT', '3/4/2023', '', ''],
      ['New', 'Cy', 'cy@example.org', '1990-12-31', 'E-300', 'EMT', '', 'no', ''],
      ['New', 'Cy', 'cy@example.org', '1990-12-31', 'E-300', 'Driver', '', '', ''],
      [],
    ]);
    const res = await runImport(t.admin, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: 4,
      people_created: 1,
      people_matched: 2,
      roster_added: 4,
      roster_updated: 0,
      roster_unchanged: 0,
    });
    const roster = await t.database.db
      .select()
      .from(servicePersonnel)
      .where(eq(servicePersonnel.service_id, service.id));
    expect(roster).toHaveLength(4);
    const ada = roster.find((r) => r.user_id === byEms[0]!.id)!;
    expect(ada).toMatchObject({ start_date: '2024-01-15', is_designated: true });
    expect(roster.find((r) => r.user_id === byEmail[0]!.id)!.start_date).toBe('2023-03-04');
    const [cy] = await t.database.db.select().from(users).where(eq(users.national_ems_id, 'E-300'));
    expect(cy).toMatchObject({
      first_name: 'Cy',
      email: 'cy@example.org',
      birth_date: '1990-12-31',
      is_staff: false,
    });
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(inArray(dataChangeLog.object_id, [cy!.id, ...roster.map((r) => r.id)]));
    expect(log).toHaveLength(5);

    // The same file again adds nothing; a changed start date updates the entry in place.
    const again = await runImport(t.admin, doc);
    expect(again.json()).toMatchObject({
      roster_added: 0,
      roster_updated: 0,
      roster_unchanged: 4,
      people_created: 0,
    });
    const changed = await uploadXlsx(t.admin, [
      HEADER,
      ['Known', 'Ada', '', '', 'E-100', 'Paramedic', '2024-02-01', 'no'],
    ]);
    const upd = await runImport(t.admin, changed);
    expect(upd.json()).toMatchObject({ roster_added: 0, roster_updated: 1 });
    expect(await rosterCount()).toBe(4);
    const [after] = await t.database.db
      .select()
      .from(servicePersonnel)
      .where(and(eq(servicePersonnel.id, ada.id)));
    expect(after).toMatchObject({ start_date: '2024-02-01', is_designated: false });
  });

  it('imports a csv with quoted fields', async () => {
    const other = await createService(t, 'Csv County EMS');
    const res = await upload(t, t.admin, {
      name: 'roster.csv',
      content: csvOf([
        HEADER,
        ['O"Neil, Jr', 'Dee', 'dee@example.org', '', '', 'Training officer', '2022-05-06', 'Y'],
      ]),
    });
    const imported = await runImport(t.admin, res.json().id, other.id);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ rows: 1, people_created: 1, roster_added: 1 });
    const [dee] = await t.database.db.select().from(users).where(eq(users.email, 'dee@example.org'));
    expect(dee!.last_name).toBe('O"Neil, Jr');
  });

  it('rejects a bad file row by row and writes nothing', async () => {
    const peopleBefore = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const rosterBefore = await rosterCount();
    const doc = await uploadXlsx(t.admin, [
      HEADER,
      ['Good', 'Row', 'good@example.org', '', '', 'EMT', '', ''],
      ['', 'NoLast', 'a@example.org', '', '', 'EMT', '', ''],
      ['Bad', 'Email', 'not-an-email', '', '', 'EMT', '', ''],
      ['Bad', 'Position', 'p@example.org', '', '', 'Astronaut', '', ''],
      ['Bad', 'Dates', 'd@example.org', '2/30/1990', '', 'EMT', 'soon', 'maybe'],
      ['Good', 'Row', 'GOOD@example.org', '', '', 'emt', '', ''],
      ['No', 'Identity', '', '', '', 'EMT', '', ''],
    ]);
    const res = await runImport(t.admin, doc);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toMatch(/6 of 7 rows were rejected; nothing was imported/);
    const pairs = body.error.rows.map((r: { row: number; field: string }) => `${r.row}:${r.field}`);
    expect(pairs).toEqual([
      '3:last_name',
      '4:email',
      '5:position',
      '6:birth_date',
      '6:start_date',
      '6:designated',
      '7:row',
      '8:email',
    ]);
    expect(body.error.rows[3].message).toContain('Date of birth');
    expect(body.error.rows[6].message).toBe('Row 7 repeats row 2 (the same person and position).');
    expect(await rosterCount()).toBe(rosterBefore);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(peopleBefore);
  });

  it('answers 400 for a file that is not a roster, and caps the number of rows', async () => {
    const noHeader = await uploadXlsx(t.admin, [
      ['Name', 'Role'],
      ['A', 'B'],
    ]);
    const res = await runImport(t.admin, noHeader);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.documentId).toMatch(/no "Last name", "First name", "Position" column/);
    const pdf = await upload(t, t.admin, {
      name: 'a.pdf',
      content: Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect((await runImport(t.admin, pdf.json().id)).json().error.fields.documentId).toMatch(
      /not a spreadsheet/,
    );
    const many = Array.from({ length: 10_001 }, (_, i) => [
      `L${i}`,
      'F',
      `p${i}@example.org`,
      '',
      '',
      'EMT',
      '',
      '',
    ]);
    const big = await upload(t, t.admin, { name: 'big.csv', content: csvOf([HEADER, ...many]) });
    const capped = await runImport(t.admin, big.json().id);
    expect(capped.statusCode).toBe(400);
    expect(capped.json().error.fields.documentId).toMatch(/more than 10,000 rows/);
    expect((await runImport(t.admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('answers 401, 403 and 404; a portal administrator may import into their own service only', async () => {
    const doc = await uploadXlsx(t.admin, [
      HEADER,
      ['Solo', 'Sam', 'sam@example.org', '', '', 'EMT', '', ''],
    ]);
    expect((await runImport(null, doc)).statusCode).toBe(401);
    const reader = await t.createCaller(['registry.read']);
    expect((await runImport(reader, doc)).statusCode).toBe(403);
    expect((await runImport(t.applicant, doc)).statusCode).toBe(403);
    expect((await runImport(t.admin, doc, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await runImport(t.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const own = await createService(t, 'Portal Run EMS');
    const admin = await createServiceAdministrator(t, own.id);
    // Another user's document is not theirs to import: hidden from a portal user, as the documents rule says.
    expect((await runImport(admin, doc, own.id)).statusCode).toBe(404);
    const mine = await uploadXlsx(admin, [HEADER, ['Solo', 'Sam', 'sam@example.org', '', '', 'EMT', '', '']]);
    expect((await runImport(admin, mine, service.id)).statusCode).toBe(403);
    const ok = await runImport(admin, mine, own.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().roster_added).toBe(1);
  });
});
