import { complaints, createUser, documents, licenseRequestHistory, licenseRequests } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import { drawSample, sampleSize } from './ce-audit-population';

let t: TestContext;
let other: Caller;
const NONE = '00000000-0000-4000-8000-000000000000';
const today = new Date().toISOString().slice(0, 10);
const window = { renewed_from: '2000-01-01', renewed_to: today, due_date: '2099-12-31' };

/** A person renewed today: an approved request renewing their credential, with its `issued` entry. */
async function renewed(userId: string) {
  const db = t.database.db;
  const cert = await fixtures(t).certification({ user_id: userId, expiration_date: '2099-01-01' });
  const [req] = await db
    .insert(licenseRequests)
    .values({
      enterprise_id: t.enterpriseId,
      user_id: userId,
      renews_certification_id: cert.id,
      review_state: 'approved',
    })
    .returning();
  await db
    .insert(licenseRequestHistory)
    .values({ enterprise_id: t.enterpriseId, license_request_id: req!.id, kind: 'issued' });
  return cert.id;
}

beforeAll(async () => {
  t = await createTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  await renewed(t.applicant.userId);
  for (let i = 0; i < 3; i++) await renewed((await createUser(t.database.db, t.enterpriseId, {})).id);
});
afterAll(async () => t?.close());

describe('sample size and draw', () => {
  it('rounds up, takes at least one, never more than the population, without repeats', () => {
    expect(sampleSize(0, 10)).toBe(0);
    expect(sampleSize(4, 10)).toBe(1);
    expect(sampleSize(4, 50)).toBe(2);
    expect(sampleSize(4, 100)).toBe(4);
    const drawn = drawSample([1, 2, 3, 4, 5], 3);
    expect(new Set(drawn).size).toBe(3);
    expect(drawSample([1, 2, 3], 3, () => 0.999).sort()).toEqual([1, 2, 3]);
  });
});

