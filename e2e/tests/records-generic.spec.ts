import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

/** The generic list and edit pages serve resources declared on the engine, not only reference lists. */
test('staff create, edit and retire a service on the generic pages, with a reason', async ({ page }) => {
  // Eight pages with axe on each: beside a second shard on two cores it needs more than the default minute.
  test.setTimeout(180_000);
  await page.goto('/signin');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff/);

  await page.goto('/staff/records/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Showing/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByLabel('Parent service')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('ZIP code').fill('7870');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Name').fill('Hill Country Rescue');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(page.getByText('Service “Hill Country Rescue” was saved.')).toBeVisible();

  await page.getByLabel('Search services').fill('Hill Country');
  await page.getByRole('link', { name: 'Hill Country Rescue' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Hill Country Rescue');
  await expectNoAxeViolations(page);
  await page.getByLabel('City').fill('Round Rock');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Round Rock' })).toBeVisible();

  await page.getByRole('link', { name: 'Hill Country Rescue' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Reason')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Say why it is deleted.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Merged into Williamson County EMS');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Service “Hill Country Rescue” was deleted.')).toBeVisible();
  await page.getByLabel('Search services').fill('Hill Country');
  await expect(page.getByText('No services match “Hill Country”.')).toBeVisible();

  // The registry's own pages lead to these forms.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vehicles' }).click();
  await page.getByRole('link', { name: 'New vehicle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New vehicle' })).toBeVisible();
  await page.goto('/staff/records/vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page.getByLabel('VIN or serial number')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Specialties' })).toBeVisible();
  await expectNoAxeViolations(page);
});
