import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { linkIn, openMailbox } from '../mailbox';

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());
// Many pages, each checked with axe: on a shared 2-core machine that takes longer than the default minute.
test.setTimeout(180_000);

/** The demo enterprise's duplicate-prevention text (seed), shown word for word. */
const DUPLICATE_PREVENTION =
  'Have you held a licence or applied with this office before? Then you already have an account: do not register again. Use "Forgot user name" or "Forgot password" on the sign-in page, or call the licensing office.';

test('a visitor registers in the portal, verifies the email and signs in', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const email = `visitor.${suffix}@example.org`;
  const userName = `visitor.${suffix}`;

  await page.goto('/signin');
  await page.getByRole('link', { name: 'New applicant? Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Before you register' })).toHaveText(DUPLICATE_PREVENTION);
  await expectNoAxeViolations(page);

  // A wrong address is refused on its field, by keyboard alone.
  await page.getByLabel('Email address').fill('not an address');
  await page.getByLabel('Email address').press('Enter');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a registration link' }).click();
  await expect(page.getByText(/We sent a link to this email address/)).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await mailbox.waitFor(email, /register\?token=/);
  expect(mail).toContain('do not register again');
  await page.goto(linkIn(mail, '/register'));
  await expect(page.getByText(`Email address (verified): ${email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Before you register' })).toHaveText(DUPLICATE_PREVENTION);
  await expectNoAxeViolations(page);

  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill(`Visitor ${suffix}`);
  await page.getByLabel('User name').fill('applicant'); // the demo applicant's: taken
  await page.getByLabel('New password', { exact: true }).fill('my very own portal passphrase');
  await page.getByLabel('Repeat the new password').fill('my very own portal passphrase');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This user name is taken. Choose another.')).toBeVisible();
  await expect(page.getByLabel('User name')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('User name').fill(userName);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(
    page.getByText('Your account has been created. Sign in to the portal with your user name and password.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Sign in to the portal' }).click();
  await expect(page.getByRole('radio', { name: /Applicant portal/ })).toBeChecked();
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill('my very own portal passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal/);
  await expectNoAxeViolations(page);

  // The link is spent: a second visit cannot create another account.
  await page.goto(linkIn(mail, '/register'));
  await expect(
    page.getByText('The registration link is invalid or has expired. Ask for a new one.'),
  ).toBeVisible();
});
