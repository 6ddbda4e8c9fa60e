import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { linkIn, openMailbox } from '../mailbox';
import { signIn } from '../sign-in';

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());
// Many pages, each checked with axe: on a shared 2-core machine that takes longer than the default minute.
test.setTimeout(180_000);

test('People, Services and Vehicles open on recent records', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'People' }).click();
  const people = page.getByRole('table', { name: 'Recently changed people' });
  await expect(people.getByRole('link', { name: 'Avery Applicant' })).toBeVisible();
  await expect(page.getByText(/Recently changed people, last changed first\. Showing 1–/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Services' }).click();
  const services = page.getByRole('table', { name: 'Recently changed services' });
  await expect(services.getByRole('link', { name: 'Lakeside Ambulance Service' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Vehicles' }).click();
  const vehicles = page.getByRole('table', { name: 'Recently changed vehicles' });
  await expect(vehicles.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  // A search still narrows the list; clearing it goes back to the recent records.
  await page.getByRole('link', { name: 'People' }).click();
  await page.getByLabel('Last name').fill('Applicant');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'People found' })).toBeVisible();
});

test('staff create a person and invite them; the invitation lets them into the portal', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const email = `invited.${suffix}@example.org`;
  const userName = `invited.${suffix}`;
  await signIn(page);
  await page.getByRole('link', { name: 'People' }).click();
  await page.getByRole('link', { name: 'New person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New person' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill(`Invited ${suffix}`);
  // An invitation needs the address and a user name: said on the fields.
  await page.getByRole('button', { name: 'Create and invite' }).click();
  await expect(page.getByText('An invitation needs the email address.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('User name', { exact: true }).fill(userName);
  await page.getByRole('button', { name: 'Create and invite' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Ivy Invited ${suffix}` })).toBeVisible();
  await expect(
    page.getByText(`An invitation to the portal has been sent. It went to ${email}.`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' }).getByText('No password yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // The new person is the most recent on the People page.
  await page.getByRole('link', { name: 'Back to search' }).click();
  await expect(
    page.getByRole('table', { name: 'Recently changed people' }).getByRole('row').nth(1),
  ).toContainText(`Ivy Invited ${suffix}`);

  // The invitation, as mailed: the user name and a link to choose a password.
  const mail = await mailbox.waitFor(email, /reset-password\?token=/);
  expect(mail).toContain(`with the user name ${userName}`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('invited and welcome here');
  await page.getByLabel('Repeat the new password').fill('invited and welcome here');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with the new password.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('status').getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('User name', { exact: true }).fill(userName);
  await page.getByLabel('Password', { exact: true }).fill('invited and welcome here');
  await page.getByRole('radio', { name: /Applicant portal/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal/);
  await expectNoAxeViolations(page);
});

test('Alerts and Complaints fit a 390 px screen; the queue date filters show where focus is', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  // Alerts become cards, each with its Retire button on screen.
  await page.goto('/staff/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const retire = page.getByRole('button', { name: /^Retire the alert/ }).first();
  await expect(retire).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  const box = await retire.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  // The complaints table scrolls in its own box, not the page.
  await page.goto('/staff/complaints');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);
  await expectNoAxeViolations(page);

  // A native date field reached by keyboard shows the same ring as every other field.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/requests');
  const from = page.getByLabel('Submitted from');
  await from.focus();
  await expect(from).toBeFocused();
  const outline = await from.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
