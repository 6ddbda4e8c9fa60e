import { randomUUID } from 'node:crypto';
import { createUser, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { closeMailTransports } from '../mail/send-mail';
import { isLoopbackHost, ownAddress } from './public-origin';

/** Links in mail, PDFs and SAML addresses never follow the Host header a stranger sends. */
const received: string[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push(data.replace(/=\r\n/g, ''));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}?starttls=false`;
});
afterAll(async () => {
  closeMailTransports();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function forgot(t: TestContext, host?: string, waitMs = 15_000) {
  const email = `${randomUUID()}@example.org`;
  const u = await createUser(t.database.db, t.enterpriseId, { email, is_staff: true });
  const res = await t.call(null, {
    method: 'POST',
    url: '/api/users/forgotpassword',
    payload: { user_name: u.user_name },
    headers: host ? { host } : {},
  });
  expect(res.statusCode).toBe(200);
  // Account mail goes out through the job queue: wait for it to arrive.
  for (let i = 0; i < waitMs / 50 && !received.some((m) => m.includes(email)); i++)
    await new Promise((r) => setTimeout(r, 50));
  return received.filter((m) => m.includes(email));
}
const linkIn = (mail: string) => /(\S+)\/reset-password\?token=/.exec(mail)?.[1];

describe('without PUBLIC_URL (development)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SMTP_URL: smtpUrl });
  });
  afterAll(() => t?.close());

  it("links to the server's own address (localhost and PORT), whatever Host the request names", async () => {
    const own = `http://localhost:${t.app.deps.config.PORT}`;
    for (const host of [undefined, 'evil.example', 'localhost:1@evil.example', 'localhost:8080']) {
      const [mail] = await forgot(t, host);
      expect(linkIn(mail!), host).toBe(own);
      expect(mail, host).not.toContain('evil.example');
    }
  });

  it("links to the enterprise's own web address whatever Host the request names", async () => {
    await t.database.db
      .update(enterprises)
      .set({ address: 'licensing.example.gov' })
      .where(eq(enterprises.id, t.enterpriseId));
    t.app.deps.resolver.invalidate();
    try {
      const [mail] = await forgot(t, 'evil.example');
      expect(linkIn(mail!)).toBe('http://licensing.example.gov');
      expect(mail).not.toContain('evil.example');
    } finally {
      await t.database.db.update(enterprises).set({ address: '' }).where(eq(enterprises.id, t.enterpriseId));
      t.app.deps.resolver.invalidate();
    }
  });

  it('publishes SAML addresses on its own address, not on a stranger host', async () => {
    const res = await t.call(null, {
      method: 'GET',
      url: '/api/Saml20/Metadata',
      headers: { host: 'localhost:1@evil.example' },
    });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`entityID="http://localhost:${t.app.deps.config.PORT}/api/Saml20/Metadata"`);
  });
});

describe('in production without PUBLIC_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SMTP_URL: smtpUrl, NODE_ENV: 'production' });
  });
  afterAll(() => t?.close());

  it('mails no link at all, not even to a request on this machine', async () => {
    // Nothing arrives within 3 s (the queue delivers in well under a second when it sends).
    expect(await forgot(t, undefined, 3000)).toEqual([]);
    expect(await forgot(t, 'localhost:3000', 3000)).toEqual([]);
  });
});

describe('host parsing', () => {
  it('accepts only an exact loopback name with at most a numeric port', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      'localhost:80',
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:3000',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      'localhost:1@evil.example',
      'localhost@evil.example',
      'localhost:@evil.example',
      'localhost:abc',
      'localhost:3000/evil',
      'localhost.evil.example',
      'evil.example',
      'localhost:99999',
      '127.0.0.2',
      '',
      ' localhost',
      'localhost#@evil.example',
      'localhost:3000?x',
      '0x7f.0.0.1',
      '2130706433',
      '[::ffff:127.0.0.1]',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("takes the server's own address from the configuration, a loopback HOST as it is", () => {
    expect(ownAddress({ HOST: 'localhost', PORT: 3000 })).toBe('http://localhost:3000');
    expect(ownAddress({ HOST: '127.0.0.1', PORT: 3100 })).toBe('http://127.0.0.1:3100');
    expect(ownAddress({ HOST: '0.0.0.0', PORT: 8080 })).toBe('http://localhost:8080');
    expect(ownAddress({ HOST: '::1', PORT: 3000 })).toBe('http://[::1]:3000');
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://licensing.example.gov' });
  });
  afterAll(() => t?.close());

  it('builds the reset link from PUBLIC_URL, not from the Host header', async () => {
    const [mail] = await forgot(t, 'evil.example');
    expect(linkIn(mail!)).toBe('https://licensing.example.gov');
    expect(mail).not.toContain('evil.example');
  });

  it('keeps SAML addresses and credential verify links on PUBLIC_URL', async () => {
    const evil = { host: 'evil.example' };
    const metadata = await t.call(null, { method: 'GET', url: '/api/Saml20/Metadata', headers: evil });
    expect(metadata.body).toContain('entityID="https://licensing.example.gov/api/Saml20/Metadata"');
    expect(metadata.body).not.toContain('evil.example');

    const licence = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: { license: { name: 'Origin Licence', entity: 'user' } },
    });
    const cert = await t.call(t.admin, {
      method: 'POST',
      url: '/api/certifications',
      payload: {
        certification: {
          license_id: licence.json().id,
          user_id: t.applicant.userId,
          number: 'OR-1',
          expiration_date: '2030-01-31',
        },
      },
    });
    expect(cert.statusCode).toBe(201);
    const url = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/certifications/${cert.json().id}/verifyurl`,
      headers: evil,
    });
    expect(url.json()).toEqual({ url: 'https://licensing.example.gov/verify?number=OR-1' });
  });
});
