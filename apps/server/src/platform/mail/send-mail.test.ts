import { type Database, mailLog } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { closeMailTransports, sendMail } from './send-mail';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let database: Database;
let server: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example'))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  smtpUrl = `smtp://127.0.0.1:${port}?starttls=false`;
});

afterAll(async () => {
  closeMailTransports();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await database?.close();
});

const loggedRow = async (id: string) =>
  (await database.db.select().from(mailLog).where(eq(mailLog.id, id)))[0]!;

describe('sendMail', () => {
  it('sends through SMTP when configured and marks the mail log row sent', async () => {
    const result = await sendMail(
      database.db,
      { to: 'pat@example.org', subject: 'Your licence', text: 'It is ready.' },
      { SMTP_URL: smtpUrl, MAIL_FROM: 'EMS Office <ems@state.example>' },
    );
    expect(result.status).toBe('sent');
    const row = await loggedRow(result.id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    const mail = received.find((m) => m.to.includes('pat@example.org'));
    expect(mail?.from).toBe('ems@state.example');
    expect(mail?.data).toContain('Subject: Your licence');
    expect(mail?.data).toContain('It is ready.');
  });

  it('holds the message in the mail log when no SMTP server is configured', async () => {
    const before = received.length;
    const result = await sendMail(
      database.db,
      { to: 'held@example.org', subject: 'Held', text: 'For staff to read.' },
      { MAIL_FROM: 'ems@state.example' },
    );
    expect(result.status).toBe('held');
    const row = await loggedRow(result.id);
    expect(row).toMatchObject({
      status: 'held',
      to_address: 'held@example.org',
      text_body: 'For staff to read.',
    });
    expect(received.length).toBe(before);
  });

  it('records a failure with the server answer when the SMTP server refuses', async () => {
    const result = await sendMail(
      database.db,
      { to: 'nobody@refused.example', subject: 'Refused', text: 'x' },
      { SMTP_URL: smtpUrl, MAIL_FROM: 'ems@state.example' },
    );
    expect(result.status).toBe('failed');
    const row = await loggedRow(result.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/Mailbox unavailable|550/);
  });

  it('records a failure when the SMTP server cannot be reached', async () => {
    const result = await sendMail(
      database.db,
      { to: 'pat@example.org', subject: 'Unreachable', text: 'x' },
      { SMTP_URL: 'smtp://127.0.0.1:1?starttls=false', MAIL_FROM: 'ems@state.example' },
    );
    expect(result.status).toBe('failed');
    expect((await loggedRow(result.id)).error).toBeTruthy();
  });
});