describe('CE audits', () => {
  it('draws a sample of renewed licensees who prove their hours; staff accept or find them deficient', async () => {
    const draw = await t.call(t.admin, {
      method: 'POST',
      url: '/api/EducationModule/CeAudits',
      payload: { label: 'Spring audit', percentage: 100, ...window },
    });
    expect(draw.statusCode, draw.body).toBe(201);
    const audit = draw.json();
    expect(audit.population).toBe(4);
    expect(audit.members).toHaveLength(4);
    expect(audit.members.every((m: { status: string }) => m.status === 'requested')).toBe(true);

    const half = await t.call(t.admin, {
      method: 'POST',
      url: '/api/EducationModule/CeAudits',
      payload: { label: 'Half', percentage: 50, ...window },
    });
    expect(half.json().members).toHaveLength(2);

    const list = await t.call(t.admin, { method: 'GET', url: '/api/EducationModule/CeAudits' });
    expect(list.json().find((a: { id: string }) => a.id === audit.id)).toMatchObject({
      sampled: 4,
      requested: 4,
      population: 4,
    });

    const mine = await t.call(t.applicant, { method: 'GET', url: '/api/EducationModule/MyCeAudits' });
    const request = mine.json().find((m: { ce_audit_id: string }) => m.ce_audit_id === audit.id);
    expect(request).toMatchObject({ status: 'requested', due_date: '2099-12-31', label: 'Spring audit' });
    expect((await t.call(other, { method: 'GET', url: '/api/EducationModule/MyCeAudits' })).json()).toEqual(
      [],
    );

    const [doc] = await t.database.db
      .insert(documents)
      .values({
        enterprise_id: t.enterpriseId,
        user_id: t.applicant.userId,
        name: 'ce-certificates.pdf',
        storage_key: 'test/ce.pdf',
        mime_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'x',
      })
      .returning();
    const proofUrl = `/api/EducationModule/CeAuditMembers/${request.id}/proof`;
    expect(
      (await t.call(other, { method: 'POST', url: proofUrl, payload: { document_id: doc!.id } })).statusCode,
    ).toBe(404);
    const notMine = await t.call(t.applicant, {
      method: 'POST',
      url: proofUrl,
      payload: { document_id: NONE },
    });
    expect(notMine.statusCode).toBe(400);
    expect((await t.call(t.applicant, { method: 'POST', url: proofUrl, payload: {} })).statusCode).toBe(400);
    const sent = await t.call(t.applicant, {
      method: 'POST',
      url: proofUrl,
      payload: { document_id: doc!.id, note: 'Certificates attached' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', document_id: doc!.id });

    const decide = (caller: Caller | null, id: string, body: object) =>
      t.call(caller, {
        method: 'POST',
        url: `/api/EducationModule/CeAuditMembers/${id}/decision`,
        payload: body,
      });
    expect((await decide(t.applicant, request.id, { status: 'accepted' })).statusCode).toBe(403);
    expect((await decide(null, request.id, { status: 'accepted' })).statusCode).toBe(401);
    expect((await decide(t.admin, request.id, { status: 'maybe' })).statusCode).toBe(400);
    expect((await decide(t.admin, NONE, { status: 'accepted' })).statusCode).toBe(404);
    expect((await decide(t.admin, request.id, { status: 'accepted', open_complaint: true })).statusCode).toBe(
      400,
    );
    const accepted = await decide(t.admin, request.id, { status: 'accepted' });
    expect(accepted.json().status).toBe('accepted');
    expect((await decide(t.admin, request.id, { status: 'deficient' })).statusCode).toBe(409);
    expect(
      (await t.call(t.applicant, { method: 'POST', url: proofUrl, payload: { document_id: doc!.id } }))
        .statusCode,
    ).toBe(409);

    const someone = audit.members.find((m: { user_id: string }) => m.user_id !== t.applicant.userId);
    const educationOnly = await t.createCaller(['education.read', 'education.write']);
    expect(
      (await decide(educationOnly, someone.id, { status: 'deficient', open_complaint: true })).statusCode,
    ).toBe(403);
    const deficient = await decide(t.admin, someone.id, {
      status: 'deficient',
      note: 'Only 10 of 24 hours shown',
      open_complaint: true,
    });
    expect(deficient.statusCode, deficient.body).toBe(200);
    const complaintId = deficient.json().complaint_id;
    const [complaint] = await t.database.db.select().from(complaints).where(eq(complaints.id, complaintId));
    expect(complaint).toMatchObject({ user_id: someone.user_id, source: 'staff' });
    expect(complaint?.number).toBeTruthy();
    expect(complaint?.description).toContain('Only 10 of 24 hours shown');

    const after = await t.call(t.admin, { method: 'GET', url: `/api/EducationModule/CeAudits/${audit.id}` });
    const statuses = after
      .json()
      .members.map((m: { status: string }) => m.status)
      .sort();
    expect(statuses).toEqual(['accepted', 'deficient', 'requested', 'requested']);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const post = (caller: Caller | null, body: object) =>
      t.call(caller, { method: 'POST', url: '/api/EducationModule/CeAudits', payload: body });
    expect((await post(t.admin, { label: 'x', percentage: 0, ...window })).statusCode).toBe(400);
    expect(
      (await post(t.admin, { label: 'x', percentage: 10, ...window, renewed_to: '1999-01-01' })).statusCode,
    ).toBe(400);
    const empty = await post(t.admin, {
      label: 'Nobody',
      percentage: 10,
      renewed_from: '2001-01-01',
      renewed_to: '2001-12-31',
      due_date: '2099-01-01',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.renewed_from).toMatch(/Nobody was renewed/);
    expect((await post(null, { label: 'x', percentage: 10, ...window })).statusCode).toBe(401);
    expect((await post(t.applicant, { label: 'x', percentage: 10, ...window })).statusCode).toBe(403);
    expect((await post(t.reviewer, { label: 'x', percentage: 10, ...window })).statusCode).toBe(403);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/EducationModule/CeAudits' })).statusCode,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/EducationModule/MyCeAudits' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/EducationModule/CeAudits/${NONE}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/EducationModule/CeAudits/x' })).statusCode,
    ).toBe(400);
  });
});

describe('EducationVerificationDates', () => {
  it("answers the cycle of each of a person's credentials; 400, 401 and another person's 404", async () => {
    const url = `/api/EducationVerificationDates?user_id=${t.applicant.userId}`;
    const res = await t.call(t.applicant, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ cycle_start: '2097-01-01', cycle_end: '2099-01-01' });
    expect((await t.call(t.admin, { method: 'GET', url })).json()).toHaveLength(1);
    expect((await t.call(other, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/EducationVerificationDates?user_id=x' })).statusCode,
    ).toBe(400);
  });
});
