import { Readable } from 'node:stream';
import {
  certification_levels,
  certifications,
  createUser,
  dataChangeLog,
  nationalRegistryIntegrationData,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { unpackZip } from '../../platform/files/archive-limits';
import { createOtherEnterprise } from '../../test/other-enterprise';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, csvOf, upload, xlsxOf } from '../clinicians/test-helpers';

let t: TestContext;
let staff: Caller;
let person: { id: string };
const HEADER = [
  'Registry Number',
  'First Name',
  'Last Name',
  'Certification Level',
  'Expiration Date',
  'Status',
];

beforeAll(async () => {
  t = await createFilesTestContext();
  staff = await t.createCaller(['nationalRegistry.read', 'nationalRegistry.write']);
  const db = t.database.db;
  person = await createUser(db, t.enterpriseId, {
    first_name: 'Dana',
    last_name: 'Smith',
    national_ems_id: 'E100',
  });
  const [emt] = await db
    .insert(certification_levels)
    .values({ enterprise_id: t.enterpriseId, label: 'EMT', code: 'EMT', abbreviation: 'EMT', rank: 1 })
    .returning();
  await db.insert(certifications).values({
    enterprise_id: t.enterpriseId,
    user_id: person.id,
    certification_level_id: emt?.id ?? null,
    number: 'EMT-1',
    status: 'active',
    expiration_date: '2028-01-31',
  });
});
afterAll(async () => t?.close());

