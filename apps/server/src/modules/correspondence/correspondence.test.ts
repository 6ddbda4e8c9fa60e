import { createUser, mailLog, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { unzipEntries } from '../documents/test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.deps.jobs.start();
  await t.database.db
    .update(users)
    .set({ email: 'applicant@example.org' })
    .where(eq(users.id, t.applicant.userId));
});
afterAll(async () => t?.close());

const send = (payload: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/Correspondences', payload });

async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.call(t.admin, { method: 'GET', url: `/api/Correspondences/${id}` });
    if (!['queued', 'sending'].includes(res.json().status)) return res.json();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the send did not finish');
}

describe('Correspondences', () => {
  it('sends free text to people into the mail log (no SMTP), with history per person, and zips it', async () => {
    const ann = await createUser(t.database.db, t.enterpriseId, {
      first_name: 'Ann',
      email: 'ann@example.org',
    });
    const res = await send({
      to: [ann.id, t.applicant.userId, 'desk@example.org'],
      subject: 'Hello {{person.first_name}}',
      message: '<p>Dear {{person.first_name}},</p><p>your file is complete.</p>',
      replyto: ['office@example.org'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const done = await settled(id);
    expect(done).toMatchObject({
      status: 'held',
      initiated_by_id: t.admin.userId,
      reply_to: ['office@example.org'],
    });
    const annMessage = done.recipients.find((r: { address: string }) => r.address === 'ann@example.org');
    expect(annMessage).toMatchObject({ status: 'held', subject: 'Hello Ann' });
    const logged = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.to_address, 'ann@example.org'));
    expect(logged[0]).toMatchObject({ status: 'held', subject: 'Hello Ann' });
    expect(logged[0]!.text_body).toContain('Dear Ann,');

    const history = await t.call(t.admin, { method: 'GET', url: `/api/Correspondences?user_id=${ann.id}` });
    expect(history.json()).toMatchObject({ total: 1, items: [{ id }] });

    const zip = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Core/Correspondence/Zip',
      payload: { correspondenceIds: [id] },
    });
    expect(zip.statusCode).toBe(200);
    const entries = await unzipEntries(zip.rawPayload);
    const names = [...entries.keys()].map((n) => n.split('/').pop());
    expect(names.sort()).toEqual(['message.html', 'message.txt', 'recipients.csv']);
    const csv = [...entries].find(([n]) => n.endsWith('recipients.csv'))![1].toString();
    expect(csv).toContain('ann@example.org,held');

    // Nothing failed: nothing to send again.
    const retry = await t.call(t.admin, { method: 'POST', url: `/api/Correspondences/${id}/retry` });
    expect(retry.statusCode).toBe(409);
  });

  it('answers 400 for no recipients, no content, a foreign document or contact groups without a record', async () => {
    expect((await send({ to: [], subject: 'x', message: '<p>x</p>' })).json().error.fields).toHaveProperty(
      'to',
    );
    expect((await send({ to: ['a@example.org'] })).json().error.fields).toHaveProperty('message');
    expect((await send({ to: ['not an address'], subject: 'x', message: 'y' })).statusCode).toBe(400);
    const doc = await send({
      to: [t.applicant.userId],
      subject: 'x',
      message: 'y',
      userDocumentIDs: ['00000000-0000-4000-8000-000000000009'],
    });
    // The reference check names the list's element (userDocumentIDs.0).
    expect(Object.keys(doc.json().error.fields).join()).toMatch(/^userDocumentIDs/);
    const groups = await send({ to: [], contactGroups: ['person'], subject: 'x', message: 'y' });
    expect(groups.json().error.fields).toHaveProperty('contactGroups');
  });

  it('answers 401, 403 and 404, and shows a portal user only what was sent to them', async () => {
    const other = await createUser(t.database.db, t.enterpriseId, { email: 'other@example.org' });
    const toApplicant = (
      await send({ to: [t.applicant.userId], subject: 'Yours', message: '<p>Yours</p>' })
    ).json();
    const toOther = (await send({ to: [other.id], subject: 'Theirs', message: '<p>Theirs</p>' })).json();
    await settled(toApplicant.id);
    await settled(toOther.id);

    expect((await t.call(null, { method: 'GET', url: '/api/Correspondences' })).statusCode).toBe(401);
    expect((await send({ to: [other.id], subject: 'x', message: 'y' }, t.reviewer)).statusCode).toBe(403);
    expect((await send({ to: [other.id], subject: 'x', message: 'y' }, t.applicant)).statusCode).toBe(403);
    const zip = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Core/Correspondence/Zip',
      payload: { correspondenceIds: [toApplicant.id] },
    });
    expect(zip.statusCode).toBe(403);
    const none = '00000000-0000-4000-8000-000000000009';
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Correspondences/${none}` })).statusCode).toBe(
      404,
    );

    const mine = await t.call(t.applicant, { method: 'GET', url: '/api/Correspondences' });
    expect(mine.json().items.map((c: { id: string }) => c.id)).toContain(toApplicant.id);
    expect(mine.json().items.map((c: { id: string }) => c.id)).not.toContain(toOther.id);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/Correspondences/${toOther.id}` })).statusCode,
    ).toBe(404);
    const own = await t.call(t.applicant, { method: 'GET', url: `/api/Correspondences/${toApplicant.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().recipients).toHaveLength(1);
  });
});
