import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

test('staff sign in, create, edit and delete a reference value, see a field error, and sign out', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff/);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Administration' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Administration/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Alert types', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert types' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Credential expiring' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create, with labels unique to this run (a retry finds the first attempt's rows)
  const run = Date.now().toString(36);
  const label = `Expired insurance ${run}`;
  const renamed = `Expired liability insurance ${run}`;
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page.getByLabel('Label')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Label')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Label is required')).toBeVisible();
  await page.getByLabel('Label').fill(label);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert types' })).toBeVisible();
  await expect(page.getByRole('cell', { name: label })).toBeVisible();

  // Edit
  await page.getByRole('link', { name: label }).click();
  await expect(page.getByLabel('Label')).toHaveValue(label);
  await expectNoAxeViolations(page);
  await page.getByLabel('Label').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: renamed })).toBeVisible();

  // A duplicate label: the API's 409 is shown on the field
  await page.getByRole('link', { name: 'New' }).click();
  await page.getByLabel('Label').fill(renamed.toLowerCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Label')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/already used/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Delete, after confirming
  await page.goBack();
  await page.getByRole('link', { name: renamed }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert types' })).toBeVisible();
  await expect(page.getByRole('cell', { name: renamed })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
});
