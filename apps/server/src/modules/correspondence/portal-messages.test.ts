import { users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, upload } from '../clinicians/test-helpers';
import { runSendJob } from './send-correspondence';

let t: TestContext;
let other: Caller;
let documentId: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const missing = '00000000-0000-4000-8000-000000000009';

/** Staff send a message through the API; the send job then runs (no SMTP here: the mail is held). */
async function send(subject: string, message: string, to: string[], documentIds: string[] = []) {
  const res = await t.call(t.admin, {
    method: 'POST',
    url: '/api/Correspondences',
    payload: { to, subject, message, userDocumentIDs: documentIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { files, config } = t.app.deps;
  await runSendJob(
    { database: t.database, files, mail: config, log: t.app.log },
    { correspondenceId: res.json().id, enterpriseId: t.enterpriseId },
  );
}

beforeAll(async () => {
  t = await createFilesTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  const db = t.database.db;
  await db
    .update(users)
    .set({ first_name: 'Avery', email: 'avery@example.org' })
    .where(eq(users.id, t.applicant.userId));
  await db
    .update(users)
    .set({ first_name: 'Blake', email: 'blake@example.org' })
    .where(eq(users.id, other.userId));
  const up = await upload(
    t,
    t.admin,
    { name: 'renewal-guide.pdf', content: PDF, type: 'application/pdf' },
    { user_id: t.applicant.userId },
  );
  expect(up.statusCode, up.body).toBe(200);
  documentId = up.json().id;
  await send('Older news', '<p>First letter.</p>', [t.applicant.userId]);
  await send(
    'Your renewal, {{person.first_name}}',
    '<p>Dear {{person.first_name}}, the guide is attached.</p><script>alert(1)</script>',
    [t.applicant.userId],
    [documentId],
  );
  await send('Only for Blake', '<p>Not yours.</p>', [other.userId]);
}, 60_000);
afterAll(async () => t?.close());

const list = (caller: Caller | null, query = '') =>
  t.call(caller, { method: 'GET', url: `/api/portal/messages${query}` });

describe('the portal Messages of the signed-in person', () => {
  it('lists only what was sent to them, newest first, paged, with their own merged subject', async () => {
    const all = await list(t.applicant);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    expect(all.json().items.map((m: { subject: string }) => m.subject)).toEqual([
      'Your renewal, Avery',
      'Older news',
    ]);
    expect(all.json().items[0]).toMatchObject({ attachment_count: 1 });
    expect(all.body).not.toContain('Blake');
    const page2 = await list(t.applicant, '?currentPage=2&numPerPage=1');
    expect(page2.json()).toMatchObject({ total: 2, currentPage: 2, numPerPage: 1 });
    expect(page2.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Older news']);
  });

  it('opens a message to its merged subject and body (sanitised), with attachments that download', async () => {
    const [newest] = (await list(t.applicant)).json().items;
    const one = await t.call(t.applicant, { method: 'GET', url: `/api/portal/messages/${newest.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: newest.id,
      subject: 'Your renewal, Avery',
      attachments: [{ id: documentId, name: 'renewal-guide.pdf', mime_type: 'application/pdf' }],
    });
    expect(one.json().html_body).toContain('Dear Avery, the guide is attached.');
    expect(one.json().html_body).not.toContain('<script');
    const file = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/portal/messages/${newest.id}/attachments/${documentId}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('renewal-guide.pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('another person’s message, or a document not attached to it, is a 404; no session is a 401', async () => {
    const [mine] = (await list(t.applicant)).json().items;
    const [theirs] = (await list(other)).json().items;
    expect(theirs.subject).toBe('Only for Blake');
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/portal/messages/${theirs.id}` })).statusCode,
    ).toBe(404);
    expect((await t.call(other, { method: 'GET', url: `/api/portal/messages/${mine.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.call(other, {
          method: 'GET',
          url: `/api/portal/messages/${mine.id}/attachments/${documentId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/portal/messages/${theirs.id}/attachments/${documentId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/portal/messages/${mine.id}/attachments/${missing}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/portal/messages/nope' })).statusCode).toBe(
      400,
    );
    expect((await list(null)).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: `/api/portal/messages/${mine.id}` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.call(null, {
          method: 'GET',
          url: `/api/portal/messages/${mine.id}/attachments/${documentId}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});
