import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

// Issue 11, defects 5 and 8, on a phone: the portal home counts the licences My licences lists, and My
// licences shows each as a card whose certificate, wallet card and renew actions are on screen, with no
// scrolling region a keyboard cannot reach.

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, My licences shows every action of each licence on screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/signin?portal=1');
  await page.getByLabel('User name').fill('applicant');
  await page.getByLabel('Password', { exact: true }).fill('applicant-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal/);

  // The home names what My licences lists (the demo applicant holds EMT-000123 and the service's SVC-1001).
  const home = page.getByRole('region', { name: 'My licences' });
  await expect(home).toContainText(/You hold \d+ licences?\./);
  await expect(home).toContainText('EMS Personnel Certification EMT-000123: Active');
  await expect(home).not.toContainText('You have no licences yet.');
  await expectNoAxeViolations(page);

  await page.goto('/portal/my-licences');
  const cards = page.getByRole('list', { name: 'My licences' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const emt = cards.filter({ hasText: 'EMT-000123' });
  await expect(emt.getByRole('heading', { name: 'EMS Personnel Certification' })).toBeVisible();
  await expect(emt).toContainText('EMT');
  await expect(emt).toContainText('Active');
  // Each action fits the screen once scrolled to (more cards may stand above: the applicant also
  // administers a service): wholly in view, never cut off at the side.
  for (const name of ['Certificate EMT-000123', 'Wallet card EMT-000123']) {
    await emt.getByRole('link', { name }).scrollIntoViewIfNeeded();
    await expect(emt.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  }
  await emt.getByRole('button', { name: 'Renew EMT-000123' }).scrollIntoViewIfNeeded();
  await expect(emt.getByRole('button', { name: 'Renew EMT-000123' })).toBeInViewport({ ratio: 1 });
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});
