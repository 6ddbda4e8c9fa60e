import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { pdfText, smallPdf } from '../pdf';
import { newSignedInPage, signIn } from '../sign-in';

// The journey: staff build a two-page form (a conditional group, a file upload and a signature) in
// the builder; the applicant fills it in, meets the signature message, signs, uploads, saves a draft, signs
// out, resumes where they left off and completes it; staff open the response and its PDF; an edit of the
// form makes version 2 and the response still shows version 1.

const SIGNATURE_MESSAGE = 'Required information is missing. Please sign the signature box.';

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

/** A question's properties are edited in the side panel once the question is added or chosen. */
async function addQuestion(page: Page, kind: string, label: string, required = false) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const field = page.getByLabel('Question label');
  await expect(field).toBeFocused();
  await field.fill(label);
  if (required) await page.getByRole('checkbox', { name: 'Required' }).check();
}

test('staff build a form; the applicant fills, signs, uploads, saves, resumes and completes it; staff read it and its PDF; version 2 keeps version 1', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const formName = `Journey form ${Date.now()}`;

  // Staff build the form in the builder.
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await page.getByRole('link', { name: 'New form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New form' })).toBeVisible();
  await page.getByLabel('Form name').fill(formName);
  await page.getByLabel('Page title').fill('About you');
  await addQuestion(page, 'Short text', 'Full name', true);
  await addQuestion(page, 'Yes or no', 'Are you a veteran?');

  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByLabel('Group title')).toBeFocused();
  await page.getByLabel('Group title').fill('Military service');
  await addQuestion(page, 'Short text', 'Branch of service', true);
  await page.getByRole('button', { name: 'Edit group Military service' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Condition 1 question').selectOption({ label: 'Are you a veteran?' });
  await page.getByLabel('Condition 1 comparison').selectOption('equals');
  await page.getByLabel('Condition 1 value').selectOption('yes');
  await expect(page.getByText('Shown when conditions are met')).toBeVisible();

  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByLabel('Page title').fill('Documents and signature');
  await addQuestion(page, 'File upload', 'Copy of your licence');
  await addQuestion(page, 'Signature', 'Your signature', true);

  // A new form starts inactive and closed to applicants: open it to them.
  await page.getByRole('radio', { name: 'Edit' }).check();
  await page.getByRole('checkbox', { name: 'Active' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved — version 1', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/forms\/[0-9a-f-]{36}$/);
  const formUrl = page.url();
  const formId = formUrl.split('/').pop() as string;

  // The applicant starts the form from the portal.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: `Start ${formName}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: formName })).toBeVisible();
  await expect(applicant.getByText('Page 1 of 2: About you')).toBeVisible();
  await expect(applicant.getByRole('progressbar', { name: 'Page 1 of 2' })).toBeVisible();

  // Page 1, and the conditional group appears once the answer is Yes.
  await applicant.getByLabel('Full name', { exact: true }).fill('Ada Lovelace');
  await expect(applicant.getByRole('heading', { name: 'Military service' })).toHaveCount(0);
  await applicant.getByRole('radio', { name: 'Yes' }).check();
  await expect(applicant.getByRole('heading', { name: 'Military service' })).toBeVisible();
  await applicant.getByLabel('Branch of service').fill('Navy');
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: 'Next' }).click();
  await expect(applicant.getByText('Page 2 of 2: Documents and signature')).toBeVisible();

  // Complete without signing: the signature message, in the summary (which takes focus) and under the box.
  await applicant.getByRole('button', { name: 'Complete' }).click();
  const summary = applicant.getByRole('alert').filter({ hasText: 'Some answers need attention' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: SIGNATURE_MESSAGE })).toBeVisible();
  const signatureGroup = applicant.getByRole('group', { name: 'Your signature' });
  await expect(signatureGroup.getByText(SIGNATURE_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(applicant);

  // Sign by drawing, and upload a file (a wrong one first: it is listed by name, nothing else is lost).
  await drawSignature(applicant, applicant.getByRole('img', { name: /^Signature box for Your signature/ }));
  await expect(signatureGroup.getByText('Signed.')).toBeVisible();
  await expect(summary).toHaveCount(0);
  const upload = applicant.getByLabel('Copy of your licence');
  await upload.setInputFiles({
    name: 'not-a-document.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(`MZ${'\0'.repeat(64)}not a document`),
  });
  const failed = applicant.getByRole('alert').filter({ hasText: 'These documents could not be uploaded:' });
  await expect(failed).toContainText('not-a-document.exe — This type of file is not accepted');
  await upload.setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf('Licence'),
  });
  await expect(applicant.getByRole('button', { name: 'Remove file licence.pdf' })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await applicant.getByRole('button', { name: 'Save draft' }).click();
  await expect(applicant.getByText('Draft saved. You can come back and finish it later.')).toBeVisible();
  await expectNoAxeViolations(applicant);

  // Leave: another page, then sign out and back in; the draft is listed and resumes on page 2.
  await applicant.getByRole('link', { name: 'My profile' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await applicant.getByRole('button', { name: 'Sign out' }).click();
  await expect(applicant).toHaveURL(/\/signin/);
  await signIn(applicant, 'applicant');
  await applicant.getByRole('link', { name: 'Forms', exact: true }).click();
  const myForms = applicant.getByRole('table', { name: 'My forms' });
  const draftRow = myForms.getByRole('row', { name: new RegExp(formName) });
  await expect(draftRow).toContainText('Draft');
  await expectNoAxeViolations(applicant);
  await draftRow.getByRole('link', { name: `Resume ${formName}` }).click();
  await expect(applicant.getByText('Page 2 of 2: Documents and signature')).toBeVisible();
  await expect(applicant.getByRole('group', { name: 'Your signature' }).getByText('Signed.')).toBeVisible();
  await expect(applicant.getByText('licence.pdf')).toBeVisible();
  await applicant.getByRole('button', { name: 'Back' }).click();
  await expect(applicant.getByLabel('Full name', { exact: true })).toHaveValue('Ada Lovelace');
  await expect(applicant.getByLabel('Branch of service')).toHaveValue('Navy');
  await applicant.getByRole('button', { name: 'Next' }).click();
  await applicant.getByRole('button', { name: 'Complete' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Form submitted' })).toContainText(
    'Staff will review them.',
  );
  // What was submitted is shown read-only.
  await expect(applicant.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(applicant.getByText('Ada Lovelace')).toBeVisible();
  await expectNoAxeViolations(applicant);
  const responseId = new URL(applicant.url()).pathname.split('/').pop() as string;
  await applicant.getByRole('link', { name: 'Back to my forms' }).first().click();
  const submittedRow = myForms.getByRole('row', { name: new RegExp(formName) });
  await expect(submittedRow).toContainText('Submitted');
  await expect(submittedRow).toContainText('Completed');
  await expect(submittedRow.getByRole('link', { name: `View ${formName}` })).toBeVisible();

  // Staff find the response from the form's responses and open it, its file and its PDF.
  await page.getByRole('link', { name: 'Responses', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/forms/${formId}/responses$`));
  await expect(page.getByRole('heading', { level: 1, name: `Responses: ${formName}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('row', { name: /Submitted/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/staff/responses/${responseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Response: ${formName}` })).toBeVisible();
  await expect(page.getByText('Answered on version 1').first()).toBeVisible();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText('Navy')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Signature given for Your signature' })).toBeVisible();
  const fileLink = page.getByRole('region', { name: 'Files' }).getByRole('link', { name: 'licence.pdf' });
  const file = await page.request.get((await fileLink.getAttribute('href')) as string);
  expect(file.ok()).toBe(true);
  expect(pdfText(await file.body(), { layout: true })).toContain('Licence');
  await expectNoAxeViolations(page);

  const openPdf = page.getByRole('link', { name: 'Open PDF' });
  await expect(openPdf).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.waitForEvent('popup'), openPdf.click()]);
  await expect.poll(() => tab.url()).toContain(`getPDFFileContent?responseID=${responseId}`);
  await tab.close();
  const pdfHref = (await openPdf.getAttribute('href')) as string;
  const pdf = await page.request.get(pdfHref);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await pdf.body(), { layout: true });
  for (const expected of [formName, 'Full name', 'Ada Lovelace', 'Branch of service', 'Navy', 'licence.pdf'])
    expect(text).toContain(expected);

  // Editing the form's label makes version 2; the response keeps version 1's words.
  await page.goto(formUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Form: ${formName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Edit question Full name' }).click();
  await page.getByLabel('Question label').fill('Legal name');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved — version 2', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Responses', exact: true }).click();
  // The list's Version column still says 1.
  await expect(
    page.getByRole('row', { name: /Submitted/ }).getByRole('cell', { name: '1', exact: true }),
  ).toBeVisible();
  await page
    .getByRole('row', { name: /Submitted/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/staff/responses/${responseId}$`));
  await expect(page.getByText('Answered on version 1').first()).toBeVisible();
  await expect(page.getByText('Full name', { exact: true })).toBeVisible();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText('Legal name')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const pdfAfterEdit = pdfText(await (await page.request.get(pdfHref)).body(), { layout: true });
  expect(pdfAfterEdit).toContain('Full name');
  expect(pdfAfterEdit).not.toContain('Legal name');
});

test('an applicant signs with the keyboard; staff reopen the response and clear its signatures', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const csrf = (await (await page.request.get('/api/CheckSession')).json()).csrfToken as string;
  const formName = `Declaration ${Date.now()}`;
  const nameId = randomUUID();
  const created = await page.request.post('/api/fbforms', {
    headers: { 'x-csrf-token': csrf },
    data: {
      form: {
        name: formName,
        active: true,
        applicant_access: 'edit',
        pages: [
          {
            id: randomUUID(),
            title: 'Declaration',
            groups: [
              {
                id: randomUUID(),
                title: 'Declare',
                questions: [
                  { id: nameId, kind: 'short_text', label: 'Full name', required: true },
                  { id: randomUUID(), kind: 'signature', label: 'Signature', required: true },
                ],
              },
            ],
          },
        ],
      },
    },
  });
  expect(created.status()).toBe(201);

  // The applicant answers and signs with the typed-name alternative, using only the keyboard.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.goto('/portal/forms');
  await applicant.getByRole('button', { name: `Start ${formName}` }).click();
  await expect(applicant.getByText('Page 1 of 1: Declaration')).toBeVisible();
  await applicant.getByLabel('Full name', { exact: true }).focus();
  await applicant.keyboard.type('Grace Hopper');
  await applicant.keyboard.press('Tab');
  await expect(applicant.getByLabel('Or type your full name to sign')).toBeFocused();
  await applicant.keyboard.type('Grace Hopper');
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByRole('group', { name: 'Signature' }).getByText('Signed.')).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: 'Complete' }).focus();
  await applicant.keyboard.press('Enter');
  await expect(applicant.getByText('Form submitted')).toBeVisible();
  const responseId = new URL(applicant.url()).pathname.split('/').pop() as string;

  // Staff reopen it, then clear its signature; each asks first.
  await page.goto(`/staff/responses/${responseId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Response: ${formName}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Signature given for Signature' })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen this response?' });
  await expect(reopen).toBeVisible();
  await expectNoAxeViolations(page);
  await reopen.getByRole('button', { name: 'Reopen response' }).click();
  await expect(page.getByText('The response was reopened')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear signatures' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear the signatures?' });
  await clear.getByRole('button', { name: 'Clear signatures' }).click();
  await expect(page.getByText('1 signature was cleared.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Signature given for Signature' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The applicant finds it open again, unsigned, and the name kept.
  await applicant.goto(`/portal/forms/responses/${responseId}`);
  await expect(applicant.getByLabel('Full name', { exact: true })).toHaveValue('Grace Hopper');
  await expect(
    applicant.getByRole('group', { name: 'Signature' }).getByText('Not signed yet.'),
  ).toBeVisible();
});
