import { randomUUID } from 'node:crypto';
import { fb_form_position_permissions, fbAnswers, fbResponses, licenseRequests } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import {
  buildForm,
  createResponse,
  fullAnswers,
  startResponse,
  type TestForm,
  updateResponse,
} from './test-fixtures';

let t: TestContext;
let form: TestForm;
let signature: string;
let other: Caller;

beforeAll(async () => {
  t = await createTestContext();
  form = await buildForm(t);
  signature = await pngDataUrl();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
});
afterAll(async () => t?.close());

const get = (caller: Caller | null, id: string) =>
  t.call(caller, { method: 'GET', url: `/api/fbresponses/${id}` });
const list = (caller: Caller | null, query = '') =>
  t.call(caller, { method: 'GET', url: `/api/fbresponses?${query}` });

describe('GET fbresponses/{id}', () => {
  it('gives the owner and staff the response with its version’s form', async () => {
    const r = await startResponse(t, t.applicant, form, { name: 'Jane' });
    const own = await get(t.applicant, r.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: r.id,
      form_version: 1,
      form: { id: form.id, version: 1, name: form.name },
    });
    expect(own.json().questions).toEqual([
      {
        question_id: form.q.name,
        value: 'Jane',
        signature: null,
        document_id: null,
        file_name: null,
        document_type: null,
      },
    ]);
    const reader = await t.createCaller(['responses.read']);
    expect((await get(reader, r.id)).statusCode).toBe(200);
  });

  it('a portal user never sees another person’s response (404); staff without permission 403; 401; 400', async () => {
    const r = await startResponse(t, t.applicant, form, { name: 'Private' });
    const res = await get(other, r.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Private');
    expect((await get(t.nobody, r.id)).statusCode).toBe(403);
    expect((await get(null, r.id)).statusCode).toBe(401);
    expect((await get(t.admin, randomUUID())).statusCode).toBe(404);
    expect((await get(t.admin, 'not-an-id')).statusCode).toBe(400);
  });

  it('a form closed to applicants is not shown to the person it is about', async () => {
    const closed = await buildForm(t, { applicant_access: 'none' });
    const r = await startResponse(t, t.admin, closed, {}, { userId: t.applicant.userId });
    expect((await get(t.applicant, r.id)).statusCode).toBe(404);
    const mine = await list(t.applicant, 'mine=true&numPerPage=500');
    expect(mine.json().items.map((i: { id: string }) => i.id)).not.toContain(r.id);
  });
});

