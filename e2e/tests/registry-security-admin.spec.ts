import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

test('an administrator creates a security template with permissions', async ({ page }) => {
  await signIn(page);

  await page.getByRole('link', { name: 'Security templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security templates' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reviewer' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New security template' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Name', { exact: true }).fill('Registry clerk');
  await page.getByLabel('Read people').check();
  await page.getByLabel('Read services, vehicles and their credentials').check();
  await expect(page.getByText('2 of')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The security template “Registry clerk” was saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Registry clerk' }).click();
  await expect(page.getByLabel('Read people')).toBeChecked();
  await expect(page.getByLabel('Change people')).not.toBeChecked();
});

test('an administrator creates a security group with a member', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Security groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security groups' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'New' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Query readers');
  await page.getByLabel('Find a person to add, by last name').fill('Review');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Add Riley Reviewer' }).click();
  await expect(page.getByRole('button', { name: 'Remove Riley Reviewer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The security group “Query readers” was saved.')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Query readers/ }).getByRole('cell', { name: '1' }),
  ).toBeVisible();
});

test('an administrator sees who holds a template, gives it to someone and takes it back', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Security templates' }).click();
  await page.getByRole('link', { name: 'Reviewer' }).click();
  const holders = page.getByRole('table', { name: 'Holders of this template' });
  await expect(holders.getByRole('link', { name: 'Riley Reviewer' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Find a person to give this template, by last name').fill('Applicant');
  await page.getByRole('button', { name: 'Find' }).click();
  const give = page.getByRole('button', { name: /^Give the template to / }).first();
  const who = ((await give.getAttribute('aria-label')) ?? '').replace('Give the template to ', '');
  await give.click();
  await expect(holders.getByRole('link', { name: who })).toBeVisible();
  await expect(page.getByRole('group', { name: /Who holds this template \(2\)/ })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${who}` }).click();
  await page.getByRole('button', { name: `Confirm removing ${who}` }).click();
  await expect(holders.getByRole('link', { name: who })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
