import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { productionWarnings, unsafeProductionSettings } from './production-settings';

// Issue 28 item 3: a production start refuses unsafe settings, naming each and how to fix it.

const SAFE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://licensing.example.gov',
  SMTP_URL: 'smtp://mail.example.gov:587',
  METRICS_TOKEN: 'a-long-enough-metrics-token',
};
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('unsafe production settings', () => {
  it('accepts a safe production configuration, and any configuration outside production', () => {
    expect(unsafeProductionSettings(loadConfig(SAFE))).toEqual([]);
    expect(
      unsafeProductionSettings(
        loadConfig({ ...SAFE, DATABASE_URL: 'postgres://db/licensure', SSN_KEY: KEY }),
      ),
    ).toEqual([]);
    expect(
      unsafeProductionSettings(loadConfig({ SECURE_COOKIES: 'false', PAYMENT_TEST_GATEWAY: 'true' })),
    ).toEqual([]);
  });

  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL is not set[\s\S]*Set PUBLIC_URL=https:/],
    [
      'SECURE_COOKIES',
      { SECURE_COOKIES: 'false' },
      /SECURE_COOKIES is off[\s\S]*Remove SECURE_COOKIES=false/,
    ],
    [
      'SSN_KEY',
      { DATABASE_URL: 'postgres://db/licensure' },
      /SSN_KEY is not set with DATABASE_URL[\s\S]*32 random bytes/,
    ],
    [
      'PAYMENT_TEST_GATEWAY',
      { PAYMENT_TEST_GATEWAY: 'true' },
      /PAYMENT_TEST_GATEWAY is on[\s\S]*real gateway/,
    ],
  ])('refuses %s, saying how to fix it', (_name, change, message) => {
    const env = { ...SAFE, ...change } as Record<string, string | undefined>;
    const problems = unsafeProductionSettings(loadConfig(env as NodeJS.ProcessEnv));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('warns, without refusing, when monitoring has no /metrics', () => {
    const { METRICS_TOKEN: _, ...noMetrics } = SAFE;
    expect(productionWarnings(loadConfig(noMetrics))).toEqual([
      'Neither METRICS_TOKEN nor METRICS_PORT is set: no /metrics for monitoring.',
    ]);
    expect(productionWarnings(loadConfig(SAFE))).toEqual([]);
  });
});

const root = path.resolve(import.meta.dirname, '../../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Starts the real server process (main.ts) with env, and waits for it to end. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'licensure-prod-start-'));
  const child = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 280_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}

describe('a production start of the real process', () => {
  it('exits naming every unsafe setting, before opening any database', async () => {
    const { PUBLIC_URL: _, ...withoutUrl } = SAFE;
    const r = await start({
      ...withoutUrl,
      SECURE_COOKIES: 'false',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PAYMENT_TEST_GATEWAY: 'true',
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('Refusing to start in production (NODE_ENV=production) with unsafe settings');
    for (const named of [
      'PUBLIC_URL is not set',
      'SECURE_COOKIES is off',
      'SSN_KEY is not set with DATABASE_URL',
      'PAYMENT_TEST_GATEWAY is on',
    ])
      expect(r.stderr).toContain(named);
  }, 300_000);
});
