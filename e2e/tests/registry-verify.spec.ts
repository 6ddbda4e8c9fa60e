import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

test('the public verifies a licence by its number, without signing in', async ({ page }) => {
  // Five searches, each checked with axe, on a shared machine.
  test.setTimeout(150_000);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Verify a licence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeVisible();
  await expect(page.getByText('Enter a name or a licence number to search.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Licence number').fill('EMT-000123');
  await page.getByRole('button', { name: 'Search' }).click();
  // One card a licence: the licence type, level, number, status in words, issue and expiry dates.
  const card = page.getByRole('article', { name: 'Avery Applicant' });
  await expect(card).toBeVisible();
  const fact = (label: string) =>
    card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Licence number')).toHaveText('EMT-000123');
  await expect(fact('Licence')).toHaveText('EMS Personnel Certification');
  await expect(fact('Level')).toHaveText('EMT');
  await expect(fact('Status')).toHaveText('Active');
  await expect(fact('Issued')).toContainText('2024');
  await expect(fact('Expires')).toContainText('2028');
  await expectNoAxeViolations(page);

  // On paper: the card without the search form, the site header or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print this page' })).toBeHidden();
  await expect(page.getByText(/^Checked on /)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // A QR code link opens the page with the number filled in and the search already run
  await page.goto('/verify?number=emt-000123');
  await expect(page.getByLabel('Licence number')).toHaveValue('emt-000123');
  await expect(page.getByRole('article', { name: 'Avery Applicant' })).toBeVisible();

  // A service, by name
  await page.getByLabel('A service (agency)').check();
  await page.getByLabel('Licence number').fill('');
  await page.getByLabel('Service name').fill('Lakeside');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('article', { name: 'Lakeside Ambulance Service' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('A person').check();
  await page.getByLabel('Last name').fill('Nobody-by-this-name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No licences match the search.')).toBeVisible();
});
