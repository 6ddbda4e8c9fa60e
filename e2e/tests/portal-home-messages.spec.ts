import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 25, items 1 and 4: the demo applicant's home reads each request by its review state (what needs
// them first, never "submitted" for a decided request), My requests says the same, the fees page shows
// what is owed, and Messages hold the letters sent to them, each opened to its body. Axe checks each page.

test('the applicant’s home, requests, fees and messages agree and are accessible', async ({ browser }) => {
  const applicant = await newSignedInPage(browser, 'applicant');
  await expect(applicant.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  const requests = applicant.getByRole('region', { name: 'My requests' });
  await expect(requests.getByRole('link', { name: 'My requests' })).toBeVisible();
  await expect(requests).not.toContainText('in progress');
  await expect(requests).not.toContainText(/\d+ submitted\./);
  await expect(requests).toContainText(/Nothing needs your action\.|Needs your action/);
  await expect(requests).toContainText(/awaiting review|approved|denied/);
  await expectNoAxeViolations(applicant);

  await requests.getByRole('link', { name: 'My requests' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  await expect(applicant.getByRole('columnheader', { name: 'State' })).toBeVisible();
  await expect(applicant.getByRole('cell', { name: 'Awaiting review' }).first()).toBeVisible();
  await expectNoAxeViolations(applicant);

  await applicant.goto('/portal/payments/checkout');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();
  await expectNoAxeViolations(applicant);

  // Messages: from the portal's navigation, newest first, opened to the letter as it was sent.
  await applicant.getByRole('link', { name: 'Messages', exact: true }).first().click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const welcome = applicant.getByRole('link', {
    name: 'Welcome to State Office of Emergency Medical Services, Avery',
  });
  await expect(welcome).toBeVisible();
  await expectNoAxeViolations(applicant);
  await welcome.click();
  await expect(
    applicant.getByRole('heading', {
      level: 1,
      name: 'Welcome to State Office of Emergency Medical Services, Avery',
    }),
  ).toBeVisible();
  await expect(applicant.getByRole('article', { name: 'Message' })).toContainText('Dear Avery Applicant');
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('link', { name: 'All messages' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  // Another person's message (or none) is not found.
  const missing = await applicant.request.get('/api/portal/messages/00000000-0000-4000-8000-000000000001');
  expect(missing.status()).toBe(404);
});
