import { describe, expect, it } from 'vitest';
import type { Caller } from '../../test/test-app';
import {
  cleared,
  detailAs,
  post,
  processId,
  reviewer,
  secondReviewer,
  setupDecisionRoutesTests,
  submitted,
  t,
} from './decision-routes-test-setup';

setupDecisionRoutesTests();

describe('internal notes (issue 11, defect 2)', () => {
  it('never sends a process change note to the applicant unless staff choose to', async () => {
    const id = await submitted();
    const change = await t.call(reviewer, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: { licenseRequestID: id, processID: processId, statusID: cleared, note: 'DPS check clear' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().history.find((h: { kind: string }) => h.kind === 'process')).toMatchObject({
      note: 'DPS check clear',
      internal: true,
    });
    const internal = await post(reviewer, 'notes', {
      licenseRequestID: id,
      note: 'Called the county: record sealed',
    });
    expect(internal.statusCode).toBe(200);

    const asApplicant = await detailAs(t.applicant, id);
    expect(asApplicant.statusCode).toBe(200);
    expect(asApplicant.body).not.toContain('DPS check clear');
    expect(asApplicant.body).not.toContain('record sealed');
    // The process change itself stays visible, without its note.
    expect(asApplicant.json().history.find((h: { kind: string }) => h.kind === 'process')).toMatchObject({
      process_status_label: 'Clear',
      note: null,
    });

    const shared = await post(reviewer, 'notes', {
      licenseRequestID: id,
      note: 'Your background check is complete.',
      toApplicant: true,
    });
    expect(shared.statusCode).toBe(200);
    const sharedChange = await t.call(reviewer, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: {
        licenseRequestID: id,
        processID: processId,
        statusID: cleared,
        note: 'Fingerprints accepted',
        toApplicant: true,
      },
    });
    expect(sharedChange.statusCode).toBe(200);
    const after = await detailAs(t.applicant, id);
    expect(after.body).toContain('Your background check is complete.');
    expect(after.body).toContain('Fingerprints accepted');
    expect(after.body).not.toContain('DPS check clear');
    // Staff read everything, internal entries marked.
    const staff = (await detailAs(reviewer, id)).json();
    expect(
      staff.history.filter((h: { internal: boolean }) => h.internal).map((h: { note: string }) => h.note),
    ).toEqual(['DPS check clear', 'Called the county: record sealed']);
  });
});

describe('the queue, assignment and the dashboard (issue 11, defects 3 and 4, item 11)', () => {
  it('counts the real queue on the dashboard, checks requests out and filters what is assigned to me', async () => {
    const account = async (caller: Caller) =>
      (await t.call(caller, { method: 'GET', url: '/api/account' })).json();
    const before = await account(reviewer);
    const id = await submitted({ daysAgo: 30 });
    expect((await account(reviewer)).review_count).toBe(before.review_count + 1);
    const queue = async (caller: Caller, query: string) =>
      (await t.call(caller, { method: 'GET', url: `/api/LicenseRequests?${query}` })).json();
    expect((await queue(reviewer, 'state=submitted')).total).toBe(before.review_count + 1);

    const checkedOut = await post(reviewer, 'checkout', { licenseRequestID: id });
    expect(checkedOut.statusCode).toBe(200);
    expect(checkedOut.json()).toMatchObject({
      assigned_to: reviewer.userId,
      assigned_to_name: 'Test Person',
    });
    expect((await account(reviewer)).checkout_count).toBe(before.checkout_count + 1);
    const mine = await queue(reviewer, 'state=open&assigned_to=me');
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await queue(secondReviewer, 'assigned_to=me')).total).toBe(0);

    const taken = await post(secondReviewer, 'checkout', { licenseRequestID: id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This request is checked out by Test Person.');
    // Assigning hands it over; only a reviewer can receive it.
    expect(
      (await post(reviewer, 'assign', { licenseRequestID: id, user_id: t.applicant.userId })).statusCode,
    ).toBe(400);
    const handed = await post(reviewer, 'assign', { licenseRequestID: id, user_id: secondReviewer.userId });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().assigned_to).toBe(secondReviewer.userId);
    const reviewers = await t.call(reviewer, { method: 'GET', url: '/api/LicenseRequests/reviewers' });
    expect(reviewers.json().map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([reviewer.userId, secondReviewer.userId]),
    );
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/LicenseRequests/reviewers' })).statusCode,
    ).toBe(403);
    // The checkout is staff business: the applicant sees none of it.
    const asApplicant = await detailAs(t.applicant, id);
    expect(asApplicant.json().history.map((h: { kind: string }) => h.kind)).not.toContain('assigned');
    // A decision ends the checkout.
    await post(secondReviewer, 'deny', { licenseRequestID: id, reason: 'Incomplete' });
    expect((await account(secondReviewer)).checkout_count).toBe(0);
  });

  it('puts submitted requests first, oldest first, and names each request’s age in the CSV', async () => {
    const older = await submitted({ daysAgo: 50 });
    const newer = await submitted({ daysAgo: 40 });
    await post(reviewer, 'deny', { licenseRequestID: newer, reason: 'No' });
    const page = await t.call(reviewer, {
      method: 'GET',
      url: '/api/LicenseRequests?state=submitted&numPerPage=500',
    });
    const ids = page.json().items.map((r: { id: string }) => r.id);
    expect(ids[0]).toBe(older);
    expect(ids).not.toContain(newer);
    const dates = page.json().items.map((r: { completed_on: string }) => r.completed_on);
    expect([...dates].sort()).toEqual(dates);

    const csv = await t.call(reviewer, {
      method: 'GET',
      url: '/api/LicenseRequests/exportCsv?state=submitted',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Applicant,Licence,Kind,Review state,Status,Submitted,Days waiting,Assigned to,Started,Request id',
    );
    expect(lines).toHaveLength(page.json().total + 1);
    expect(lines[1]).toContain(older);
    expect(lines[1]).toContain(',Awaiting review,Submitted,');
    expect(lines[1]).toMatch(/,50,/);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/LicenseRequests/exportCsv' })).statusCode,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/LicenseRequests/exportCsv' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call(reviewer, { method: 'GET', url: '/api/LicenseRequests/exportCsv?state=nonsense' }))
        .statusCode,
    ).toBe(400);
  });
});
