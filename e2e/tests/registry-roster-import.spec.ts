import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

async function openLakeside(page: Page) {
  await page.getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await page.getByLabel('Name').fill('lakeside');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Lakeside Ambulance Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lakeside Ambulance Service' })).toBeVisible();
}

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

test('staff import a roster file with progress, then a bad file is rejected whole', async ({ page }) => {
  const stamp = Date.now();
  await signIn(page);
  await openLakeside(page);

  const roster = page.getByRole('region', { name: 'Roster' });
  await expect(roster.getByRole('link', { name: 'Download roster (xlsx)' })).toHaveAttribute(
    'href',
    /\/api\/clinicians\/getExcel\?serviceID=[0-9a-f-]{36}$/,
  );
  await expect(roster.getByText('Position*')).toBeVisible();
  await expect(roster.getByText('National EMS ID')).toBeVisible();

  await roster.getByLabel('Roster file (xlsx or csv)').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'Last name,First name,Email,Position',
      `Importer,Quinn,quinn.${stamp}@example.com,EMT`,
      `Importer,Rowan,rowan.${stamp}@example.com,Paramedic`,
    ]),
  });
  await roster.getByRole('button', { name: 'Import roster' }).click();

  const progress = roster.getByRole('progressbar', { name: /rows: 2 of 2/ });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const status = roster.getByRole('status');
  await expect(status.getByText('Roster imported', { exact: true })).toBeVisible();
  await expect(status).toContainText('2 people created');
  await expect(status).toContainText('2 added');
  await expect(roster.getByRole('link', { name: 'Quinn Importer' })).toBeVisible();
  await expect(roster.getByRole('link', { name: 'Rowan Importer' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A row with an unknown position: the rejected rows are listed and nothing is added
  await roster.getByLabel('Roster file (xlsx or csv)').setInputFiles({
    name: 'bad-roster.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'Last name,First name,Email,Position',
      `Rejected,Sam,sam.${stamp}@example.com,EMT`,
      `Rejected,Taylor,taylor.${stamp}@example.com,Astronaut`,
    ]),
  });
  await roster.getByRole('button', { name: 'Import roster' }).click();
  await expect(status.getByText('Nothing was imported', { exact: true })).toBeVisible();
  await expect(status).toContainText('nothing was imported');
  const rejected = roster.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected).toBeVisible();
  const row = rejected.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) });
  await expect(row.getByRole('cell', { name: /position/i }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Quinn Importer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sam Rejected' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Taylor Rejected' })).toHaveCount(0);
});
