import type { InsightFigure } from '@licensure/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { seedKnownFigures, seedOtherEnterprise } from './known-figures';
import { recordMissingRequestTimes } from './request-times';

let t: TestContext;
let manager: Caller;
let reviewer: Caller;
let known: Awaited<ReturnType<typeof seedKnownFigures>>;
const MARCH = 'from=2026-03-01&to=2026-03-31';

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.createCaller(['insight.read']);
  reviewer = await t.createCaller(['requests.read', 'requests.review']);
  const db = t.database.db;
  known = await seedKnownFigures(db, t.enterpriseId, reviewer.userId);
  await seedOtherEnterprise(db);
  await recordMissingRequestTimes(db);
});
afterAll(() => t.close());

async function figure(id: string, query = MARCH): Promise<InsightFigure> {
  const res = await t.call(manager, { method: 'GET', url: `/api/insight/figures/${id}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const cellsOf = (f: InsightFigure) => f.rows.map((r) => r.cells);

describe('office dashboard figures, computed from known records', () => {
  it('counts requests received and decided per week, each week linked to the queue', async () => {
    const f = await figure('requests_weekly');
    expect(cellsOf(f)).toEqual([
      { week: '2026-03-02', received: 2, decided: 1 },
      { week: '2026-03-09', received: 1, decided: 2 },
    ]);
    expect(f.rows[0]?.link).toBe('/staff/requests?state=all&from=2026-03-02&to=2026-03-08');
  });

  it('bands the backlog by days since submission and by reviewer, and each band opens its queue', async () => {
    const age = await figure('backlog_age');
    expect(age.rows.map((r) => [r.label, r.cells.requests])).toEqual([
      ['0-7 days', 1],
      ['8-30 days', 1],
      ['31-90 days', 0],
      ['Over 90 days', 1],
    ]);
    // The band's link is the queue filtered by submission dates: it lists exactly the band's requests.
    const link = age.rows[1]!.link!;
    const queue = await t.call(t.admin, {
      method: 'GET',
      url: `/api/LicenseRequests${link.slice('/staff/requests'.length)}`,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items.map((i: { id: string }) => i.id)).toEqual([known.backlog[1]!.id]);
    const byReviewer = await figure('backlog_reviewer');
    expect(byReviewer.rows.map((r) => [r.cells.requests, r.cells.oldest_days, r.link])).toEqual([
      [1, 3, `/staff/requests?state=submitted&assigned_to=${reviewer.userId}`],
      [2, 100, '/staff/requests?state=submitted&assigned_to=none'],
    ]);
  });

  it('gives processing times by month and licence, applicant waits apart from staff waits', async () => {
    const f = await figure('processing_time');
    // Totals 10, 4 and 6 days; the applicant had 3, 0 and 2 of them; staff 7, 4 and 4.
    expect(cellsOf(f)).toEqual([
      {
        month: '2026-03',
        licence: 'Paramedic licence',
        decided: 3,
        median_days: 6,
        p90_days: 9.2,
        staff_median_days: 4,
        applicant_median_days: 2,
      },
    ]);
    const queue = await t.call(t.admin, {
      method: 'GET',
      url: `/api/LicenseRequests${f.rows[0]!.link!.slice('/staff/requests'.length)}`,
    });
    expect(queue.json().total).toBe(3);
  });

  it('counts active credentials expiring in 30, 60 and 90 days by level and county', async () => {
    const level = await figure('expiring_level', '');
    expect(level.rows.find((r) => r.label === 'Insight EMT')?.cells).toEqual({
      level: 'Insight EMT',
      within_30: 1,
      within_60: 2,
      within_90: 3,
    });
    const county = await figure('expiring_county', '');
    expect(county.rows.find((r) => r.label === 'Travis County, TX')?.cells).toEqual({
      county: 'Travis County, TX',
      within_30: 1,
      within_60: 2,
      within_90: 3,
    });
  });

  it('sums the money of the month by kind and by licence fee', async () => {
    expect(cellsOf(await figure('money_monthly'))).toEqual([
      { month: '2026-03', collected: 10000, refunded: 2500, net: 7500, vouchers: 1, voucher_amount: 5000 },
    ]);
    expect(cellsOf(await figure('money_fee'))).toEqual([
      { licence: 'Paramedic licence', payments: 2, collected: 15000, refunded: 2500 },
    ]);
  });

  it('counts visits scheduled and overdue, and inspections with open deficiencies', async () => {
    const f = await figure('inspections', '');
    expect(f.rows.map((r) => r.cells.count)).toEqual([1, 1, 1, 1]);
  });

  it('bands open complaints by stage and age, and closed ones by their most severe outcome', async () => {
    const open = await figure('complaints_open', '');
    expect(open.rows.find((r) => r.label === 'Insight intake')?.cells).toEqual({
      stage: 'Insight intake',
      d0_30: 1,
      d31_90: 0,
      d91_180: 1,
      d181: 0,
      total: 2,
    });
    expect(cellsOf(await figure('complaint_outcomes'))).toEqual([
      {
        month: '2026-03',
        closed: 2,
        no_discipline: 1,
        dismissed: 0,
        reprimand: 0,
        probation: 0,
        suspension: 1,
        revocation: 0,
      },
    ]);
  });

  it('gives pass rates by session and skill, and CE audit results', async () => {
    const exams = await figure('exam_pass_rates');
    expect(cellsOf(exams)).toEqual([
      { session: 'EX-INS 2026-03-20', skill: 'Trauma assessment', scored: 2, passed: 1, pass_rate: 50 },
    ]);
    expect(exams.rows[0]?.link).toBe(`/staff/exams/sessions/${known.sessionId}`);
    expect(cellsOf(await figure('ce_audits'))).toEqual([
      { audit: 'Spring audit', audited: 3, requested: 1, submitted: 0, accepted: 1, deficient: 1 },
    ]);
  });

  it('exports a figure as CSV and XLSX with the same cells', async () => {
    const csv = await t.call(manager, {
      method: 'GET',
      url: `/api/insight/export/money_monthly?${MARCH}&format=csv`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(
      'Month,Collected,Refunded,Net,Vouchers redeemed,Paid by vouchers\r\n2026-03,100,25,75,1,50\r\n',
    );
    const xlsx = await t.call(manager, { method: 'GET', url: `/api/insight/export/backlog_age?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Days since submission', 'Requests'],
      ['0-7 days', 1],
      ['8-30 days', 1],
      ['31-90 days', 0],
      ['Over 90 days', 1],
    ]);
  });
});

