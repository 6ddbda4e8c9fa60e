import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 27 items 5 and 6: staff open the National Registry reconciliation page on the demo's seeded
// mismatches, resolve one (marked reviewed with a reason) and see it leave the list; then they write the
// EMS Compact file, see it delivered, and download it.

test('registry reconciliation resolves a seeded mismatch, and the Compact file is written and downloaded', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await newSignedInPage(browser, 'admin');

  await expect(staff.getByRole('link', { name: 'Registry reconciliation' })).toBeAttached();
  await staff.goto('/staff/national-registry');
  await expect(
    staff.getByRole('heading', { level: 1, name: 'National Registry reconciliation' }),
  ).toBeVisible();
  const table = staff.getByRole('table');
  const expiration = table
    .getByRole('row')
    .filter({ hasText: 'E1234567' })
    .filter({ hasText: 'Expiration differs' });
  await expect(expiration).toContainText('2028-01-31');
  await expect(expiration).toContainText('2027-03-31');
  await expect(table.getByRole('row').filter({ hasText: 'P7654321' })).toContainText(
    'Unknown registry number',
  );
  await expectNoAxeViolations(staff);

  await staff.getByRole('button', { name: 'Resolve: Expiration differs, E1234567' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Resolve: Expiration differs' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Mark reviewed: the difference stands').check();
  await dialog.getByLabel('Reason').fill('State licence runs to the end of its own cycle');
  await expectNoAxeViolations(staff);
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Expiration differs of E1234567' })).toBeVisible();
  await expect(expiration).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'P7654321' })).toBeVisible();
  await expectNoAxeViolations(staff);

  // The EMS Compact feed: write a file now, see it delivered (the demo's file drop), download it.
  await expect(staff.getByRole('link', { name: 'EMS Compact feed' })).toBeAttached();
  await staff.goto('/staff/compact-feed');
  await expect(staff.getByRole('heading', { level: 1, name: 'EMS Compact feed' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole('button', { name: 'Write and send a file now' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'written and delivered' })).toBeVisible();
  const link = staff.getByRole('link', { name: /^ems-compact-.*\.csv$/ }).first();
  await expect(link).toBeVisible();
  await expect(staff.getByRole('table')).toContainText('Delivered');
  const [download] = await Promise.all([staff.waitForEvent('download'), link.click()]);
  const content = await readFile((await download.path()) ?? '', 'utf8');
  expect(content.split('\r\n')[0]).toMatch(/^record_type,state,national_ems_id,last_name,first_name/);
  expect(content).toContain('EMT-000123');
  await expectNoAxeViolations(staff);
  await staff
    .getByRole('button', { name: /^Send ems-compact-.* again$/ })
    .first()
    .click();
  await expect(staff.getByRole('status').filter({ hasText: 'sent again and delivered' })).toBeVisible();
  await expect(staff.getByRole('table')).toContainText('2 attempts');
});
