import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireDrillMessages } from '@licensure/contracts';
import { dataChangeLog, enterprises, humanChecks } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { humanCheckAnswer } from './test-human-check';

let t: TestContext;
let staff: Caller;
let keeper: Caller;
let systemId: string;
let schoolId: string;
let closedSchoolId: string;
let verifier: Server;

beforeAll(async () => {
  // A stand-in for Google's siteverify: token "good" passes for the action firedrill.
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const ok = form.get('secret') === 'drill-secret' && form.get('response') === 'good';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: ok, action: 'firedrill' }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const port = (verifier.address() as AddressInfo).port;
  t = await createTestContext({ RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` });
  [staff, keeper] = await Promise.all([
    t.createCaller(['firedrills.read']),
    t.createCaller(['firedrills.read', 'firedrills.write']),
  ]);
  const system = await t.call(keeper, {
    method: 'POST',
    url: '/api/firedrill/schoolsystems',
    payload: { school_system: { label: 'Hays CISD', county: 'Hays' } },
  });
  expect(system.statusCode, system.body).toBe(201);
  systemId = system.json().id;
  const school = (label: string, active = true) =>
    t.call(keeper, {
      method: 'POST',
      url: '/api/firedrill/schools',
      payload: { school: { label, school_system_id: systemId, city: 'Kyle', active } },
    });
  schoolId = (await school('Kyle Elementary')).json().id;
  closedSchoolId = (await school('Old Mill School', false)).json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  verifier?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const drill = (extra: Record<string, unknown> = {}) => ({
  school_id: schoolId,
  drill_date: today(),
  drill_time: '09:45',
  drill_type: 'fire',
  announced: false,
  evacuation_seconds: 140,
  occupants: 350,
  reporter_name: 'Pat Principal',
  reporter_title: 'Principal',
  reporter_email: 'pat@kyle.example.org',
  ...extra,
});

const answer = () => humanCheckAnswer(t, 'firedrill');

/** Each report from an address of its own, so that only the rate-limit test meets the limit. */
let sender = 0;
const report = (body: Record<string, unknown>) =>
  t.call(null, {
    method: 'POST',
    url: '/api/public/firedrill/drills',
    payload: body,
    remoteAddress: `198.51.100.${++sender}`,
  });

describe('public fire drill lists', () => {
  it('lists school systems, their active schools, and years without signing in', async () => {
    const systems = await t.call(null, { method: 'GET', url: '/api/public/firedrill/schoolsystems' });
    expect(systems.statusCode).toBe(200);
    expect(systems.json()).toContainEqual({ id: systemId, label: 'Hays CISD', county: 'Hays' });
    const list = await t.call(null, {
      method: 'GET',
      url: `/api/public/firedrill/schools?school_system_id=${systemId}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { id: string }) => s.id)).toEqual([schoolId]);
    const years = await t.call(null, { method: 'GET', url: '/api/public/firedrill/years' });
    expect(years.json()).toContain(new Date().getUTCFullYear());
  });

  it('answers 400 for bad ids and 404 for unknown ones', async () => {
    const bad = await t.call(null, {
      method: 'GET',
      url: '/api/public/firedrill/schools?school_system_id=1%27%20or%201=1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('school_system_id');
    const missing = await t.call(null, { method: 'GET', url: '/api/public/firedrill/schools' });
    expect(missing.statusCode).toBe(400);
    const unknown = await t.call(null, {
      method: 'GET',
      url: '/api/public/firedrill/schools?school_system_id=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const drills = await t.call(null, {
      method: 'GET',
      url: '/api/public/firedrill/drills?school_id=00000000-0000-4000-8000-000000000000',
    });
    expect(drills.statusCode).toBe(404);
    const year = await t.call(null, {
      method: 'GET',
      url: `/api/public/firedrill/drills?school_id=${schoolId}&year=abc`,
    });
    expect(year.statusCode).toBe(400);
    expect(year.json().error.fields).toHaveProperty('year');
  });
});

