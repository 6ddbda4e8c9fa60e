import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 30: a manager opens the office dashboard from the menu, reads a figure's table, follows a row to
// the filtered list it counts (the same number), and exports the figure; a reviewer's home shows their
// reviews and processing times. Axe checks each page.

const expect = baseExpect.configure({ timeout: 30_000 });

test('a manager opens the office dashboard, follows a figure to its list and exports it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await newSignedInPage(browser, 'admin');
  await admin.getByRole('link', { name: 'Office insight' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Office insight' })).toBeVisible();
  const backlog = admin.getByRole('table', { name: 'Backlog by reviewer' });
  const waitingRow = backlog.getByRole('row').filter({ hasText: 'Not checked out' });
  await expect(waitingRow).toBeVisible();
  const waiting = Number(await waitingRow.getByRole('cell').first().textContent());
  expect(waiting).toBeGreaterThan(0);
  // Charts are images named by their figure; the demo's six months of decisions give processing times.
  await expect(admin.getByRole('img', { name: /Bar chart of processing time/ })).toBeVisible();
  const times = admin.getByRole('table', { name: 'Processing time, submission to decision' });
  await expect(times.getByRole('row').nth(1)).toBeVisible();
  await expect(admin.getByRole('img', { name: /Bar chart of backlog by reviewer/ })).toBeVisible();
  await expectNoAxeViolations(admin);

  // The period picker: the last 3 months, kept in the address.
  await admin.getByRole('combobox', { name: 'Period' }).click();
  await admin.getByRole('option', { name: 'Last 3 months' }).click();
  await admin.getByRole('button', { name: 'Show' }).click();
  await expect(admin).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(times.getByRole('row').nth(1)).toBeVisible();

  // Export the backlog figure as CSV: the same rows as its table.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export CSV of backlog by reviewer' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backlog_reviewer-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Reviewer,Requests,Oldest (days)');
  expect(csv).toContain(`Not checked out,${waiting},`);
  const [xlsx] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export XLSX of backlog by reviewer' }).click(),
  ]);
  expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString()).toBe('PK');

  // Follow the row to the queue it counts: submitted requests nobody has checked out, as many.
  await waitingRow.getByRole('link').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Licence requests' })).toBeVisible();
  await expect(admin).toHaveURL(/state=submitted&assigned_to=none/);
  await expect(admin.getByText(`${waiting} in all:`)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.context().close();
});

test("a reviewer's home shows their reviews and their times beside the office's, and no office dashboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reviewer = await newSignedInPage(browser, 'reviewer');
  await reviewer.goto('/staff');
  await expect(reviewer.getByRole('heading', { level: 2, name: 'Your reviews' })).toBeVisible();
  await expect(
    reviewer.getByRole('table', { name: "Your processing times beside the office's" }),
  ).toBeVisible();
  await expect(reviewer.getByText(/submitted requests? waits? for a reviewer/)).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'Office insight' })).toHaveCount(0);
  await expectNoAxeViolations(reviewer);
  await reviewer.context().close();
});
