import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createComplaintLists, createCredential } from './test-fixtures';

let t: TestContext;
let investigator: Caller;
let lists: Awaited<ReturnType<typeof createComplaintLists>>;

beforeAll(async () => {
  t = await createTestContext();
  investigator = await t.createCaller([
    'complaints.read',
    'complaints.write',
    'investigations.read',
    'investigations.write',
  ]);
  lists = await createComplaintLists(t, t.admin);
}, 60_000);
afterAll(async () => t?.close());

/** A complaint about a new portal person holding one credential, and an investigation with this outcome. */
async function disciplined(outcome: string, outcomePublic: boolean, number: string) {
  const person = await t.createCaller([], { isStaff: false, isPortal: true });
  await createCredential(t.database.db, t.enterpriseId, person.userId, number);
  const complaint = await t.call(investigator, {
    method: 'POST',
    url: '/api/Complaints',
    payload: {
      complaint: {
        complaint_category_id: lists.category,
        user_id: person.userId,
        complainant_last_name: 'Secret Witness',
        description: 'Falsified a patient care report.',
      },
    },
  });
  expect(complaint.statusCode, complaint.body).toBe(201);
  const inv = await t.call(investigator, {
    method: 'POST',
    url: '/api/InvestigationsModule/Investigation',
    payload: {
      investigation: {
        complaint_id: complaint.json().id,
        outcome,
        outcome_public: outcomePublic,
        outcome_date: '2026-11-21',
      },
    },
  });
  expect(inv.statusCode, inv.body).toBe(201);
  return inv.json().id as string;
}

const lookup = (numbers: string) =>
  t.call(null, {
    method: 'GET',
    url: `/api/complaints/publicDiscipline?numbers=${encodeURIComponent(numbers)}`,
  });

describe('GET complaints/publicDiscipline', () => {
  it('shows anyone the public disciplinary actions on a credential, and nothing else about the complaint', async () => {
    const stamp = Date.now();
    await disciplined('suspension', true, `PD-S-${stamp}`);
    await disciplined('reprimand', false, `PD-R-${stamp}`);
    await disciplined('dismissed', true, `PD-D-${stamp}`);
    const res = await lookup(` pd-s-${stamp}, PD-R-${stamp},PD-D-${stamp},PD-NONE-${stamp}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { number: `PD-S-${stamp}`, outcome: 'suspension', outcome_date: '2026-11-21' },
    ]);
    expect(res.body).not.toContain('Secret Witness');
    expect(res.body).not.toContain('Falsified');
  });

  it('stops showing an action whose investigation was deleted', async () => {
    const number = `PD-X-${Date.now()}`;
    const id = await disciplined('probation', true, number);
    expect((await lookup(number)).json()).toHaveLength(1);
    const del = await t.call(investigator, {
      method: 'DELETE',
      url: `/api/InvestigationsModule/Investigation/${id}?reason=Opened in error`,
    });
    expect(del.statusCode).toBe(204);
    expect((await lookup(number)).json()).toEqual([]);
  });

  it('answers 400 without numbers or with too many', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/complaints/publicDiscipline' })).statusCode).toBe(
      400,
    );
    expect((await lookup(' , ')).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `N${i}`).join(',');
    expect((await lookup(many)).statusCode).toBe(400);
  });
});
