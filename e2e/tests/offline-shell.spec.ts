import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

// This journey stops the server, so it starts one of its own (with its own database) instead of using
// the shared one of playwright.config.ts. Its address is another origin, so the service worker, caches
// and IndexedDB of this test are separate from the other journeys' too.

let server: ChildProcess | undefined;
let serverOutput = '';
let dataDir: string | undefined;
let baseURL = '';

const at = (pathname: string) => `${baseURL}${pathname}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** True while something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server || server.exitCode !== null || server.signalCode !== null)
      throw new Error(`The server exited while starting:\n${serverOutput}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms:\n${serverOutput}`);
}

/**
 * Stops the server and waits until its port is closed. `npx` does not pass SIGTERM on to the server, so
 * the server runs in a process group of its own and the whole group gets the signal.
 */
async function stopServer(port: number): Promise<void> {
  const child = server;
  if (!child?.pid) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // The group is gone already.
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup('SIGTERM');
  await exited;
  const deadline = Date.now() + 15_000;
  while ((await listening(port)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (await listening(port)) signalGroup('SIGKILL');
  server = undefined;
}

/** Paths of everything in the page's Cache Storage. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

let port = 0;

test.beforeAll(async () => {
  // Starting a server (migrations and seed on a new database) may take longer than a test.
  test.setTimeout(150_000);
  port = Number(process.env.E2E_OFFLINE_PORT ?? (await freePort()));
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'licensure-e2e-offline-'));
  server = spawn('npx', ['tsx', '../apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-10_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  await waitForServer(at('/api/enterpriseLess'), 120_000);
});

test.afterAll(async () => {
  await stopServer(port);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a reload while the server is down still shows the shell with the cached account', async ({ page }) => {
  test.setTimeout(180_000);

  await page.goto(at('/signin'));
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible();

  // The production build registers the service worker; it takes over this page once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled).toBe(true);

  // Use the API through the worker: its answers must not be cached.
  await page.getByRole('link', { name: 'Administration' }).first().click();
  await page.getByRole('link', { name: 'Alert types', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Credential expiring' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const cached = await cachedPaths(page);
  expect(cached).toContain('/index.html');
  expect(cached.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
  expect(cached.filter((p) => p.toLowerCase().startsWith('/api'))).toEqual([]);

  await stopServer(port);
  expect(await listening(port)).toBe(false);

  await page.reload();
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible();
  await expect(page.getByText('State Office of Emergency Medical Services').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Any address of the app opens from the cached shell, not only the one that was open.
  await page.goto(at('/staff/admin'));
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible();

  expect((await cachedPaths(page)).filter((p) => p.toLowerCase().startsWith('/api'))).toEqual([]);
});