describe('GET fbresponses', () => {
  it('lists the caller’s own responses only, however they filter', async () => {
    const mine = await startResponse(t, t.applicant, form, { name: 'Mine' });
    const theirs = await startResponse(t, other, form, { name: 'Theirs' });
    const res = await list(t.applicant, `form_id=${form.id}&numPerPage=500`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((i: { id: string }) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const sneaky = await list(t.applicant, `user_id=${other.userId}`);
    expect(sneaky.json().items).toEqual([]);
    const item = res.json().items.find((i: { id: string }) => i.id === mine.id);
    expect(item).toMatchObject({
      form_id: form.id,
      form_name: form.name,
      form_version: 1,
      progress: 1,
      completed_on: null,
    });
  });

  it('lets staff with responses.read filter by person, form and progress, page, sort and search', async () => {
    const reader = await t.createCaller(['responses.read']);
    const f = await buildForm(t, { name: `Renewal ${randomUUID().slice(0, 6)}` });
    const a = await startResponse(t, t.applicant, f, fullAnswers(f, signature), { complete: true });
    const b = await startResponse(t, other, f, { name: 'Draft' });
    const all = await list(reader, `form_id=${f.id}`);
    expect(all.json().total).toBe(2);
    const submitted = await list(reader, `form_id=${f.id}&progress=2`);
    expect(submitted.json().items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const byPerson = await list(reader, `form_id=${f.id}&user_id=${other.userId}`);
    expect(byPerson.json().items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const paged = await list(reader, `form_id=${f.id}&numPerPage=1&currentPage=2&sortBy=created_at`);
    expect(paged.json()).toMatchObject({ total: 2, currentPage: 2, numPerPage: 1 });
    expect(paged.json().items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const searched = await list(reader, `search=${encodeURIComponent(f.name)}`);
    expect(searched.json().total).toBe(2);
    const mine = await list(reader, `form_id=${f.id}&mine=true`);
    expect(mine.json().total).toBe(0);
    expect((await list(reader, 'sortBy=password')).statusCode).toBe(400);
    expect((await list(reader, 'progress=7')).json().error.fields).toHaveProperty('progress');
    expect((await list(null)).statusCode).toBe(401);
  });
});

describe('DELETE fbresponses/{id}', () => {
  it('the owner deletes a draft with its answers; not once submitted; staff always', async () => {
    const draft = await startResponse(t, t.applicant, form, { name: 'Gone' });
    expect((await t.call(other, { method: 'DELETE', url: `/api/fbresponses/${draft.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(t.nobody, { method: 'DELETE', url: `/api/fbresponses/${draft.id}` })).statusCode,
    ).toBe(403);
    const del = await t.call(t.applicant, { method: 'DELETE', url: `/api/fbresponses/${draft.id}` });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(fbAnswers).where(eq(fbAnswers.response_id, draft.id))).toEqual(
      [],
    );
    expect((await get(t.admin, draft.id)).statusCode).toBe(404);

    const sent = await startResponse(t, t.applicant, form, fullAnswers(form, signature), { complete: true });
    expect(
      (await t.call(t.applicant, { method: 'DELETE', url: `/api/fbresponses/${sent.id}` })).statusCode,
    ).toBe(409);
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/fbresponses/${sent.id}` })).statusCode).toBe(
      204,
    );
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/fbresponses/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect((await t.call(null, { method: 'DELETE', url: `/api/fbresponses/${sent.id}` })).statusCode).toBe(
      401,
    );
  });
});

describe('POST fbresponses/reopen', () => {
  it('reopens the response and its licence request', async () => {
    const [request] = await t.database.db
      .insert(licenseRequests)
      .values({
        enterprise_id: t.enterpriseId,
        user_id: t.applicant.userId,
        progress: 2,
        completed_on: new Date(),
      })
      .returning();
    const r = await startResponse(t, t.applicant, form, fullAnswers(form, signature), {
      complete: true,
      licenseRequestId: request!.id,
    });
    const wrong = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbresponses/reopen',
      payload: { responseID: r.id, licenseRequestID: randomUUID() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('licenseRequestID');
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbresponses/reopen',
      payload: { responseID: r.id, licenseRequestID: request!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: r.id, progress: 1, completed_on: null });
    const [after] = await t.database.db
      .select()
      .from(licenseRequests)
      .where(eq(licenseRequests.id, request!.id));
    expect(after).toMatchObject({ progress: 1, completed_on: null });
  });

  it('403 without responses.write, 404, 400 and 401', async () => {
    const r = await startResponse(t, t.applicant, form, {});
    const call = (caller: Caller | null, payload: object) =>
      t.call(caller, { method: 'POST', url: '/api/fbresponses/reopen', payload });
    expect((await call(t.applicant, { responseID: r.id })).statusCode).toBe(403);
    expect((await call(t.admin, { responseID: randomUUID() })).statusCode).toBe(404);
    expect((await call(t.admin, { responseID: 'x' })).json().error.fields).toHaveProperty('responseID');
    expect((await call(null, { responseID: r.id })).statusCode).toBe(401);
  });
});

describe('POST fbresponses/clearsignatures', () => {
  it('clears every signature of a draft for its owner, and any for staff', async () => {
    const r = await startResponse(t, t.applicant, form, { name: 'Jane', signature: { signature } });
    const call = (caller: Caller | null, payload: object) =>
      t.call(caller, { method: 'POST', url: '/api/fbresponses/clearsignatures', payload });
    expect((await call(other, { responseID: r.id })).statusCode).toBe(404);
    expect((await call(t.nobody, { responseID: r.id })).statusCode).toBe(403);
    const res = await call(t.applicant, { responseID: r.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cleared: 1 });
    const left = await t.database.db.select().from(fbAnswers).where(eq(fbAnswers.response_id, r.id));
    expect(left.map((a) => a.question_id)).toEqual([form.q.name]);
    expect((await call(t.applicant, { responseID: r.id })).json()).toEqual({ cleared: 0 });

    const sent = await startResponse(t, t.applicant, form, fullAnswers(form, signature), { complete: true });
    expect((await call(t.applicant, { responseID: sent.id })).statusCode).toBe(409);
    expect((await call(t.admin, { responseID: sent.id })).json()).toEqual({ cleared: 1 });
    expect((await call(t.admin, { responseID: randomUUID() })).statusCode).toBe(404);
    expect((await call(t.admin, {})).statusCode).toBe(400);
    expect((await call(null, { responseID: r.id })).statusCode).toBe(401);
  });
});

describe('position permissions on a form', () => {
  it('let a service’s personnel view or edit the service’s responses of that form, and nothing else', async () => {
    const f = fixtures(t);
    const service = await f.service();
    const otherService = await f.service();
    const director = await f.position(`Director ${randomUUID().slice(0, 6)}`);
    const clerk = await f.position(`Clerk ${randomUUID().slice(0, 6)}`);
    await t.database.db.insert(fb_form_position_permissions).values([
      {
        enterprise_id: t.enterpriseId,
        form_id: form.id,
        position_id: director.id,
        can_view: true,
        can_edit: true,
      },
      {
        enterprise_id: t.enterpriseId,
        form_id: form.id,
        position_id: clerk.id,
        can_view: true,
        can_edit: false,
      },
    ]);
    const directorCaller = await t.createCaller([], { isStaff: false, isPortal: true });
    const clerkCaller = await t.createCaller([], { isStaff: false, isPortal: true });
    await f.roster(service.id, directorCaller.userId, { position_id: director.id });
    await f.roster(service.id, clerkCaller.userId, { position_id: clerk.id });

    // The director starts the service's response (answering as themself) and a colleague's is visible.
    const created = await createResponse(
      t,
      directorCaller,
      form,
      { name: 'Service answer' },
      { serviceId: service.id },
    );
    expect(created.statusCode, created.body).toBe(201);
    const colleague = await startResponse(
      t,
      t.admin,
      form,
      { name: 'Colleague' },
      {
        userId: t.applicant.userId,
        serviceId: service.id,
      },
    );
    expect((await get(clerkCaller, colleague.id)).statusCode).toBe(200);
    expect(
      (await updateResponse(t, clerkCaller, form, colleague.id, { name: 'Clerk edit' })).statusCode,
    ).toBe(403);
    const edited = await updateResponse(t, directorCaller, form, colleague.id, { name: 'Director edit' });
    expect(edited.statusCode, edited.body).toBe(200);
    // A clerk cannot start one for the service; nobody reaches another service's responses.
    expect((await createResponse(t, clerkCaller, form, {}, { serviceId: service.id })).statusCode).toBe(403);
    const elsewhere = await startResponse(
      t,
      t.admin,
      form,
      {},
      { userId: t.applicant.userId, serviceId: otherService.id },
    );
    expect((await get(directorCaller, elsewhere.id)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(fbResponses).where(eq(fbResponses.id, colleague.id));
    expect(row?.service_id).toBe(service.id);
  });
});