async function importFile(caller: Caller, content: Buffer, name = 'registry.csv') {
  const doc = await upload(t, caller, { name, content });
  expect(doc.statusCode, doc.body).toBe(200);
  return t.call(caller, { method: 'POST', url: `/api/NationalRegistry/import/${doc.json().id}` });
}
async function mismatches(caller: Caller = staff) {
  const res = await t.call(caller, { method: 'GET', url: '/api/NationalRegistry/mismatches' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as {
    registry_data_id: string;
    kind: string;
    registry_number: string;
    state_value: string | null;
    registry_value: string;
  }[];
}

describe('national registry reconciliation', () => {
  it('imports the export and lists each kind of mismatch, then resolves them through the change log', async () => {
    const res = await importFile(
      staff,
      csvOf([
        HEADER,
        ['E100', 'Dana', 'Smyth', 'Paramedic', '2027-03-31', 'Lapsed'],
        ['E999', 'Nobody', 'Known', 'EMT', '2027-03-31', 'Active'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, linked: 1, unknown_numbers: 1 });
    const open = await mismatches();
    const kinds = open.map((m) => `${m.registry_number}:${m.kind}`).sort();
    expect(kinds).toEqual([
      'E100:expiration',
      'E100:lapsed',
      'E100:level',
      'E100:name',
      'E999:unknown_number',
    ]);
    expect(open.find((m) => m.kind === 'level')).toMatchObject({
      state_value: 'EMT',
      registry_value: 'Paramedic',
    });
    const e100 = open.find((m) => m.registry_number === 'E100')!.registry_data_id;
    const e999 = open.find((m) => m.registry_number === 'E999')!.registry_data_id;

    // Accept the registry's name onto the person.
    const accept = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e100}/resolve`,
      payload: { kind: 'name', action: 'accept' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(after?.last_name).toBe('Smyth');
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'users'), eq(dataChangeLog.object_id, person.id)));
    expect(logged.at(-1)?.after).toMatchObject({ last_name: 'Smyth' });

    // Review needs a reason; then the mismatch is gone and a second resolve is a conflict.
    const noReason = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e100}/resolve`,
      payload: { kind: 'level', action: 'review' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeTruthy();
    const review = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e100}/resolve`,
      payload: { kind: 'level', action: 'review', reason: 'Paramedic licence pending with the state' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({
      action: 'reviewed',
      reason: 'Paramedic licence pending with the state',
    });
    const again = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e100}/resolve`,
      payload: { kind: 'level', action: 'review', reason: 'again' },
    });
    expect(again.statusCode).toBe(409);

    // A name mismatch cannot be "linked"; an unknown number links to a person, who gets the number.
    const wrongAction = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e100}/resolve`,
      payload: { kind: 'expiration', action: 'link', user_id: person.id },
    });
    expect(wrongAction.statusCode).toBe(400);
    const other = await createUser(t.database.db, t.enterpriseId, {
      first_name: 'Nobody',
      last_name: 'Known',
    });
    const link = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${e999}/resolve`,
      payload: { kind: 'unknown_number', action: 'link', user_id: other.id },
    });
    expect(link.statusCode, link.body).toBe(200);
    const [linked] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(linked?.national_ems_id).toBe('E999');
    const left = (await mismatches()).map((m) => `${m.registry_number}:${m.kind}`).sort();
    expect(left).toEqual(['E100:expiration', 'E100:lapsed']);
    const resolutions = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.entity, 'national_registry_resolutions'));
    expect(resolutions).toHaveLength(3);
  });

  it('reads xlsx too, and refuses a file with a bad row whole (nothing stored)', async () => {
    const before = await t.database.db.select().from(nationalRegistryIntegrationData);
    const bad = await importFile(
      staff,
      await xlsxOf([
        HEADER,
        ['E200', 'Ok', 'Row', 'EMT', '2027-01-01', ''],
        ['E201', '', 'NoFirst', 'EMT', 'soon', ''],
      ]),
      'registry.xlsx',
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.rows.map((r: { field: string }) => r.field)
        .sort(),
    ).toEqual(['expiration_date', 'first_name']);
    expect(await t.database.db.select().from(nationalRegistryIntegrationData)).toHaveLength(before.length);
    const good = await importFile(
      staff,
      await xlsxOf([HEADER, ['E200', 'Ok', 'Row', 'EMT', '2027-01-01', '']]),
      'registry.xlsx',
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().rows).toBe(1);
  });

  it('refuses a file without the required columns, and a hostile xlsx (zip bomb) with a 400', async () => {
    const noColumns = await importFile(
      staff,
      csvOf([
        ['Name', 'Level'],
        ['x', 'EMT'],
      ]),
    );
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().error.fields.documentId).toMatch(/Registry Number/);
    // A real workbook whose shared strings inflate to 200 MB (a few hundred KB on disk).
    const entries = await unpackZip(await xlsxOf([HEADER, ['E1', 'A', 'B', 'EMT', '2027-01-01', '']]));
    const zip = new yazl.ZipFile();
    for (const e of entries) {
      if (e.name.endsWith('/')) continue;
      if (e.name !== 'xl/sharedStrings.xml') zip.addBuffer(e.content, e.name);
      else {
        const chunk = '<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>'.repeat(20_000);
        zip.addReadStream(
          Readable.from(
            (function* () {
              yield '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
              for (let i = 0; i < 200; i++) yield chunk;
              yield '</sst>';
            })(),
          ),
          e.name,
        );
      }
    }
    zip.end();
    const parts: Buffer[] = [];
    for await (const p of zip.outputStream) parts.push(p as Buffer);
    const bomb = await importFile(staff, Buffer.concat(parts), 'bomb.xlsx');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.fields.documentId).toMatch(/refused: .*(zip bomb|more than 20 MB)/);
  });

  it('answers 401, 403, 404 and keeps to the enterprise', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/NationalRegistry/mismatches' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call(t.reviewer, { method: 'GET', url: '/api/NationalRegistry/mismatches' })).statusCode,
    ).toBe(403);
    const reader = await t.createCaller(['nationalRegistry.read']);
    const some = (await mismatches())[0]!;
    const denied = await t.call(reader, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${some.registry_data_id}/resolve`,
      payload: { kind: some.kind, action: 'review', reason: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const missing = await t.call(staff, {
      method: 'POST',
      url: '/api/NationalRegistry/records/00000000-0000-4000-8000-000000000001/resolve',
      payload: { kind: 'name', action: 'review', reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${some.registry_data_id}/resolve`,
      payload: { kind: 'colour', action: 'review' },
    });
    expect(invalid.statusCode).toBe(400);

    // Another enterprise's registry record is a 404; its person cannot be linked (400 naming user_id).
    const other = await createOtherEnterprise(t);
    const [foreign] = await t.database.db
      .insert(nationalRegistryIntegrationData)
      .values({
        enterprise_id: other.enterpriseId,
        national_ems_id: 'E555',
        payload: {
          source: 'registry_export',
          registry_number: 'E555',
          first_name: 'A',
          last_name: 'B',
          level: 'EMT',
          expiration_date: '2027-01-01',
          status: 'Active',
        },
      })
      .returning();
    const cross = await t.call(staff, {
      method: 'POST',
      url: `/api/NationalRegistry/records/${foreign!.id}/resolve`,
      payload: { kind: 'unknown_number', action: 'review', reason: 'x' },
    });
    expect(cross.statusCode).toBe(404);
    expect((await mismatches()).some((m) => m.registry_number === 'E555')).toBe(false);
    const unknown = (await mismatches()).find((m) => m.kind === 'unknown_number');
    const foreignPerson = await other.rowOf(users);
    if (unknown) {
      const res = await t.call(staff, {
        method: 'POST',
        url: `/api/NationalRegistry/records/${unknown.registry_data_id}/resolve`,
        payload: { kind: 'unknown_number', action: 'link', user_id: foreignPerson },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.user_id).toBeTruthy();
    }
  });
});