describe('access', () => {
  it('refuses the anonymous (401), staff without insight.read and portal users (403)', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/insight/figures/backlog_age' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call(reviewer, { method: 'GET', url: '/api/insight/figures/backlog_age' })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/insight/export/backlog_age' })).statusCode,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/insight/reviewer' })).statusCode).toBe(401);
    expect((await t.call(manager, { method: 'GET', url: '/api/insight/reviewer' })).statusCode).toBe(403);
  });

  it('answers 400 for an unknown figure and a bad period', async () => {
    expect((await t.call(manager, { method: 'GET', url: '/api/insight/figures/nothing' })).statusCode).toBe(
      400,
    );
    const backwards = await t.call(manager, {
      method: 'GET',
      url: '/api/insight/figures/backlog_age?from=2026-03-10&to=2026-03-01',
    });
    expect(backwards.statusCode).toBe(400);
    const bad = await t.call(manager, { method: 'GET', url: '/api/insight/export/backlog_age?format=pdf' });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a reviewer's own view", () => {
  it('lists their checked-out requests with their age, what comes next, and their times beside the office', async () => {
    const res = await t.call(reviewer, { method: 'GET', url: '/api/insight/reviewer' });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.checked_out.map((r: { id: string; age_days: number }) => [r.id, r.age_days])).toEqual([
      [known.backlog[0]!.id, 3],
    ]);
    expect(view.next_up.map((r: { id: string }) => r.id)).toEqual([
      known.backlog[2]!.id,
      known.backlog[1]!.id,
    ]);
    expect(view.waiting_count).toBe(2);
  });

  it('records the processing time of a decision made through the review route', async () => {
    const waiting = known.backlog[0]!;
    const denied = await t.call(reviewer, {
      method: 'POST',
      url: '/api/LicenseRequests/deny',
      payload: { licenseRequestID: waiting.id, reason: 'Incomplete' },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    await t.app.deps.events.dispatchPending();
    const view = (await t.call(reviewer, { method: 'GET', url: '/api/insight/reviewer' })).json();
    // Decided today, three days after submission: the reviewer's only decision of the last 90 days.
    expect(view.mine).toEqual({ decided: 1, median_days: 3, p90_days: 3 });
    expect(view.office.decided).toBe(1);
    expect(view.checked_out).toEqual([]);
  });
});
