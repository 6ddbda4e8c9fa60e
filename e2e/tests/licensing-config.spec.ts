import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

// Licence configuration: an administrator sets up a review process with its statuses, then a licence
// with a category and two levels, request and credential statuses, a number pattern, the process, a
// rule, an application type and a charge; after a reload everything is still there.

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('an administrator configures a licence and finds it all after a reload', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const licenceName = `EMS licence ${suffix}`;
  const processName = `Background check ${suffix}`;
  await signIn(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Licences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A review process with two statuses.
  await page.getByRole('link', { name: 'Processes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processes' })).toBeVisible();
  await page.getByLabel('Process name').fill(processName);
  await page.getByLabel('Process kind').selectOption({ label: 'Application review' });
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Statuses of ${processName}` })).toBeVisible();
  await page.getByLabel('New status label').fill('Pending');
  await page.getByRole('button', { name: 'Add status' }).click();
  await expect(page.getByLabel('Status 1 label')).toHaveValue('Pending');
  await page.getByLabel('New status label').fill('Cleared');
  await page.getByLabel('New status is final').check();
  await page.getByRole('button', { name: 'Add status' }).click();
  await expect(page.getByLabel('Status 2 label')).toHaveValue('Cleared');
  await expect(page.getByLabel('Status 2 is final')).toBeChecked();
  await expectNoAxeViolations(page);

  // The licence.
  await page.getByRole('link', { name: 'Licences' }).first().click();
  await page.getByRole('link', { name: 'New licence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New licence' })).toBeVisible();
  await page.getByLabel('Licence name').fill(licenceName);
  await page.getByLabel('Held by').selectOption({ label: 'Person' });
  await page.getByRole('button', { name: 'New number pattern' }).click();
  await page.getByLabel('Pattern name').fill(`EMS numbers ${suffix}`);
  await page.getByLabel('Prefix').fill('EMS-');
  await page.getByLabel('Digits').fill('5');
  await page.getByRole('button', { name: 'Create number pattern' }).click();
  await expect(page.getByLabel('Number pattern').locator('option:checked')).toHaveText(
    `EMS numbers ${suffix} (EMS-00001)`,
  );
  await expectNoAxeViolations(page);

  await tab(page, 'Categories & levels').click();
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 name').fill('Clinical');
  await page.getByRole('button', { name: 'Add level to Clinical' }).click();
  await page.getByLabel('Clinical level 1 name').fill('EMT');
  await page.getByRole('button', { name: 'Add level to Clinical' }).click();
  await page.getByLabel('Clinical level 2 name').fill('Paramedic');
  await page.getByLabel('Clinical level 2 months valid').fill('36');
  await page.getByLabel('Clinical level 2 expires').selectOption({ label: 'At the end of that year' });
  await expectNoAxeViolations(page);

  await tab(page, 'Request statuses').click();
  await expect(page.getByText('Codes the system acts on')).toBeVisible();
  const statuses: [string, string, boolean][] = [
    ['In progress', '', false],
    ['Submitted', 'submitted', false],
    ['Approved', 'approved', true],
  ];
  for (const [i, [label, code, final]] of statuses.entries()) {
    await page.getByRole('button', { name: 'Add request status' }).click();
    await page.getByLabel(`Request status ${i + 1} label`).fill(label);
    if (code) await page.getByLabel(`Request status ${i + 1} code`).fill(code);
    if (final) await page.getByLabel(`Request status ${i + 1} is final`).check();
  }
  await expectNoAxeViolations(page);

  await tab(page, 'Credential statuses').click();
  await page.getByRole('button', { name: 'Add credential status' }).click();
  await page.getByLabel('Credential status 1 label').fill('Issued');
  await page.getByLabel('Credential status 1 means').selectOption('active');
  await expect(page.getByLabel('Credential status 1 given on approval')).toBeChecked();

  await tab(page, 'Processes').click();
  await page.getByRole('button', { name: 'Add process' }).click();
  await page.getByRole('combobox', { name: 'Process 1', exact: true }).selectOption({ label: processName });
  await expectNoAxeViolations(page);

  // A rule whose age is not a number: the server's 400 shows on that clause.
  await tab(page, 'Rules').click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Rule 1 name').fill('Adults');
  await page.getByLabel('Rule 1 clause 1 field').selectOption({ label: 'Person: age (years)' });
  await page.getByLabel('Rule 1 clause 1 comparison').selectOption({ label: 'is at least' });
  await page.getByLabel('Rule 1 clause 1 value').fill('eighteen');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save licence' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'The licence was not saved' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Rule 1 (Adults), clause 1' })).toBeVisible();
  await expect(page.getByLabel('Rule 1 clause 1 value')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Rule 1 clause 1 value').fill('18');

  await page.getByRole('button', { name: 'Save licence' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${licenceName}” is saved.` })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/licences\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: licenceName })).toBeVisible();

  // Application type and charge, saved on their own.
  await tab(page, 'Application types').click();
  await page.getByLabel('New application type name').fill(`Initial ${suffix}`);
  await page.getByRole('checkbox', { name: 'Clinical: EMT' }).check();
  await page.getByRole('checkbox', { name: 'Clinical: Paramedic' }).check();
  await page.getByRole('button', { name: 'Add application type' }).click();
  await expect(page.getByRole('group', { name: `Application type 1: Initial ${suffix}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await tab(page, 'Charges').click();
  await page.getByLabel('New charge name').fill('Application fee');
  await page.getByLabel('New charge amount (dollars)').fill('75.50');
  await page.getByLabel('New charge multiplied by').selectOption({ label: 'Per level applied for' });
  await page.getByLabel('New charge application type').selectOption({ label: `Initial ${suffix}` });
  await page.getByRole('button', { name: 'Add charge' }).click();
  await expect(page.getByRole('group', { name: 'Charge 1: Application fee ($75.50)' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Everything is still there after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: licenceName })).toBeVisible();
  await expect(page.getByLabel('Licence name')).toHaveValue(licenceName);
  await expect(page.getByLabel('Number pattern').locator('option:checked')).toHaveText(
    `EMS numbers ${suffix} (EMS-00001)`,
  );
  await tab(page, 'Categories & levels').click();
  await expect(page.getByLabel('Category 1 name')).toHaveValue('Clinical');
  await expect(page.getByLabel('Clinical level 1 name')).toHaveValue('EMT');
  await expect(page.getByLabel('Clinical level 2 name')).toHaveValue('Paramedic');
  await expect(page.getByLabel('Clinical level 2 months valid')).toHaveValue('36');
  await tab(page, 'Request statuses').click();
  await expect(page.getByLabel('Request status 2 code')).toHaveValue('submitted');
  await expect(page.getByLabel('Request status 3 label')).toHaveValue('Approved');
  await expect(page.getByLabel('Request status 3 is final')).toBeChecked();
  await tab(page, 'Credential statuses').click();
  await expect(page.getByLabel('Credential status 1 label')).toHaveValue('Issued');
  await expect(page.getByLabel('Credential status 1 given on approval')).toBeChecked();
  await tab(page, 'Processes').click();
  await expect(
    page.getByRole('combobox', { name: 'Process 1', exact: true }).locator('option:checked'),
  ).toHaveText(processName);
  await tab(page, 'Rules').click();
  await expect(page.getByLabel('Rule 1 clause 1 value')).toHaveValue('18');
  await tab(page, 'Application types').click();
  const levels = page.getByRole('group', { name: `Application type Initial ${suffix} levels` });
  await expect(levels.getByRole('checkbox', { name: 'Clinical: EMT' })).toBeChecked();
  await expect(levels.getByRole('checkbox', { name: 'Clinical: Paramedic' })).toBeChecked();
  await tab(page, 'Charges').click();
  await expect(page.getByLabel('Charge Application fee amount (dollars)')).toHaveValue('75.50');

  // The list shows it, and it is among the recently viewed.
  await page.getByRole('link', { name: 'All licences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recently viewed' }).getByRole('link', { name: licenceName }),
  ).toBeVisible();
  await page.getByLabel('Search licences').fill(suffix);
  await expect(page.getByRole('table').getByRole('link', { name: licenceName })).toBeVisible();
  await expectNoAxeViolations(page);
});
