import { randomUUID } from 'node:crypto';
import { fbResponses } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cleared,
  detailAs,
  eventsOf,
  formId,
  post,
  processId,
  reviewer,
  setupDecisionRoutesTests,
  stranger,
  submitted,
  t,
} from './decision-routes-test-setup';

setupDecisionRoutesTests();

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
