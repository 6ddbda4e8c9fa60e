import { SMTPServer } from 'smtp-server';

/** The port of the SMTP peer that the e2e server mails to (playwright.config.ts sets its SMTP_URL). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

export interface Mail {
  to: string[];
  /** The raw message, quoted-printable soft line breaks joined and `=3D` decoded, enough to read links. */
  data: string;
}

/**
 * A real SMTP server receiving what the app mails during a spec: start it in beforeAll, read messages
 * with `waitFor`, stop it in afterAll. Specs run one at a time (workers: 1), so they share the port.
 */
export async function openMailbox() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          data: data.replace(/=\r?\n/g, '').replace(/=3D/gi, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return {
    /** The first message to an address whose text matches, waiting up to 15 s for it. */
    async waitFor(address: string, match: RegExp): Promise<string> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = received.find((m) => m.to.includes(address.toLowerCase()) && match.test(m.data));
        if (mail) return mail.data;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${match}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path and query of the first link in a mail to this app that starts with `path` (`/register`). */
export function linkIn(mail: string, path: string): string {
  const url = new RegExp(`https?://[^\\s/]+(${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+)`).exec(mail);
  if (!url?.[1]) throw new Error(`no ${path} link in the mail`);
  return url[1];
}
