import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 11, defect 1 and the applicant's guidance: an applicant types every date of an application with
// the keyboard (no calendar), meets the message of an impossible date, completes the form, reviews the
// whole request on one page, submits it and reads what happens next. Axe checks every page visited.

async function apiPost(page: Page, url: string, data: unknown) {
  const { csrfToken } = await (await page.request.get('/api/CheckSession')).json();
  const response = await page.request.post(url, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A licence whose one form asks a name and two dates, open to applicants, with Initial for EMT. */
async function createLicence(admin: Page, name: string, formName: string) {
  const form = await apiPost(admin, '/api/fbforms', {
    form: {
      name: formName,
      active: true,
      applicant_access: 'edit',
      pages: [
        {
          id: randomUUID(),
          title: 'About you',
          groups: [
            {
              id: randomUUID(),
              title: 'About you',
              questions: [
                { id: randomUUID(), kind: 'short_text', label: 'Full legal name', required: true },
                { id: randomUUID(), kind: 'date', label: 'Date of birth', required: true },
                { id: randomUUID(), kind: 'date', label: 'EMT course completed on', required: true },
              ],
            },
          ],
        },
      ],
    },
  });
  const pkg = await apiPost(admin, '/api/FBPackages', {
    package: { name: `${formName} package`, forms: [{ form_id: form.id, required: true }] },
  });
  const category = randomUUID();
  const licence = await apiPost(admin, '/api/licenses', {
    license: {
      name,
      entity: 'user',
      code: `D${Date.now().toString(36)}`.slice(0, 10),
      form_package_id: pkg.id,
    },
    license_categories: [{ id: category, label: 'EMS Provider' }],
    license_category_levels: [{ label: 'EMT', license_category_id: category, months_valid: 24 }],
    license_request_statuses: [
      { label: 'In progress', code: 'in_progress', sort_order: 1 },
      { label: 'Submitted', code: 'submitted', sort_order: 2 },
      { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
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

/** Presses Tab until the element has the focus (a keyboard user moving through the page). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.id
        ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent
        : null;
      return (labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('an applicant types every date by keyboard, reviews the request and submits it', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const licence = `Dates journey ${stamp}`;
  const formName = `Dates form ${stamp}`;
  const admin = await newSignedInPage(browser, 'admin');
  await createLicence(admin, licence, formName);

  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.goto('/portal/licences');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Apply for a licence' })).toBeVisible();
  // Search narrows the list to the licence.
  await applicant.getByLabel('Search licences').fill(`journey ${stamp}`);
  await expect(applicant.getByText(/^1 of \d+ licences match/)).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: `Apply for ${licence}` }).focus();
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByRole('heading', { level: 1, name: `Application: ${licence}` })).toBeVisible();
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: EMT` }).focus();
  await applicant.keyboard.press('Space');
  await applicant.getByRole('button', { name: 'Save application types' }).focus();
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await expectNoAxeViolations(applicant);

  await applicant.getByRole('button', { name: `Fill in ${formName}` }).focus();
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByRole('heading', { level: 1, name: formName })).toBeVisible();
  const birth = applicant.getByLabel('Date of birth', { exact: true });
  await expect(birth).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  await expectNoAxeViolations(applicant);

  // Every answer typed, moving with Tab: the slashes go in by themselves.
  await tabTo(applicant, 'Full legal name');
  await applicant.keyboard.type('Avery Applicant');
  await tabTo(applicant, 'Date of birth');
  await applicant.keyboard.type('02301990');
  await expect(birth).toHaveValue('02/30/1990');
  await tabTo(applicant, 'EMT course completed on');
  // An impossible date says why once the box is left.
  await expect(applicant.getByText('02/30/1990 is not a date: February 1990 has 28 days.')).toBeVisible();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await applicant.keyboard.type('03152026');
  await expect(applicant.getByLabel('EMT course completed on', { exact: true })).toHaveValue('03/15/2026');
  await expectNoAxeViolations(applicant);
  // Back to the date of birth: select what is there and type it again.
  await birth.focus();
  await applicant.keyboard.press('ControlOrMeta+A');
  await applicant.keyboard.type('07041985');
  await expect(birth).toHaveValue('07/04/1985');
  await tabTo(applicant, 'Complete');
  await expect(applicant.getByText(/is not a date/)).toHaveCount(0);
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByRole('status').filter({ hasText: 'Form completed' })).toBeVisible();
  await expectNoAxeViolations(applicant);

  // The review before submitting: what is applied for, every answer, the fees.
  await applicant.getByRole('link', { name: 'Review and submit the request' }).focus();
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
  await expect(applicant.getByText(`Initial ${licence}: EMT`)).toBeVisible();
  const answers = applicant.getByRole('region', { name: formName });
  await expect(answers).toContainText('Avery Applicant');
  await expect(answers).toContainText('1985');
  await expect(answers).toContainText('2026');
  await expect(applicant.getByText('There is no fee to pay.')).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: 'Submit request' }).focus();
  await applicant.keyboard.press('Enter');

  // What happens next.
  await expect(applicant.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
  await expect(applicant.getByRole('region', { name: 'What happens next' })).toContainText(
    'Staff review your request',
  );
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('link', { name: 'Follow this request' }).click();
  await expect(applicant.getByText(/Submitted/).first()).toBeVisible();
});
