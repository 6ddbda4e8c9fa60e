import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 11's review journey: the reviewer's dashboard counts the real queue and opens it; the reviewer
// keeps an internal note, checks a request out and returns it for corrections with a message; the
// applicant reads the message, fixes the request and resubmits; the reviewer denies a second request
// with a reason the applicant then reads, then opens the approval of the first, reads what it will
// change (the credential issued, the internal note to weigh) and approves. No internal note reaches the
// applicant, on screen, on paper or through the API.

// Two people's pages on a shared, busy machine: allow a slow answer.
const expect = baseExpect.configure({ timeout: 30_000 });

const INTERNAL = `DPS check clear ${randomUUID().slice(0, 8)}`;

/** A write through the API as the signed-in page (the session cookie and its CSRF token). */
async function apiPost(page: Page, url: string, data: unknown) {
  const { csrfToken } = await (await page.request.get('/api/CheckSession')).json();
  const response = await page.request.post(url, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A licence without forms or fees (so the journey is about the review), with Initial for EMT and Paramedic. */
async function createLicence(admin: Page, name: string) {
  const category = randomUUID();
  // Its credentials are numbered from a pattern of their own (the approval issues one).
  const numbers = await apiPost(admin, '/api/autonumbers', {
    autonumber: { label: `${name} numbers`, prefix: 'RJ-', next_number: 1, padding: 5 },
  });
  const licence = await apiPost(admin, '/api/licenses', {
    license: {
      name,
      entity: 'user',
      code: `R${Date.now().toString(36)}`.slice(0, 10),
      autonumber_id: numbers.id,
    },
    license_categories: [{ id: category, label: 'EMS Provider' }],
    license_category_levels: [
      { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
      {
        label: 'Paramedic',
        license_category_id: category,
        months_valid: 24,
        expiration_rule: 'end_of_month',
      },
    ],
    license_request_statuses: [
      { label: 'In progress', code: 'in_progress', sort_order: 1 },
      { label: 'Submitted', code: 'submitted', sort_order: 2 },
      { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
      { label: 'Denied', code: 'denied', is_final: true, sort_order: 4 },
      { label: 'Returned for corrections', code: 'returned', sort_order: 5 },
    ],
  });
  await apiPost(admin, '/api/ApplicationTypes', {
    application_type: {
      label: `Initial ${name}`,
      license_id: licence.id,
      license_category_levels: licence.license_category_levels.map((l: { id: string }) => l.id),
    },
  });
}

/** The applicant applies for the licence at one level and submits; answers the request's address. */
async function applyAndSubmit(applicant: Page, licence: string, level: 'EMT' | 'Paramedic') {
  await applicant.goto('/portal/licences');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Apply for a licence' })).toBeVisible();
  await applicant.getByRole('button', { name: `Apply for ${licence}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Application: ${licence}` })).toBeVisible();
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: ${level}` }).check();
  await applicant.getByRole('button', { name: 'Save application types' }).click();
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Submit request' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible();
  return new URL(applicant.url()).pathname;
}

test('the reviewer returns a request for corrections and denies another; the applicant reads both and never an internal note', async ({
  browser,
}) => {
  // A long journey of two people on a shared machine.
  test.setTimeout(900_000);
  const licence = `Review journey ${Date.now().toString(36)}`;
  const admin = await newSignedInPage(browser, 'admin');
  await createLicence(admin, licence);

  // The dashboard counts the requests awaiting review (the demo has some) and opens the queue.
  const reviewer = await newSignedInPage(browser, 'reviewer');
  const tile = reviewer.getByRole('link', { name: /^To review: \d+\. Open the list$/ });
  await expect(tile).toBeVisible();
  const waiting = Number((await tile.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  expect(waiting).toBeGreaterThan(0);
  await expectNoAxeViolations(reviewer);
  await tile.click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Licence requests' })).toBeVisible();
  await expect(reviewer.getByRole('region', { name: 'Requests by status' })).toContainText(
    `${waiting} in all:`,
  );
  await expect(reviewer.getByRole('combobox', { name: 'State' })).toHaveValue('submitted');
  const ages = reviewer.getByRole('table', { name: 'Licence requests' }).getByRole('row');
  await expect(ages.nth(1)).toContainText('Awaiting review');
  await expect(reviewer.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/LicenseRequests/exportCsv?state=submitted',
  );
  await expectNoAxeViolations(reviewer);

  // The applicant applies and submits.
  const applicant = await newSignedInPage(browser, 'applicant');
  const first = await applyAndSubmit(applicant, licence, 'EMT');
  await expectNoAxeViolations(applicant);
  const firstId = first.split('/').at(-1) as string;

  // The reviewer opens it, keeps an internal note, checks it out and returns it for corrections.
  await reviewer.goto(`/staff/requests/${firstId}`);
  await expect(
    reviewer.getByRole('heading', { level: 1, name: `Request: Avery Applicant — ${licence}` }),
  ).toBeVisible();
  await reviewer
    .getByRole('form', { name: 'Add a note' })
    .getByRole('textbox', { name: /^Note/ })
    .fill(INTERNAL);
  await reviewer.getByRole('button', { name: 'Add internal note' }).click();
  await expect(reviewer.getByText('The internal note was added.')).toBeVisible();
  await expect(reviewer.getByRole('region', { name: 'History' })).toContainText(
    `Internal note, staff only: ${INTERNAL}`,
  );
  await reviewer.getByRole('button', { name: 'Check out to me' }).click();
  await expect(reviewer.getByRole('region', { name: 'Assignment' })).toContainText(
    'Checked out to Riley Reviewer',
  );
  await expectNoAxeViolations(reviewer);
  await reviewer.getByRole('button', { name: 'Return for corrections' }).click();
  const returnDialog = reviewer.getByRole('dialog', { name: 'Return for corrections' });
  await returnDialog
    .getByLabel('Message to the applicant')
    .fill('Apply for Paramedic: your course was Paramedic.');
  await returnDialog.getByLabel('Fields to fix').fill('Application type and level');
  await expectNoAxeViolations(reviewer);
  await returnDialog.getByRole('button', { name: 'Return to applicant' }).click();
  await expect(
    reviewer.getByText('The request was returned to the applicant for corrections.'),
  ).toBeVisible();

  // The applicant reads the message, fixes the level and resubmits; the note never shows.
  await applicant.goto(first);
  const returned = applicant.getByRole('status').filter({ hasText: 'Returned to you for corrections' });
  await expect(returned).toContainText('Apply for Paramedic: your course was Paramedic.');
  await expect(returned).toContainText('Fields to fix: Application type and level');
  await expect(applicant.locator('body')).not.toContainText(INTERNAL);
  await expectNoAxeViolations(applicant);
  const api = await applicant.request.get(`/api/LicenseRequests/${firstId}`);
  expect(await api.text()).not.toContain(INTERNAL);
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: EMT` }).uncheck();
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: Paramedic` }).check();
  await applicant.getByRole('button', { name: 'Save application types' }).click();
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Submit corrections' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible();
  await expect(applicant.getByRole('status').filter({ hasText: 'Returned to you' })).toHaveCount(0);

  // The applicant's printable copy: history without the internal note.
  await applicant.getByRole('link', { name: 'Printable view' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Application: ${licence}` })).toBeVisible();
  await expect(applicant.getByRole('region', { name: 'History' })).toContainText('returned');
  await expect(applicant.locator('body')).not.toContainText(INTERNAL);
  await expectNoAxeViolations(applicant);

  // The reviewer sees it back, awaiting review; the staff print marks the note internal.
  await reviewer.reload();
  await expect(reviewer.getByRole('region', { name: 'Application types and levels' })).toContainText(
    'Paramedic',
  );
  await expect(reviewer.getByRole('button', { name: 'Deny' })).toBeVisible();
  await reviewer.getByRole('link', { name: 'Printable view' }).click();
  await expect(reviewer.getByRole('region', { name: 'History' })).toContainText(
    `[Internal — staff only] ${INTERNAL}`,
  );
  await expectNoAxeViolations(reviewer);

  // A second request, denied with a reason the applicant reads.
  const second = await applyAndSubmit(applicant, licence, 'EMT');
  await reviewer.goto(`/staff/requests/${second.split('/').at(-1)}`);
  await reviewer.getByRole('button', { name: 'Deny' }).click();
  const denyDialog = reviewer.getByRole('dialog', { name: 'Deny this request?' });
  await denyDialog.getByLabel('Reason for denial').fill('You already hold this licence at this level.');
  await expectNoAxeViolations(reviewer);
  await denyDialog.getByRole('button', { name: 'Deny request' }).click();
  await expect(
    reviewer.getByText('The request was denied; the applicant can read the reason.'),
  ).toBeVisible();
  await expectNoAxeViolations(reviewer);

  await applicant.goto(second);
  const denied = applicant.getByRole('status').filter({ hasText: 'Your request was denied' });
  await expect(denied).toContainText('Reason: You already hold this licence at this level.');
  await expect(applicant.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  await expect(applicant.locator('body')).not.toContainText(INTERNAL);
  await expectNoAxeViolations(applicant);
  await applicant.goto('/portal/requests');
  await expect(applicant.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  await expect(applicant.locator('body')).not.toContainText(INTERNAL);
  await expectNoAxeViolations(applicant);

  // Issue 24.3: the approval of the corrected request shows what it will change before it happens
  // (the credential issued, the internal note to weigh), then approves.
  await reviewer.goto(`/staff/requests/${firstId}`);
  await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
  const approveDialog = reviewer.getByRole('dialog', { name: 'Approve this request?' });
  await expect(approveDialog).toContainText('What this approval changes');
  await expect(approveDialog).toContainText('The request becomes approved.');
  await expect(approveDialog).toContainText(
    /Issued: A new Paramedic credential, numbered on approval, expires/,
  );
  await expect(approveDialog).toContainText(INTERNAL);
  await expectNoAxeViolations(reviewer);
  await approveDialog.getByRole('button', { name: 'Approve and issue' }).click();
  await expect(reviewer.getByRole('status').filter({ hasText: 'Request approved' })).toContainText(
    'Credentials issued:',
  );
  await expect(reviewer.getByRole('region', { name: 'History' })).toContainText(
    /Issued .* \(Paramedic\), expires/,
  );
  await expectNoAxeViolations(reviewer);
});
