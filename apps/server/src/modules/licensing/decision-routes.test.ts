import { randomUUID } from 'node:crypto';
import {
  createSubmittedRequest,
  domainEvents,
  fbForms,
  fbPackageForms,
  fbPackages,
  fbResponses,
  processes,
  processStatuses,
  referenceTables,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let reviewer: Caller;
let secondReviewer: Caller;
let stranger: Caller;
let licenseId: string;
let formId: string;
let processId: string;
let cleared: string;
let choices: { application_type_id: string; license_category_level_id: string }[];

const DAY = 86_400_000;

async function submitted(options: { userId?: string; daysAgo?: number; unpaid?: number } = {}) {
  const row = await t.database.db.transaction((tx) =>
    createSubmittedRequest(tx, t.enterpriseId, {
      licenseId,
      userId: options.userId ?? t.applicant.userId,
      formId,
      choices,
      submittedAt: new Date(Date.now() - (options.daysAgo ?? 0) * DAY),
      charges: options.unpaid ? [{ description: 'Application fee', amount_cents: options.unpaid }] : [],
    }),
  );
  return row.id;
}

const post = (caller: Caller | null, path: string, payload: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: `/api/LicenseRequests/${path}`, payload });
const detailAs = (caller: Caller, id: string) =>
  t.call(caller, { method: 'GET', url: `/api/LicenseRequests/${id}` });

async function eventsOf(id: string) {
  const rows = await t.database.db
    .select({ name: domainEvents.name })
    .from(domainEvents)
    .where(eq(domainEvents.object_id, id))
    .orderBy(domainEvents.seq);
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  t = await createTestContext();
  reviewer = await t.createCaller(['requests.read', 'requests.review']);
  secondReviewer = await t.createCaller(['requests.read', 'requests.review']);
  stranger = await t.createCaller([], { isStaff: false, isPortal: true });
  const e = t.enterpriseId;
  const [form] = await t.database.db
    .insert(fbForms)
    .values({ enterprise_id: e, name: 'Application form' })
    .returning();
  formId = form!.id;
  const [pkg] = await t.database.db
    .insert(fbPackages)
    .values({ enterprise_id: e, name: 'Package' })
    .returning();
  await t.database.db.insert(fbPackageForms).values({ package_id: pkg!.id, form_id: formId, required: true });
  const [proc] = await t.database.db
    .insert(processes)
    .values({ enterprise_id: e, label: 'DPS check', process_type: 'application' })
    .returning();
  processId = proc!.id;
  const [status] = await t.database.db
    .insert(processStatuses)
    .values({ enterprise_id: e, process_id: processId, label: 'Clear', is_final: true })
    .returning();
  cleared = status!.id;
  const [numbers] = await t.database.db
    .insert(referenceTables.autonumbers)
    .values({ enterprise_id: e, label: 'Numbers', prefix: 'EMS-', next_number: 1, padding: 5 } as never)
    .returning();
  const category = randomUUID();
  const lic = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: {
        name: 'EMS Personnel',
        entity: 'user',
        form_package_id: pkg!.id,
        autonumber_id: numbers!.id,
      },
      license_categories: [{ id: category, label: 'EMS Provider' }],
      license_category_levels: [
        { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
      ],
      license_category_certification_statuses: [
        { label: 'Active', holder_state: 'active', is_issued_status: true },
      ],
      license_request_statuses: [
        { label: 'In progress', code: 'in_progress', sort_order: 1 },
        { label: 'Submitted', code: 'submitted', sort_order: 2 },
        { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
        { label: 'Denied', code: 'denied', is_final: true, sort_order: 4 },
        { label: 'Returned for corrections', code: 'returned', sort_order: 5 },
        { label: 'Withdrawn', code: 'withdrawn', is_final: true, sort_order: 6 },
      ],
      processes: [{ process_id: processId }],
    },
  });
  expect(lic.statusCode).toBe(200);
  licenseId = lic.json().id;
  const [initial] = await t.database.db
    .insert(referenceTables.application_types)
    .values({ enterprise_id: e, label: 'Initial', license_id: licenseId } as never)
    .returning();
  choices = [
    {
      application_type_id: initial!.id as string,
      license_category_level_id: lic.json().license_category_levels[0].id,
    },
  ];
});
afterAll(() => t?.close());

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

