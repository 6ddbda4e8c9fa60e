import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { pdfText, smallPdf } from '../pdf';
import { newSignedInPage, signIn } from '../sign-in';

// The journey: staff configure a licence with one application type, a form package (a form with a
// signature and a file upload, built in the builder) and a process; the applicant applies in the portal,
// picks the type and level, fills the form, signs, uploads and submits; the reviewer moves the request
// through the process with notes and approves it; the applicant downloads the certificate; the public
// verification page confirms the credential from the certificate's QR link.

/** Draws a zigzag across the signature box with the mouse. */
async function drawSignature(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature box is not shown');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 20, y + (i % 2 ? -30 : 30), { steps: 4 });
  await page.mouse.up();
}

async function addQuestion(page: Page, kind: string, label: string, required = false) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const field = page.getByLabel('Question label');
  await expect(field).toBeFocused();
  await field.fill(label);
  if (required) await page.getByRole('checkbox', { name: 'Required' }).check();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/**
 * Staff configure the licence in the licence configuration screens: a review process with two statuses, then
 * the licence (person, the form package, a number pattern, one category and level, request and credential
 * statuses, the process), and once saved its one application type and a charge.
 */
async function configureLicence(
  page: Page,
  names: { licence: string; packageName: string; type: string; process: string },
) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Licences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await page.getByRole('link', { name: 'Processes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processes' })).toBeVisible();
  await page.getByLabel('Process name').fill(names.process);
  await page.getByLabel('Process kind').selectOption({ label: 'Application review' });
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Statuses of ${names.process}` })).toBeVisible();
  await page.getByLabel('New status label').fill('Under review');
  await page.getByRole('button', { name: 'Add status' }).click();
  await expect(page.getByLabel('Status 1 label')).toHaveValue('Under review');
  await page.getByLabel('New status label').fill('Passed');
  await page.getByLabel('New status is final').check();
  await page.getByRole('button', { name: 'Add status' }).click();
  await expect(page.getByLabel('Status 2 label')).toHaveValue('Passed');

  await page.getByRole('link', { name: 'Licences' }).first().click();
  await page.getByRole('link', { name: 'New licence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New licence' })).toBeVisible();
  await page.getByLabel('Licence name').fill(names.licence);
  await page.getByLabel('Held by').selectOption({ label: 'Person' });
  await page.getByLabel('Form package').selectOption({ label: names.packageName });
  await page.getByRole('button', { name: 'New number pattern' }).click();
  await page.getByLabel('Pattern name').fill(`${names.licence} numbers`);
  await page.getByLabel('Prefix').fill('JRN-');
  await page.getByLabel('Next number').fill('7');
  await page.getByLabel('Digits').fill('5');
  await page.getByRole('button', { name: 'Create number pattern' }).click();
  await expect(page.getByLabel('Number pattern').locator('option:checked')).toHaveText(
    `${names.licence} numbers (JRN-00007)`,
  );
  await tab(page, 'Categories & levels').click();
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 name').fill('EMS provider');
  await page.getByRole('button', { name: 'Add level to EMS provider' }).click();
  await page.getByLabel('EMS provider level 1 name').fill('EMT');
  await tab(page, 'Request statuses').click();
  for (const [i, [label, code]] of [
    ['In progress', ''],
    ['Submitted', 'submitted'],
    ['Approved', 'approved'],
  ].entries()) {
    await page.getByRole('button', { name: 'Add request status' }).click();
    await page.getByLabel(`Request status ${i + 1} label`).fill(label as string);
    if (code) await page.getByLabel(`Request status ${i + 1} code`).fill(code);
  }
  await page.getByLabel('Request status 3 is final').check();
  await tab(page, 'Credential statuses').click();
  await page.getByRole('button', { name: 'Add credential status' }).click();
  await page.getByLabel('Credential status 1 label').fill('Active');
  await page.getByLabel('Credential status 1 means').selectOption('active');
  await expect(page.getByLabel('Credential status 1 given on approval')).toBeChecked();
  await tab(page, 'Processes').click();
  await page.getByRole('button', { name: 'Add process' }).click();
  await page.getByRole('combobox', { name: 'Process 1', exact: true }).selectOption({ label: names.process });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save licence' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${names.licence}” is saved.` })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/licences\/[0-9a-f-]{36}$/);

  await tab(page, 'Application types').click();
  await page.getByLabel('New application type name').fill(names.type);
  await page.getByRole('checkbox', { name: 'EMS provider: EMT' }).check();
  await page.getByRole('button', { name: 'Add application type' }).click();
  await expect(page.getByRole('group', { name: `Application type 1: ${names.type}` })).toBeVisible();
  await tab(page, 'Charges').click();
  await page.getByLabel('New charge name').fill('Application fee');
  await page.getByLabel('New charge amount (dollars)').fill('75.50');
  await page.getByRole('button', { name: 'Add charge' }).click();
  await expect(page.getByRole('group', { name: 'Charge 1: Application fee ($75.50)' })).toBeVisible();
  await expectNoAxeViolations(page);
}

