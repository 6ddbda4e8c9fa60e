import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

// Validation compiles the national Schematron on first use: give the first check time.
test.setTimeout(300_000);

test('staff validate the demo service’s NEMSIS DEM export, read the report, download the file; then the State export', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/staff/services?service_name=Lakeside');
  await page.getByRole('link', { name: 'Lakeside Ambulance Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lakeside Ambulance Service' })).toBeVisible();

  const section = page.getByRole('region', { name: 'NEMSIS export' });
  await section.getByRole('button', { name: 'Validate the export' }).click();
  await expect(section.getByText('Valid: the export passes the NEMSIS schema and rules')).toBeVisible({
    timeout: 240_000,
  });
  await expect(section.getByText(/DEM-SVC-1001-v351\.xml: 0 errors/)).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download DEM-SVC-1001-v351.xml' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('DEM-SVC-1001-v351.xml');
  const xml = await readFile((await download.path()) ?? '', 'utf8');
  expect(xml).toContain('<dAgency.02>SVC-1001</dAgency.02>');

  await page.getByRole('link', { name: 'NEMSIS State export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NEMSIS State export' })).toBeVisible();
  const state = page.getByRole('region', { name: 'State export' });
  await state.getByRole('button', { name: 'Validate the export' }).click();
  await expect(state.getByText('Valid: the export passes the NEMSIS schema and rules')).toBeVisible({
    timeout: 240_000,
  });
  await expectNoAxeViolations(page);
});