describe('decisions', () => {
  it('returns a request for corrections; the applicant reads the message, fixes and resubmits', async () => {
    const id = await submitted();
    const returned = await post(reviewer, 'return', {
      licenseRequestID: id,
      message: 'Your date of birth does not match your ID.',
      form_ids: [formId],
      fields: ['Date of birth'],
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({
      review_state: 'returned',
      progress: 1,
      status_label: 'Returned for corrections',
    });
    const [response] = await t.database.db
      .select()
      .from(fbResponses)
      .where(eq(fbResponses.license_request_id, id));
    expect(response).toMatchObject({ progress: 1, completed_on: null });

    const mine = (await detailAs(t.applicant, id)).json();
    expect(mine.pending).toMatchObject({
      kind: 'returned',
      note: 'Your date of birth does not match your ID.',
      details: { forms: [{ form_id: formId, form_name: 'Application form' }], fields: ['Date of birth'] },
    });
    // Deciding again while it is with the applicant is a conflict.
    expect((await post(reviewer, 'deny', { licenseRequestID: id, reason: 'x' })).statusCode).toBe(409);

    await t.database.db
      .update(fbResponses)
      .set({ progress: 2, completed_on: new Date() })
      .where(eq(fbResponses.license_request_id, id));
    const resubmitted = await post(t.applicant, 'submit', { licenseRequestID: id });
    expect(resubmitted.json()).toMatchObject({
      success: true,
      request: { review_state: 'submitted', progress: 2 },
    });
    expect((await detailAs(t.applicant, id)).json().pending).toBeNull();
    expect(await eventsOf(id)).toEqual(['request.returned', 'licenseRequest.submitted']);
  });

  it('denies with a reason the applicant reads', async () => {
    const id = await submitted();
    const denied = await post(reviewer, 'deny', {
      licenseRequestID: id,
      reason: 'You do not hold a current CPR card.',
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ review_state: 'denied', status_label: 'Denied' });
    const mine = (await detailAs(t.applicant, id)).json();
    expect(mine.history.at(-1)).toMatchObject({
      kind: 'denied',
      note: 'You do not hold a current CPR card.',
    });
    expect((await post(reviewer, 'deny', { licenseRequestID: id, reason: 'again' })).statusCode).toBe(409);
    expect((await post(t.applicant, 'withdraw', { licenseRequestID: id })).statusCode).toBe(409);
    expect(await eventsOf(id)).toEqual(['request.denied']);
  });

  it('asks for more information, which the applicant answers with text and a document', async () => {
    const id = await submitted();
    const asked = await post(reviewer, 'requestInfo', {
      licenseRequestID: id,
      message: 'Send a copy of your NREMT card.',
      info_kind: 'document',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().review_state).toBe('info_requested');
    expect((await detailAs(t.applicant, id)).json().pending).toMatchObject({
      note: 'Send a copy of your NREMT card.',
      details: { info_kind: 'document' },
    });
    const upload = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Documents/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload:
        '--b\r\nContent-Disposition: form-data; name="file"; filename="card.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n\r\n--b--\r\n',
    });
    expect(upload.statusCode).toBe(200);
    const strangerAnswer = await post(stranger, 'answerInfo', { licenseRequestID: id, answer: 'mine' });
    expect(strangerAnswer.statusCode).toBe(404);
    const answered = await post(t.applicant, 'answerInfo', {
      licenseRequestID: id,
      answer: 'Attached.',
      document_id: upload.json().id,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ review_state: 'submitted', pending: null });
    expect(answered.json().history.at(-1)).toMatchObject({
      kind: 'info_answered',
      note: 'Attached.',
      details: { document_name: 'card.pdf' },
    });
    expect(
      (await post(t.applicant, 'answerInfo', { licenseRequestID: id, answer: 'again' })).statusCode,
    ).toBe(409);
    expect(await eventsOf(id)).toEqual(['request.info_requested', 'request.info_answered']);
  });

  it('lets the applicant withdraw, and only the applicant', async () => {
    const id = await submitted();
    expect((await post(reviewer, 'withdraw', { licenseRequestID: id })).statusCode).toBe(403);
    expect((await post(stranger, 'withdraw', { licenseRequestID: id })).statusCode).toBe(404);
    const withdrawn = await post(t.applicant, 'withdraw', {
      licenseRequestID: id,
      reason: 'Moving out of state',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ review_state: 'withdrawn', status_label: 'Withdrawn' });
    expect(
      (await post(reviewer, 'approve', { licenseRequestID: id, acknowledgeUnpaidFees: true })).statusCode,
    ).toBe(409);
    expect(await eventsOf(id)).toEqual(['request.withdrawn']);
  });

  it('asks before approving with fees unpaid, and says so in the history', async () => {
    const id = await submitted({ unpaid: 6000 });
    // The licence's required DPS check is clear (a missing one would block the approval).
    const clear = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: { licenseRequestID: id, processID: processId, statusID: cleared },
    });
    expect(clear.statusCode).toBe(200);
    const refused = await post(reviewer, 'approve', { licenseRequestID: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This request has unpaid fees ($60.00). Confirm that you approve it with fees unpaid.',
    );
    const approved = await post(reviewer, 'approve', { licenseRequestID: id, acknowledgeUnpaidFees: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().review_state).toBe('approved');
    expect(approved.json().history.at(-1)).toMatchObject({ kind: 'issued', details: { unpaid_cents: 6000 } });
    expect(approved.json().history.at(-1).note).toContain('Approved with fees unpaid ($60.00)');
    expect(await eventsOf(id)).toContain('request.approved');
  });

  it('answers 400, 401, 403 and 404 on every decision route', async () => {
    const id = await submitted();
    const routes: [string, Record<string, unknown>][] = [
      ['deny', { reason: 'r' }],
      ['return', { message: 'm' }],
      ['requestInfo', { message: 'm', info_kind: 'answer' }],
      ['notes', { note: 'n' }],
      ['approve', { acknowledgeUnpaidFees: true }],
      ['checkout', {}],
      ['assign', { user_id: null }],
    ];
    for (const [path, body] of routes) {
      expect((await post(null, path, { licenseRequestID: id, ...body })).statusCode, path).toBe(401);
      expect((await post(t.applicant, path, { licenseRequestID: id, ...body })).statusCode, path).toBe(403);
      expect((await post(t.nobody, path, { licenseRequestID: id, ...body })).statusCode, path).toBe(403);
      expect((await post(reviewer, path, { licenseRequestID: 'nope', ...body })).statusCode, path).toBe(400);
      expect((await post(reviewer, path, { licenseRequestID: randomUUID(), ...body })).statusCode, path).toBe(
        404,
      );
    }
    expect((await post(reviewer, 'deny', { licenseRequestID: id, reason: '  ' })).statusCode).toBe(400);
    expect(
      (await post(reviewer, 'requestInfo', { licenseRequestID: id, message: 'm', info_kind: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(reviewer, 'return', { licenseRequestID: id, message: 'm', form_ids: [randomUUID()] }))
        .statusCode,
    ).toBe(400);
    for (const path of ['withdraw', 'answerInfo']) {
      expect((await post(null, path, { licenseRequestID: id, answer: 'a' })).statusCode).toBe(401);
      expect((await post(t.applicant, path, { licenseRequestID: 'nope', answer: 'a' })).statusCode).toBe(400);
      expect(
        (await post(t.applicant, path, { licenseRequestID: randomUUID(), answer: 'a' })).statusCode,
      ).toBe(404);
      expect((await post(stranger, path, { licenseRequestID: id, answer: 'a' })).statusCode).toBe(404);
    }
    expect((await post(t.applicant, 'answerInfo', { licenseRequestID: id })).statusCode).toBe(400);
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