test('staff configure a licence; the applicant applies, fills, signs, uploads and submits; the reviewer processes and approves; the certificate verifies publicly', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const formName = `Licence application ${stamp}`;
  const packageName = `EMT package ${stamp}`;
  const licenceName = `EMS Personnel ${stamp}`;
  // Application type labels are unique in the enterprise (the demo data has an "Initial").
  const typeName = `Initial ${stamp}`;
  const processName = `Background check ${stamp}`;

  // Staff build the application form in the builder: a name, a file upload and a signature.
  await signIn(page, 'admin');
  await page.goto('/staff/forms/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New form' })).toBeVisible();
  await page.getByLabel('Form name').fill(formName);
  await page.getByLabel('Page title').fill('Application');
  await addQuestion(page, 'Short text', 'Full legal name', true);
  await addQuestion(page, 'File upload', 'Copy of your EMT course certificate');
  await addQuestion(page, 'Signature', 'Applicant signature', true);
  // A new form starts inactive and closed to applicants: open it to them.
  await page.getByRole('radio', { name: 'Edit' }).check();
  await page.getByRole('checkbox', { name: 'Active' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved — version 1', { exact: true })).toBeVisible();

  // …and make it the one form of a package.
  await page.goto('/staff/forms/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Form packages' })).toBeVisible();
  await page.getByRole('link', { name: 'New package' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New package' })).toBeVisible();
  await page.getByLabel('Package name').fill(packageName);
  await page.getByLabel('Form to add').selectOption({ label: formName });
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByRole('checkbox', { name: `Required: ${formName}` })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Package “${packageName}” was saved.`)).toBeVisible();
  await configureLicence(page, {
    licence: licenceName,
    packageName,
    type: typeName,
    process: processName,
  });

  // The applicant applies in the portal.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Apply for a licence' })
    .click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Apply for a licence' })).toBeVisible();
  await expect(applicant.getByText('Drafts never expire')).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: `Apply for ${licenceName}` }).click();
  await expect(
    applicant.getByRole('heading', { level: 1, name: `Application: ${licenceName}` }),
  ).toBeVisible();
  const requestUrl = applicant.url();
  expect(requestUrl).toMatch(/\/portal\/requests\/[0-9a-f-]{36}$/);
  await expect(applicant.getByText('This draft never expires')).toBeVisible();

  // Applying again resumes the same draft rather than starting a second one.
  await applicant.getByRole('link', { name: 'Back to my requests' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  const draftRow = applicant
    .getByRole('table', { name: 'My requests' })
    .getByRole('row', { name: new RegExp(licenceName) });
  await expect(draftRow).toContainText('Draft');
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('link', { name: 'Apply for a licence' }).first().click();
  await applicant.getByRole('button', { name: `Resume application for ${licenceName}` }).click();
  await expect(applicant).toHaveURL(requestUrl);

  // The application type and level.
  await applicant.getByRole('checkbox', { name: `${typeName}: EMT` }).check();
  await applicant.getByRole('button', { name: 'Save application types' }).click();
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await expectNoAxeViolations(applicant);

  // Submitting before the form is filled in names the form.
  await applicant.getByRole('button', { name: 'Submit request' }).click();
  const refused = applicant.getByRole('alert').filter({ hasText: 'The request was not submitted' });
  await expect(refused).toContainText(`${formName}: This form has not been started.`);
  await expectNoAxeViolations(applicant);

  // Fill in the form: name, upload, signature, complete.
  await applicant.getByRole('button', { name: `Fill in ${formName}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: formName })).toBeVisible();
  await applicant.getByLabel('Full legal name', { exact: true }).fill('Avery Applicant');
  await applicant.getByLabel('Copy of your EMT course certificate').setInputFiles({
    name: 'emt-course.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf('EMT course completed'),
  });
  await expect(applicant.getByRole('button', { name: 'Remove file emt-course.pdf' })).toBeVisible();
  await drawSignature(
    applicant,
    applicant.getByRole('img', { name: /^Signature box for Applicant signature/ }),
  );
  await expect(
    applicant.getByRole('group', { name: 'Applicant signature' }).getByText('Signed.'),
  ).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: 'Complete' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Form completed' })).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('link', { name: 'Back to the request' }).first().click();

  // The form is completed; submit.
  const formRow = applicant
    .getByRole('table', { name: 'Forms of this request' })
    .getByRole('row', { name: new RegExp(formName) });
  await expect(formRow).toContainText('Completed');
  await expect(formRow.getByRole('link', { name: `View ${formName}` })).toBeVisible();
  await applicant.getByRole('button', { name: 'Submit request' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible();
  await expect(applicant.getByRole('button', { name: 'Submit request' })).toHaveCount(0);
  const charges = applicant.getByRole('table', { name: 'Charges' });
  await expect(charges).toContainText('Application fee');
  await expect(charges).toContainText('$75.50');
  await expect(applicant.getByRole('region', { name: 'History' })).toContainText('Submitted');
  await expectNoAxeViolations(applicant);

  // The reviewer (the demo Reviewer template: requests.read and requests.review) finds it in the queue,
  // filtered by the licence, with counts per status.
  const reviewer = await newSignedInPage(browser, 'reviewer');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await reviewer
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Licence requests' })
    .click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Licence requests' })).toBeVisible();
  await reviewer.getByLabel('Licence', { exact: true }).selectOption({ label: licenceName });
  await reviewer.getByRole('button', { name: 'Apply filters' }).click();
  await expect(reviewer.getByRole('region', { name: 'Requests by status' })).toContainText('Submitted: 1');
  await expectNoAxeViolations(reviewer);
  const queueRow = reviewer
    .getByRole('table', { name: 'Licence requests' })
    .getByRole('row', { name: new RegExp(licenceName) });
  await expect(queueRow).toContainText('Submitted');
  await queueRow.getByRole('link').first().click();
  await expect(
    reviewer.getByRole('heading', { level: 1, name: `Request: Avery Applicant — ${licenceName}` }),
  ).toBeVisible();
  await expect(reviewer.getByRole('region', { name: 'Application types and levels' })).toContainText(
    `${typeName}: EMT`,
  );
  await expect(reviewer.getByRole('table', { name: 'Documents' })).toContainText('emt-course.pdf');
  await expect(reviewer.getByRole('link', { name: `Open answers to ${formName}` })).toHaveAttribute(
    'href',
    /\/staff\/responses\/[0-9a-f-]{36}$/,
  );
  const xml = await reviewer.request.get(
    (await reviewer.getByRole('link', { name: 'Download XML' }).getAttribute('href')) as string,
  );
  expect(xml.ok()).toBe(true);
  expect(await xml.text()).toContain(licenceName);
  await expectNoAxeViolations(reviewer);

  // The answers open on the staff response page; a reviewer may not delete or restatus the request.
  await expect(reviewer.getByRole('button', { name: 'Delete request' })).toHaveCount(0);
  await reviewer.getByRole('link', { name: `Open answers to ${formName}` }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: `Response: ${formName}` })).toBeVisible();
  await expect(reviewer.getByText('Avery Applicant', { exact: true }).first()).toBeVisible();
  await reviewer.goBack();
  await expect(
    reviewer.getByRole('heading', { level: 1, name: `Request: Avery Applicant — ${licenceName}` }),
  ).toBeVisible();

  // Move it through the process with notes.
  for (const [status, note] of [
    ['Under review', 'Background check requested'],
    ['Passed', 'Background check clear'],
  ] as const) {
    await reviewer
      .getByRole('combobox', { name: 'Process', exact: true })
      .selectOption({ label: processName });
    await reviewer
      .getByRole('combobox', { name: 'Process status', exact: true })
      .selectOption({ label: status });
    await reviewer.getByLabel('Note', { exact: true }).fill(note);
    await reviewer.getByRole('button', { name: 'Change process status' }).click();
    await expect(reviewer.getByText(`${processName} is now ${status}.`)).toBeVisible();
    // Process notes are internal unless sent to the applicant (issue 11).
    await expect(reviewer.getByRole('region', { name: 'History' })).toContainText(
      `Internal note, staff only: ${note}`,
    );
  }
  await expect(reviewer.getByRole('table', { name: 'Process statuses' })).toContainText('Passed');
  await expectNoAxeViolations(reviewer);

  // Approve: a confirmation, then the issued number.
  await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = reviewer.getByRole('dialog', { name: 'Approve this request?' });
  await approve.getByLabel('Approval note').fill('All requirements met');
  // The fee is unpaid: approving asks first (issue 11).
  await approve.getByRole('checkbox', { name: 'Approve with fees unpaid' }).check();
  await expectNoAxeViolations(reviewer);
  await approve.getByRole('button', { name: 'Approve and issue' }).click();
  const approved = reviewer.getByRole('status').filter({ hasText: 'Request approved' });
  await expect(approved).toContainText('Credentials issued: JRN-00007');
  await expect(reviewer.getByRole('table', { name: 'Credentials issued' })).toContainText('JRN-00007');
  await expect(reviewer.getByRole('region', { name: 'History' })).toContainText('All requirements met');
  await expectNoAxeViolations(reviewer);

  // The applicant sees the decision and the credential, and downloads the certificate and wallet card.
  await applicant.reload();
  await expect(applicant.getByRole('table', { name: 'Credentials issued' })).toContainText('JRN-00007');
  await applicant
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My licences' })
    .click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My licences' })).toBeVisible();
  const held = applicant.getByRole('table', { name: 'My licences' }).getByRole('row', { name: /JRN-00007/ });
  await expect(held).toContainText(licenceName);
  await expect(held).toContainText('Active');
  await expectNoAxeViolations(applicant);
  const certificateLink = held.getByRole('link', { name: 'Certificate JRN-00007' });
  const [download] = await Promise.all([applicant.waitForEvent('download'), certificateLink.click()]);
  const certificate = pdfText(readFileSync(await download.path()));
  expect(certificate).toContain('JRN-00007');
  const verifyUrl = certificate.replace(/\s+/g, ' ').match(/https?:\/\/\S+\/verify\?number=\S+/)?.[0];
  expect(verifyUrl, certificate).toBeTruthy();
  const card = await applicant.request.get(
    (await held.getByRole('link', { name: 'Wallet card JRN-00007' }).getAttribute('href')) as string,
  );
  expect(card.headers()['content-type']).toContain('application/pdf');
  expect(pdfText(await card.body())).toContain('JRN-00007');

  // Renewal starts from the held credential.
  await held.getByRole('button', { name: 'Renew JRN-00007' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Renewal: ${licenceName}` })).toBeVisible();
  await expect(applicant.getByRole('region', { name: 'History' })).toContainText('Renewal started');
  await expectNoAxeViolations(applicant);

  // Anyone opens the QR link without signing in and sees the credential.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const publicPage = await visitor.newPage();
  await publicPage.goto(verifyUrl as string);
  // The verification page shows each credential found as a card named by its holder.
  const result = publicPage.getByRole('article', { name: /Applicant/ }).filter({ hasText: 'JRN-00007' });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Active');
  await expectNoAxeViolations(publicPage);
  await visitor.close();
});
