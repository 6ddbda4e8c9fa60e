import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

test('the public verifies a licence by its number, without signing in', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Verify a licence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeVisible();
  await expect(page.getByText('Enter a name or a licence number to search.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Licence number').fill('EMT-000123');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: /Avery Applicant/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'EMT-000123' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'EMT', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();
  await expect(row.getByRole('cell', { name: /2028/ })).toBeVisible();
  await expect(
    row.getByRole('cell', { name: 'Austin, TX' }).or(row.getByRole('cell', { name: 'None' })),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A QR code link opens the page with the number filled in and the search already run
  await page.goto('/verify?number=emt-000123');
  await expect(page.getByLabel('Licence number')).toHaveValue('emt-000123');
  await expect(page.getByRole('row', { name: /Avery Applicant/ })).toBeVisible();

  // A service, by name
  await page.getByLabel('A service (agency)').check();
  await page.getByLabel('Licence number').fill('');
  await page.getByLabel('Service name').fill('Lakeside');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: /Lakeside Ambulance Service/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('A person').check();
  await page.getByLabel('Last name').fill('Nobody-by-this-name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No licences match the search.')).toBeVisible();
});
