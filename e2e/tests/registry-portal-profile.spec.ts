import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

test('an applicant opens their own profile in the portal', async ({ page }) => {
  await page.goto('/signin?portal=1');
  await page.getByLabel('User name').fill('applicant');
  await page.getByLabel('Password', { exact: true }).fill('applicant-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal/);

  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  // Either the record (when the API lets portal users read their own) or the message saying it cannot be shown.
  await expect(
    page
      .getByRole('heading', { level: 2, name: 'Contact details' })
      .or(page.getByText(/cannot be shown here/)),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
