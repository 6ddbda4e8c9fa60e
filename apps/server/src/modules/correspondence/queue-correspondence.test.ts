import {
  correspondenceRecipients,
  correspondences,
  createUser,
  dataChangeLog,
  mergeTemplates,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMailTransports } from '../../platform/mail/send-mail';
import { createTestContext, type TestContext } from '../../test/test-app';
import { queueCorrespondence } from './queue-correspondence';
import { retryCorrespondence } from './retry-correspondence';

interface Received {
  to: string[];
  data: string;
}

let t: TestContext;
let server: SMTPServer;
const received: Received[] = [];
/** Addresses the peer refuses while they are in this set (a failing SMTP peer). */
const refusing = new Set<string>();

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing.has(address.address))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}?starttls=false` });
  await t.app.deps.jobs.start();
});
afterAll(async () => {
  await t?.close();
  closeMailTransports();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const [c] = await t.database.db.select().from(correspondences).where(eq(correspondences.id, id));
    if (c && !['queued', 'sending'].includes(c.status)) return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the send did not finish');
}
const person = (first_name: string, email: string) =>
  createUser(t.database.db, t.enterpriseId, { first_name, last_name: 'Lee', email });
const queue = (input: Parameters<typeof queueCorrespondence>[1]) =>
  t.database.db.transaction((tx) => queueCorrespondence(tx, input, t.app.deps.jobs));

describe('queueCorrespondence', () => {
  it('merges a template for each recipient, sends through SMTP once per idempotency key', async () => {
    const ann = await person('Ann', 'ann@example.org');
    const bob = await person('Bob', 'bob@example.org');
    const [template] = await t.database.db
      .insert(mergeTemplates)
      .values({
        enterprise_id: t.enterpriseId,
        code: 'Correspondence',
        merge_object: 'person',
        name: 'Welcome',
        subject: 'Welcome {{person.first_name}}',
        body_html: '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>welcome.</p>',
      })
      .returning();
    const input = {
      enterpriseId: t.enterpriseId,
      to: [ann.id, bob.id, 'office@example.org'],
      cc: ['copy@example.org'],
      mergeTemplateId: template!.id,
      initiatedById: t.admin.userId,
      idempotencyKey: `trigger-action:welcome:${ann.id}`,
    };
    const first = await queue(input);
    expect(first).toMatchObject({ total: 3, created: true });
    const again = await queue(input);
    expect(again).toEqual({ id: first.id, total: 3, created: false });

    const done = await settled(first.id);
    expect(done).toMatchObject({ status: 'sent', sent_count: 3, failed_count: 0 });
    const toAnn = received.filter((m) => m.to.includes(ann.email!));
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0]!.to).toContain('copy@example.org');
    expect(toAnn[0]!.data).toContain(`Subject: Welcome ${ann.first_name}`);
    expect(toAnn[0]!.data).toContain(`Dear ${ann.first_name} ${ann.last_name},`);
    expect(received.filter((m) => m.to.includes(bob.email!))[0]!.data).toContain(`Welcome ${bob.first_name}`);
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'correspondences'), eq(dataChangeLog.object_id, first.id)));
    expect(log).toHaveLength(1);
  });

  it('keeps a failure visible on its message and sends it when retried', async () => {
    const person = await createUser(t.database.db, t.enterpriseId, { email: 'refused@example.org' });
    refusing.add(person.email!);
    const sent = await queue({
      enterpriseId: t.enterpriseId,
      to: [person.id, 'fine@example.org'],
      subject: 'Inspection visit',
      message: '<p>We will visit on Monday.</p>',
    });
    const done = await settled(sent.id);
    expect(done).toMatchObject({ status: 'partial', sent_count: 1, failed_count: 1 });
    const [failed] = await t.database.db
      .select()
      .from(correspondenceRecipients)
      .where(
        and(
          eq(correspondenceRecipients.correspondence_id, sent.id),
          eq(correspondenceRecipients.status, 'failed'),
        ),
      );
    expect(failed).toMatchObject({ address: person.email, attempts: 1 });
    expect(failed!.error).toMatch(/Mailbox unavailable/);

    refusing.delete(person.email!);
    const n = await t.database.db.transaction((tx) =>
      retryCorrespondence(
        tx,
        { enterpriseId: t.enterpriseId, correspondenceId: sent.id, actorId: null },
        t.app.deps.jobs,
      ),
    );
    expect(n).toBe(1);
    expect(await settled(sent.id)).toMatchObject({ status: 'sent', sent_count: 2, failed_count: 0 });
    expect(received.filter((m) => m.to.includes(person.email!))).toHaveLength(1);
    await expect(
      t.database.db.transaction((tx) =>
        retryCorrespondence(
          tx,
          { enterpriseId: t.enterpriseId, correspondenceId: sent.id, actorId: null },
          t.app.deps.jobs,
        ),
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses a send without recipients or without content', async () => {
    await expect(
      queue({ enterpriseId: t.enterpriseId, to: [], subject: 'Hello', message: '<p>x</p>' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Choose at least one recipient with an email address.',
    });
    await expect(queue({ enterpriseId: t.enterpriseId, to: ['a@example.org'] })).rejects.toThrow(
      /Choose a merge template, or write a subject and a message./,
    );
  });
});
