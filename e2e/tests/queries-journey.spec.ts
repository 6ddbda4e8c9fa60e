import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 18's query journey: staff build a query of people by certification level and county with a
// live preview, share it with a security group, save and run it, chart it, export it as XLSX; the
// reviewer, a member of that group, opens it read-only. Axe checks every page visited.

const expect = baseExpect.configure({ timeout: 30_000 });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

test('staff build, share, run, chart and export a query; a viewer in the group opens it read-only', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Travis County EMTs ${Date.now().toString(36)}`;
  const admin = await newSignedInPage(browser, 'admin');
  await admin.goto('/staff/queries');
  await expect(admin.getByRole('heading', { level: 1, name: 'Saved queries' })).toBeVisible();
  // The seed's demo query is listed.
  await expect(admin.getByRole('link', { name: 'EMTs in Travis County' })).toBeVisible();
  await expectNoAxeViolations(admin);

  await admin.getByRole('link', { name: 'New query' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'New query' })).toBeVisible();
  await admin.getByLabel('Name').fill(name);
  await admin.getByRole('button', { name: 'Add column' }).click();
  await choose(admin, 'Column 3', 'County');
  await admin.getByRole('button', { name: 'Add column' }).click();
  await choose(admin, 'Column 4', 'Certification level');
  await admin.getByRole('button', { name: 'Add filter' }).click();
  await choose(admin, 'Filter 1 field', 'Certification level');
  await admin.getByRole('combobox', { name: 'Filter 1 value' }).fill('EMT');
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Add filter' }).click();
  await choose(admin, 'Filter 2 field', 'County');
  await admin.getByLabel('Filter 2 value').fill('Travis County');
  // The live preview follows: the demo applicant is an EMT living in Travis County.
  const preview = admin.getByRole('table', { name: 'Preview of the results' });
  await expect(preview.getByRole('cell', { name: 'Applicant', exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'Travis County' }).first()).toBeVisible();
  await admin.getByRole('combobox', { name: 'Shared with (viewers)' }).click();
  await admin.getByRole('option', { name: 'Licensing analysts' }).click();
  await admin.keyboard.press('Escape');
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Save query' }).click();

  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  const results = admin.getByRole('table', { name: `Results of ${name}` });
  await expect(results.getByRole('cell', { name: 'Applicant', exact: true })).toBeVisible();
  await expect(admin.getByText('viewers: Licensing analysts')).toBeVisible();
  await expectNoAxeViolations(admin);

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export to Excel (XLSX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}.xlsx`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.length).toBeGreaterThan(1000);

  await admin.getByText('Bar chart', { exact: true }).click();
  await choose(admin, 'Chart of', 'County');
  await expect(
    admin.getByRole('img', { name: /Bar chart of rows by County: Travis County: \d+/ }),
  ).toBeVisible();
  await expectNoAxeViolations(admin);
  const url = admin.url();

  const reviewer = await newSignedInPage(browser, 'reviewer');
  await expect(reviewer.getByRole('link', { name: 'Queries', exact: true })).toBeAttached();
  await reviewer.goto('/staff/queries');
  await reviewer.getByText('Shared with me', { exact: true }).click();
  await expect(reviewer.getByRole('link', { name })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'New query' })).toHaveCount(0);
  await expectNoAxeViolations(reviewer);
  await reviewer.getByRole('link', { name }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(reviewer.getByText('Read-only', { exact: true })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'Edit query' })).toHaveCount(0);
  await expect(reviewer.getByRole('button', { name: 'Delete query' })).toHaveCount(0);
  await expect(
    reviewer
      .getByRole('table', { name: `Results of ${name}` })
      .getByRole('cell', { name: 'Applicant', exact: true }),
  ).toBeVisible();
  expect(reviewer.url()).toBe(url);
  await expectNoAxeViolations(reviewer);
  // The builder is not theirs to open.
  await reviewer.goto(`${url}/edit`);
  await expect(reviewer.getByRole('heading', { level: 1 })).not.toHaveText(/Edit/);
  await expectNoAxeViolations(reviewer);
});