describe('POST public/firedrill/drills', () => {
  it('records a drill a school reports with the local check, once per answer', async () => {
    const token = await answer();
    const res = await report({ drill: drill(), recaptchaToken: token });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const replay = await report({ drill: drill(), recaptchaToken: token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.fields.recaptchaToken).toBe(fireDrillMessages.humanCheckFailed);

    const shown = await t.call(null, {
      method: 'GET',
      url: `/api/public/firedrill/drills?school_id=${schoolId}&year=${new Date().getUTCFullYear()}`,
    });
    expect(shown.statusCode).toBe(200);
    const mine = shown.json().find((d: { id: string }) => d.id === id);
    expect(mine).toMatchObject({
      drill_type: 'fire',
      evacuation_seconds: 140,
      occupants: 350,
      drill_time: '09:45',
    });
    expect(mine).not.toHaveProperty('reporter_email');
    const lastYear = await t.call(null, {
      method: 'GET',
      url: `/api/public/firedrill/drills?school_id=${schoolId}&year=${new Date().getUTCFullYear() - 1}`,
    });
    expect(lastYear.json()).toEqual([]);
    const [log] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'fire_drills'), eq(dataChangeLog.object_id, id)));
    expect(log?.action).toBe('create');
  });

  it('refuses a missing, wrong or expired answer', async () => {
    expect((await report({ drill: drill() })).statusCode).toBe(400);
    expect((await report({ drill: drill(), recaptchaToken: 'not-a-token' })).statusCode).toBe(400);
    const res = await t.call(null, { method: 'GET', url: '/api/public/humancheck?action=firedrill' });
    const { challenge } = res.json() as { challenge: string };
    // A counter that is not a number never answers.
    const wrong = await report({ drill: drill(), recaptchaToken: `${challenge}:x` });
    expect(wrong.statusCode).toBe(400);
    const token = await answer();
    await t.database.db
      .update(humanChecks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(humanChecks.id, token.split(':')[0]!));
    expect((await report({ drill: drill(), recaptchaToken: token })).statusCode).toBe(400);
    expect(
      (await t.call(null, { method: 'GET', url: '/api/public/humancheck?action=other' })).statusCode,
    ).toBe(400);
  });

  it('validates the drill, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ school_id: 'nope' }, 'school_id'],
      [{ drill_date: '2026-13-01' }, 'drill_date'],
      [{ drill_date: '2999-01-01' }, 'drill_date', fireDrillMessages.future],
      [{ drill_date: '2001-01-01' }, 'drill_date', fireDrillMessages.tooOld],
      [{ drill_type: 'party' }, 'drill_type'],
      [{ evacuation_seconds: undefined }, 'evacuation_seconds', fireDrillMessages.evacuationRequired],
      [{ evacuation_seconds: -3 }, 'evacuation_seconds'],
      [{ drill_time: '25:00' }, 'drill_time'],
      [{ reporter_email: 'not an email' }, 'reporter_email'],
      [{ reporter_name: '' }, 'reporter_name'],
      [{ school_id: closedSchoolId }, 'school_id', fireDrillMessages.schoolNotFound],
    ];
    for (const [change, field, message] of cases) {
      const res = await report({ drill: drill(change), recaptchaToken: await answer() });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = res.json().error.fields as Record<string, string>;
      const key = Object.keys(fields).find((k) => k === field || k.endsWith(`.${field}`));
      expect(key, JSON.stringify(fields)).toBeDefined();
      if (message) expect(fields[key!]).toBe(message);
    }
    // A lockdown has no evacuation time.
    const lockdown = await report({
      drill: drill({
        drill_type: 'lockdown',
        evacuation_seconds: undefined,
        notes: "'; drop table fire_drills; --",
      }),
      recaptchaToken: await answer(),
    });
    expect(lockdown.statusCode, lockdown.body).toBe(201);
  });

  it("uses the enterprise's reCAPTCHA when it has a secret", async () => {
    await t.database.db
      .update(enterprises)
      .set({ recaptcha_secret: 'drill-secret', recaptcha_site_key: 'site-key-1' })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      const c = await t.call(null, { method: 'GET', url: '/api/public/humancheck?action=firedrill' });
      expect(c.json()).toEqual({ kind: 'recaptcha', site_key: 'site-key-1' });
      expect((await report({ drill: drill(), recaptchaToken: 'bad' })).statusCode).toBe(400);
      expect((await report({ drill: drill(), recaptchaToken: 'good' })).statusCode).toBe(201);
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ recaptcha_secret: '', recaptcha_site_key: '' })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('limits how often one address reports', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/public/firedrill/drills',
        payload: { drill: drill({ drill_type: 'party' }) },
        remoteAddress: '203.0.113.99',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('staff read, correct and export the reports', () => {
  it('lists, filters, corrects, deletes with a reason and exports', async () => {
    const list = await t.call(staff, {
      method: 'GET',
      url: `/api/firedrill/drills?school_system_id=${systemId}&year=${new Date().getUTCFullYear()}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as {
      id: string;
      school: string;
      school_system: string;
      reporter_email: string;
    }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({
      school: 'Kyle Elementary',
      school_system: 'Hays CISD',
      reporter_email: 'pat@kyle.example.org',
    });

    const id = items[0]!.id;
    const readOnly = await t.call(staff, {
      method: 'PUT',
      url: `/api/firedrill/drills/${id}`,
      payload: { drill: drill({ occupants: 360 }) },
    });
    expect(readOnly.statusCode).toBe(403);
    const fixed = await t.call(keeper, {
      method: 'PUT',
      url: `/api/firedrill/drills/${id}`,
      payload: { drill: drill({ occupants: 360 }) },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().occupants).toBe(360);

    const csv = await t.call(staff, {
      method: 'GET',
      url: `/api/firedrill/drills/export?school_system_id=${systemId}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('School system,School,Date');
    expect(lines.length).toBe(items.length + 1);
    // SQL text in a field is stored and exported as text.
    expect(csv.body).toContain("'; drop table fire_drills; --");

    const xlsx = await t.call(staff, { method: 'GET', url: '/api/firedrill/drills/export?format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Fire drills')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('School system');
    expect(sheet.getRow(2).getCell(2).value).toBe('Kyle Elementary');
    expect(
      (await t.call(staff, { method: 'GET', url: '/api/firedrill/drills/export?format=pdf' })).statusCode,
    ).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/firedrill/drills/export' })).statusCode).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/firedrill/drills/export' })).statusCode).toBe(
      403,
    );
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/firedrill/drills' })).statusCode).toBe(403);

    expect((await t.call(keeper, { method: 'DELETE', url: `/api/firedrill/drills/${id}` })).statusCode).toBe(
      400,
    );
    const del = await t.call(keeper, {
      method: 'DELETE',
      url: `/api/firedrill/drills/${id}?reason=Reported twice`,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.call(staff, { method: 'GET', url: `/api/firedrill/drills/${id}` })).statusCode).toBe(404);
  });
});
