import { enterprises, seedDatabase } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { computeFigure, periodOf } from './figures';
import { recordMissingRequestTimes } from './request-times';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let enterpriseId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
  [{ id: enterpriseId }] = (await database.db.select({ id: enterprises.id }).from(enterprises)) as [
    { id: string },
  ];
});
afterAll(() => database?.close());

describe('the demo office dashboard', () => {
  it('has six months of decisions whose processing times are recorded at start, and the backlog of the demo requests', async () => {
    const added = await recordMissingRequestTimes(database.db);
    expect(added).toBeGreaterThanOrEqual(30);
    const period = periodOf({});
    const times = await computeFigure(database.db, enterpriseId, 'processing_time', period);
    expect(times.rows.length).toBeGreaterThanOrEqual(6);
    expect(times.rows.every((r) => (r.cells.median_days as number) > 0)).toBe(true);
    expect(times.rows.some((r) => (r.cells.applicant_median_days as number) > 0)).toBe(true);
    const age = await computeFigure(database.db, enterpriseId, 'backlog_age', period);
    expect(age.rows.reduce((n, r) => n + (r.cells.requests as number), 0)).toBe(4);
    const reviewers = await computeFigure(database.db, enterpriseId, 'backlog_reviewer', period);
    expect(reviewers.rows.find((r) => r.label === 'Not checked out')?.cells.requests).toBe(4);
    const money = await computeFigure(database.db, enterpriseId, 'money_monthly', period);
    expect(money.rows.length).toBeGreaterThanOrEqual(6);
    const expiring = await computeFigure(database.db, enterpriseId, 'expiring_county', period);
    expect(expiring.rows.length).toBeGreaterThanOrEqual(5);
    // Run again, nothing is added: the start-up job is harmless to repeat.
    expect(await recordMissingRequestTimes(database.db)).toBe(0);
  });
});
