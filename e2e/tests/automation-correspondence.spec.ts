import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { openMailbox } from '../mailbox';
import { signIn } from '../sign-in';

// A real SMTP peer receives what the e2e server mails (e2e/mailbox.ts).
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());

test('staff write a merge template, preview it on a demo person, send it, and find it in her history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  // The dashboard's alerts panel shows the demo alerts.
  await expect(page.getByRole('heading', { name: 'Alerts needing attention' })).toBeVisible();
  await expect(page.getByText(/National registry card expires within 60 days/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Merge templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merge templates' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Welcome letter' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New merge template' })).toBeVisible();
  await page.getByLabel('Name').fill('Application received');
  await page.getByLabel('Subject').fill('We received your application, {{person.first_name}}');
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await page.keyboard.type('Dear ');
  await page.getByRole('combobox', { name: 'Merge field' }).click();
  await page.getByRole('option', { name: /^First name/ }).click();
  await page.getByRole('button', { name: 'Insert field' }).click();
  await page.keyboard.type(', your application is with our reviewers.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Merge template: Application received' }),
  ).toBeVisible();

  // Preview on the demo applicant.
  await page.getByRole('combobox', { name: 'Person' }).fill('Applicant');
  await page.getByRole('option', { name: /Avery Applicant/ }).click();
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.getByText('Subject: We received your application, Avery')).toBeVisible();
  await expect(page.getByTestId('merge-preview')).toContainText(
    'Dear Avery, your application is with our reviewers.',
  );
  await expectNoAxeViolations(page);

  // Send it as correspondence to her.
  await page.getByRole('link', { name: 'Send as correspondence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write correspondence' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Merge template' })).toHaveValue(/Application received/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /Correspondence: We received your application/ }),
  ).toBeVisible();
  await expect(page.getByText('1 sent, 0 failed, of 1')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  const mail = await mailbox.waitFor('applicant@example.com', /We received your application, Avery/);
  expect(mail).toContain('Dear Avery, your application is with our reviewers.');

  // Her history shows it, with her note and alert.
  await page.getByRole('link', { name: 'Correspondence', exact: true }).click();
  await page.getByRole('combobox', { name: 'Sent to' }).fill('Applicant');
  await page.getByRole('option', { name: /Avery Applicant/ }).click();
  await expect(page.getByRole('link', { name: /We received your application/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Alerts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByText('Proof of insurance is missing from the last inspection.')).toBeVisible();
  await expectNoAxeViolations(page);
});
