import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isLoopbackAddress, logMailSetup, mailBanner } from './mail-setup';

/** What the server logs about mail at start, as JSON lines. */
function startUpLines(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const config = loadConfig({ WEB_DIST: '/nonexistent', ...env });
  logMailSetup(config, pino({ level: 'info' }, sink), 'http://localhost:3000');
  return lines;
}

describe('the mail start-up line', () => {
  it('warns in production when SMTP_URL is unset', () => {
    const lines = startUpLines({ NODE_ENV: 'production' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(40);
    expect(lines[0]!.msg).toContain('Mail is not being sent: SMTP_URL is not set');
    expect(mailBanner(loadConfig({ NODE_ENV: 'production' }))).toBe(
      'Mail is not being sent: SMTP_URL is not set',
    );
  });

  it('says nothing when a mail server is configured', () => {
    const env = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' };
    expect(startUpLines(env)).toEqual([]);
    expect(mailBanner(loadConfig(env))).toBeNull();
  });

  it('points a developer at the dev mail viewer outside production', () => {
    const lines = startUpLines({ NODE_ENV: 'development' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(30);
    expect(lines[0]).toMatchObject({ viewer: 'http://localhost:3000/dev/mail' });
    expect(mailBanner(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
  });
});

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1, also IPv4-mapped, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '', undefined])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
