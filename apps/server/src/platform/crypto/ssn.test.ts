import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decryptSsn,
  encryptSsn,
  ensureSsnKey,
  maskSsn,
  SsnKeyMissingError,
  SsnKeyRefusedError,
  ssnMatches,
} from './ssn';

const key = randomBytes(32).toString('base64');

describe('SSN encryption', () => {
  it('round-trips with a fresh nonce each time, and rejects tampering or another key', () => {
    const a = encryptSsn(key, '123-45-6789');
    const b = encryptSsn(key, '123456789');
    expect(a).not.toBe(b);
    expect(decryptSsn(key, a)).toBe('123456789');
    expect(ssnMatches(key, b, '123-45-6789')).toBe(true);
    expect(ssnMatches(key, b, '123-45-6780')).toBe(false);
    const [v, n, tag, data] = a.split(':');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSsn(key, [v, n, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => decryptSsn(randomBytes(32).toString('base64'), a)).toThrow();
    expect(() => encryptSsn(undefined, '123456789')).toThrow(SsnKeyMissingError);
    expect(maskSsn('6789')).toBe('***-**-6789');
  });
});

describe('ensureSsnKey', () => {
  const base = { NODE_ENV: 'development', DATABASE_URL: undefined as string | undefined };

  it('uses a configured key as given', async () => {
    expect(await ensureSsnKey({ ...base, SSN_KEY: key, DATA_DIR: '/nonexistent' })).toEqual({
      key,
      generated: false,
    });
  });

  it('generates DATA_DIR/ssn.key once (owner-only), then reads it back', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'ssnkey-')), 'data');
    const first = await ensureSsnKey({ ...base, DATA_DIR: dir });
    expect(first.generated).toBe(true);
    expect(Buffer.from(first.key, 'base64')).toHaveLength(32);
    expect((await stat(path.join(dir, 'ssn.key'))).mode & 0o777).toBe(0o600);
    const second = await ensureSsnKey({ ...base, DATA_DIR: dir });
    expect(second).toMatchObject({ key: first.key, generated: false });
    expect((await readFile(path.join(dir, 'ssn.key'), 'utf8')).trim()).toBe(first.key);
  });

  it('refuses to start with DATABASE_URL in production without a key, and generates in development', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ssnkey-'));
    const url = 'postgres://db.example/licensure';
    await expect(ensureSsnKey({ NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dir })).rejects.toThrow(
      SsnKeyRefusedError,
    );
    expect(
      (await ensureSsnKey({ NODE_ENV: 'development', DATABASE_URL: url, DATA_DIR: dir })).generated,
    ).toBe(true);
  });
});
