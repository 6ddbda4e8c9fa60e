import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

test('staff search a person by last name, open the profile, then the service and vehicle', async ({
  page,
}) => {
  await signIn(page);

  await page.getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(
    page.getByText('Enter a name, email, national EMS id or licence number to search.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Last name').fill('Applicant');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/last_name=Applicant/);
  const result = page.getByRole('link', { name: 'Avery Applicant' });
  await expect(result).toBeVisible();
  await expect(page.getByText(/Showing 1–1 of 1 person/)).toBeVisible();
  await expectNoAxeViolations(page);

  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avery Applicant' })).toBeVisible();
  await expect(page.getByText('applicant@example.com')).toBeVisible();
  const credentials = page.getByRole('region', { name: 'Credentials' });
  const licence = credentials.getByRole('row', { name: /EMT-000123/ });
  await expect(licence.getByRole('cell', { name: 'EMT', exact: true })).toBeVisible();
  await expect(licence.getByRole('cell', { name: 'Active' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The service the applicant works for, and its vehicle
  await page
    .getByRole('region', { name: 'Services' })
    .getByRole('link', { name: 'Lakeside Ambulance Service' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lakeside Ambulance Service' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Roster' }).getByRole('link', { name: 'Avery Applicant' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stations' }).getByText('Station 1')).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole('region', { name: 'Vehicles' })
    .getByRole('link', { name: /Medic 1/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Medic 1/ })).toBeVisible();
  await expect(page.getByText(/48,210 miles/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Back in the search, the criteria are kept in the address
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page.getByLabel('Last name')).toHaveValue('Applicant');
});

test('staff search services and vehicles', async ({ page }) => {
  await signIn(page);

  await page.getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Name').fill('lakeside');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'Lakeside Ambulance Service' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Vehicles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
  await page.getByLabel('Serial number, unit number or plate').fill('1FDXE');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: '1FDXE4FS0KDC12345' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Serial number, unit number or plate').fill('NO-SUCH-VEHICLE');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No vehicles match the search.')).toBeVisible();
});
