import { correspondences, createUser, mailLog } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { createTestContext, type TestContext } from '../../test/test-app';
import { queueCorrespondence } from '../correspondence/queue-correspondence';

/**
 * A person's own data merged into a template's link must not become a javascript: link: merged values
 * are sanitised with the template (after merging), on every path merged HTML leaves the product by.
 */
let t: TestContext;
let personId: string;
let templateId: string;
const attack = 'javascript:alert(1)';
const body = '<p>Dear {{person.first_name}},</p><p><a href="{{person.street}}">your address</a></p>';

beforeAll(async () => {
  t = await createTestContext();
  await t.app.deps.jobs.start();
  const person = await createUser(t.database.db, t.enterpriseId, {
    first_name: 'Mallory',
    street: attack,
    email: 'mallory@example.org',
  });
  personId = person.id;
  const created = await t.call(t.admin, {
    method: 'POST',
    url: '/api/mergetemplates',
    payload: {
      merge_template: {
        code: 'Licensing',
        merge_object: 'person',
        name: 'Address check',
        subject: 'Your address',
        body_html: body,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  templateId = created.json().id;
});
afterAll(async () => t?.close());

const object = () => ({ kind: 'person' as const, id: personId });
const noScriptLink = (html: string) => {
  expect(html).not.toMatch(/javascript:/i);
  expect(html).toContain('your address');
};

async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.database.db.select().from(correspondences).where(eq(correspondences.id, id));
    if (row && !['queued', 'sending'].includes(row.status)) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the send did not finish');
}

describe('merged values in links', () => {
  it('never reach the preview as a javascript: link', async () => {
    const preview = await t.call(t.admin, {
      method: 'POST',
      url: `/api/mergetemplates/${templateId}/preview`,
      payload: { object: object() },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    noScriptLink(preview.json().html);
    expect(preview.json().text).not.toMatch(/javascript:/i);
  });

  it('never reach the letter PDF', async () => {
    const pdf = await t.call(t.admin, {
      method: 'GET',
      url: `/api/mergetemplates/${templateId}/pdf?kind=person&id=${personId}`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain('your address');
    expect(text).not.toMatch(/javascript:/i);
  });

  it('never reach the stored correspondence or the mail sent from a template', async () => {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Correspondences',
      payload: {
        to: [personId],
        mergeTemplateID: templateId,
        mergeObject: 'person',
        mergeEntityID: personId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const send = await settled(res.json().id);
    noScriptLink(send.html_body);
    expect(send.text_body).not.toMatch(/javascript:/i);
    const mail = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.to_address, 'mallory@example.org'));
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) {
      noScriptLink(m.html_body ?? '');
      expect(m.text_body).not.toMatch(/javascript:/i);
    }
  });

  it('never reach a free-text message merged for each recipient', async () => {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Correspondences',
      payload: { to: [personId], subject: 'Hello {{person.first_name}}', message: body },
    });
    expect(res.statusCode, res.body).toBe(201);
    await settled(res.json().id);
    const [mail] = await t.database.db.select().from(mailLog).where(eq(mailLog.subject, 'Hello Mallory'));
    noScriptLink(mail!.html_body ?? '');
    expect(mail!.text_body).not.toMatch(/javascript:/i);
  });

  it('never reach letters queued by triggers and scheduled tasks (queueCorrespondence)', async () => {
    const queued = await t.database.db.transaction((tx) =>
      queueCorrespondence(
        tx,
        { enterpriseId: t.enterpriseId, to: [personId], mergeTemplateId: templateId, mergeObject: object() },
        t.app.deps.jobs,
      ),
    );
    const send = await settled(queued.id);
    noScriptLink(send.html_body);
  });
});
