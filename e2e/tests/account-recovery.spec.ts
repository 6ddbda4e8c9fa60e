import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { linkIn, openMailbox } from '../mailbox';

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());
// Many pages, each checked with axe: on a shared 2-core machine that takes longer than the default minute.
test.setTimeout(180_000);

/** The admin's API session (cookie and CSRF token), for setting up a person the journey starts from. */
async function adminApi(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/login', {
    data: { user_name: 'admin', password: 'admin-demo-2026', isPortal: false },
  });
  expect(res.ok()).toBe(true);
  return { api, csrf: (await res.json()).csrfToken as string };
}

async function signInToPortal(page: Page, userName: string, password: string) {
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('radio', { name: /Applicant portal/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an applicant locked out by failed attempts gets back in through the reset link', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const userName = `locked.${suffix}`;
  const email = `locked.${suffix}@example.org`;
  const { api, csrf } = await adminApi(baseURL!);
  const created = await api.post('/api/users', {
    headers: { 'x-csrf-token': csrf },
    data: {
      user: {
        first_name: 'Lee',
        last_name: `Lockout ${suffix}`,
        user_name: userName,
        email,
        password: 'the original passphrase',
      },
    },
  });
  expect(created.status()).toBe(201);
  const personId = (await created.json()).id as string;

  // Wrong passwords until the sign-in waits begin.
  await page.goto('/signin');
  await expect(page.getByRole('link', { name: 'Forgot password' })).toBeVisible();
  await expectNoAxeViolations(page);
  const tooMany = page.getByText('Too many failed sign-in attempts. Wait a moment, then try again.');
  for (let i = 0; i < 12 && !(await tooMany.isVisible()); i++) {
    await signInToPortal(page, userName, `wrong guess number ${i}`);
    await expect(
      page.getByText(/The user name or password is incorrect|Too many failed sign-in/),
    ).toBeVisible();
  }
  await expect(tooMany).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff see the failed attempts on the person's page (the wait itself lasts seconds at first).
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/signin');
  await staff.getByLabel('User name').fill('admin');
  await staff.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff).toHaveURL(/\/staff/);
  await staff.goto(`/staff/people/${personId}`);
  const account = staff.getByRole('region', { name: 'Account' });
  await expect(account).toContainText(/Failed sign-ins \(last day\)\s*([6-9]|1\d)/);
  await expectNoAxeViolations(staff);
  await staffContext.close();

  // The way back in: the reset link, mailed to the applicant's address.
  await page.getByRole('link', { name: 'Reset your password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('User name').fill(userName);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(/a link to reset the password has been sent to it/)).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await mailbox.waitFor(email, /reset-password\?token=/);
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('a fresh start after lockout');
  await page.getByLabel('Repeat the new password').fill('a fresh start after lockout');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with the new password.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The reset cleared the waits: the new password works at once.
  await page.getByRole('status').getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInToPortal(page, userName, 'a fresh start after lockout');
  await expect(page).toHaveURL(/\/portal/);
  await expectNoAxeViolations(page);

  // The administrator reads the reset mail in the mail log, as it was sent (the link in its text).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/signin');
  await admin.getByLabel('User name').fill('admin');
  await admin.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/staff/);
  await admin.getByRole('link', { name: 'Mail', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await admin.getByLabel('Recipient').fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sent');
  await expectNoAxeViolations(admin);
  await row.getByRole('link', { name: 'Reset your password' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Mail: Reset your password' })).toBeVisible();
  await expect(admin.getByText(/reset-password\?token=/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await adminContext.close();
  await api.dispose();
});
