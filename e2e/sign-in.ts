import { type Browser, expect, type Page, test } from '@playwright/test';

/** The demo accounts of the seed; each one's password is `<name>-demo-2026`. */
export type DemoUser = 'admin' | 'reviewer' | 'applicant';

/** Signs a demo account in through the sign-in page (the applicant to the portal) and waits for home. */
export async function signIn(page: Page, who: DemoUser = 'admin'): Promise<void> {
  await page.goto(who === 'applicant' ? '/signin?portal=1' : '/signin');
  await page.getByLabel('User name').fill(who);
  await page.getByLabel('Password', { exact: true }).fill(`${who}-demo-2026`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Generous: the first sign-in of a run waits for a cold server.
  await expect(page).toHaveURL(who === 'applicant' ? /\/portal/ : /\/staff/, { timeout: 30_000 });
}

/** A page of a browser context of its own (its own cookies), signed in as a demo account. */
export async function newSignedInPage(browser: Browser, who: DemoUser = 'admin'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}
