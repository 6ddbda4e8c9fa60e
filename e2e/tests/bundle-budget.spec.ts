import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

// What a first visit really downloads: JavaScript bytes on the wire (compressed, as the server sends
// them), in a fresh browser context with an empty cache and no service worker (which would fetch the
// rest of the app in the background once signed in). bench/bundle-size.ts gives the same figures from
// the build's manifest.

const KB = 1024;
/** Budgets in KB of gzip-compressed JavaScript. */
const budgets = { verify: 100, staffHome: 300 };

/** gzip, as the budgets say: Chromium would otherwise take brotli, some 12% smaller. */
const contextOptions = {
  serviceWorkers: 'block',
  extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
} as const;

interface Transfer {
  url: string;
  bytes: number;
  encoding: string | undefined;
}

/** Records every script the page downloads from the app's server. */
function recordScripts(page: Page): () => Promise<Transfer[]> {
  const pending: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: (await response?.allHeaders())?.['content-encoding'],
        };
      })(),
    );
  });
  return () => Promise.all(pending);
}

function summary(transfers: Transfer[]): string {
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  return `${(total / KB).toFixed(1)} KB in ${transfers.length} scripts`;
}

async function freshContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  return browser.newContext({ ...contextOptions, storageState });
}

// Opened blank, and from a QR code's link, which runs the search at once and shows the licence found.
for (const visit of [
  { path: '/verify', shows: 'Enter a name or a licence number to search.' },
  { path: '/verify?number=EMT-000123', shows: 'Showing 1–1 of 1 licence.' },
]) {
  test(`the public verification page (${visit.path}) loads at most 100 KB of JavaScript (gzip)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await freshContext(browser);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseURL}${visit.path}`, { waitUntil: 'networkidle' });
    // Generous waits: a shared machine may be slow to answer; the bytes counted do not depend on it.
    await expect(page.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(visit.shows)).toBeVisible({ timeout: 30_000 });
    const transfers = await scripts();
    console.log(`JavaScript for ${visit.path}: ${summary(transfers)} (gzip)`);

    expect(transfers.length).toBeGreaterThan(0);
    // The build compresses every file but the smallest (under 512 bytes), which gain nothing.
    for (const t of transfers) expect(t.encoding === 'gzip' || t.bytes < 512, t.url).toBe(true);
    // Staff-only libraries stay away from the public page.
    expect(
      transfers.map((t) => t.url).filter((url) => /staff|dashboard|form-builder|sign-in/.test(url)),
    ).toEqual([]);
    const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
    expect(total, summary(transfers)).toBeLessThanOrEqual(budgets.verify * KB);
    await context.close();
  });
}

test('the staff home, opened signed in, loads at most 300 KB of JavaScript (gzip)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const signIn = await freshContext(browser);
  const signInPage = await signIn.newPage();
  await signInPage.goto(`${baseURL}/signin`);
  await signInPage.getByLabel('User name').fill('admin');
  await signInPage.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInPage).toHaveURL(/\/staff$/);
  const session = await signIn.storageState();
  await signIn.close();

  // A new context: the session cookie, an empty cache.
  const context = await freshContext(browser, session);
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${baseURL}/staff`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  const transfers = await scripts();
  console.log(`JavaScript for the staff home: ${summary(transfers)} (gzip)`);

  // The build compresses every file but the smallest (under 512 bytes), which gain nothing.
  for (const t of transfers) expect(t.encoding === 'gzip' || t.bytes < 512, t.url).toBe(true);
  // The form builder's drag and drop and the form renderer load on their own pages only.
  expect(transfers.map((t) => t.url).filter((url) => /form-builder|form-renderer/.test(url))).toEqual([]);
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  expect(total, summary(transfers)).toBeLessThanOrEqual(budgets.staffHome * KB);
  await context.close();
});
