import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Mail goes to a real SMTP peer that the specs reading mail open on this port (e2e/mailbox.ts).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
// A fresh embedded database for every run, seeded with the demo data on start.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'licensure-e2e-'));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // An action waiting for an element that never comes fails in a minute, not at the test's end.
    actionTimeout: 60_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/enterpriseLess`,
    // The first start migrates and seeds a fresh database: a busy machine may need longer (E2E_START_TIMEOUT, ms).
    timeout: Number(process.env.E2E_START_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?starttls=false`,
    },
  },
});
