// Steps of the year-in-a-licensee's-life journey (../year-in-a-licensee-life.spec.ts) that several stages
// take, or that would make the spec hard to read: the demo application form, a card payment through the
// test gateway, a process status, the staff dashboard's count, an alert on a person's page.
import { type Browser, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../axe';
import { smallPdf } from '../../pdf';

// Several people's pages on a shared, busy machine: allow a slow answer.
export const expect = baseExpect.configure({ timeout: 30_000 });

/** The demo licence (seed): EMS Personnel Certification, its EMT level, its application form. */
export const LICENCE = 'EMS Personnel Certification';
export const FORM = 'Demo initial application';

/**
 * A write through the API with the page's own session (cookie and CSRF token), only for what the
 * product has no screen for; each call site says which.
 */
export async function apiCall(page: Page, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) {
  const { csrfToken } = await (await page.request.get('/api/CheckSession')).json();
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: method === 'GET' ? {} : { 'x-csrf-token': csrfToken },
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A page of a browser context of its own that signs in to the portal as the new person. */
export async function portalPage(browser: Browser, userName: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/signin?portal=1');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal/);
  return page;
}

/** A Mantine select: opens it and picks the option. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The number on the reviewer's dashboard tile "To review". */
export async function toReview(staff: Page): Promise<number> {
  await staff.goto('/staff');
  const tile = staff.getByRole('link', { name: /^To review: \d+\. Open the list$/ });
  await expect(tile).toBeVisible();
  return Number((await tile.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
}

/** The row of an alert on the staff page of a person (the Alerts section lists raised and retired ones). */
export function alertRow(staff: Page, text: string): Locator {
  return staff.getByRole('region', { name: 'Alerts' }).getByRole('row').filter({ hasText: text });
}

/**
 * Fills the demo application form (two pages: the person's details, pre-filled from the account, and
 * a declaration with a signature) and completes it; back on the request page.
 */
export async function fillDemoForm(page: Page, fullName: string) {
  await page.getByRole('button', { name: `Fill in ${FORM}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: FORM })).toBeVisible();
  // The person's details come from their record (the account they registered).
  await page.getByRole('button', { name: 'Fill in from your record: Your details' }).click();
  await expect(page.getByLabel('E-mail address', { exact: true })).not.toHaveValue('');
  await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-12');
  await page
    .getByRole('radiogroup', { name: /EMS certification from another state/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /I confirm that the information above is correct/ }).check();
  await page.getByLabel('Or type your full name to sign').fill(fullName);
  await page.getByRole('button', { name: 'Sign with typed name' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form completed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the request' }).first().click();
  await expect(
    page.getByRole('table', { name: 'Forms of this request' }).getByRole('row', { name: new RegExp(FORM) }),
  ).toContainText('Completed');
}

/** From the checkout, through the test gateway's hosted page, paid: answers the receipt's RCPT- number. */
export async function payByCard(page: Page, amount: string): Promise<string> {
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay .* USD$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Return to the licensing portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  await expect(payment).toContainText(`${amount} USD`);
  await expect(payment).toContainText('Card (test gateway)');
  const receipt = (await payment.textContent())?.match(/RCPT-\d{4}-\d{6}/)?.[0];
  expect(receipt, 'the receipt shows its RCPT- number').toBeTruthy();
  return receipt as string;
}

/** The reviewer sets a process of the request (on its staff page) to a status, with a note. */
export async function setProcess(staff: Page, process: string, status: string, note: string) {
  await staff.getByRole('combobox', { name: 'Process', exact: true }).selectOption({ label: process });
  await staff.getByRole('combobox', { name: 'Process status', exact: true }).selectOption({ label: status });
  await staff.getByLabel('Note', { exact: true }).fill(note);
  await staff.getByRole('button', { name: 'Change process status' }).click();
  await expect(staff.getByText(`${process} is now ${status}.`)).toBeVisible();
}

/** A one-page PDF certificate to upload. */
export const certificate = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: smallPdf(text),
});

/** The value of a term of a definition list inside `scope` (the verification card's Status). */
export const termValue = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** The person enters a course taken elsewhere (4 hours of Cardiology, 4 of Trauma) with its certificate. */
export async function enterCourseTakenElsewhere(person: Page, course: string) {
  await person.getByRole('link', { name: 'Add a course taken elsewhere' }).click();
  await person.getByLabel('Course name').fill(course);
  const done = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  await person.getByLabel('Started').fill(done);
  await person.getByLabel('Finished').fill(done);
  await person.getByLabel('Topic 1', { exact: true }).selectOption({ label: 'Cardiology' });
  await person.getByLabel('Hours of topic 1', { exact: true }).fill('4');
  await person.getByRole('button', { name: 'Add a topic' }).click();
  await person.getByLabel('Topic 2', { exact: true }).selectOption({ label: 'Trauma' });
  await person.getByLabel('Hours of topic 2', { exact: true }).fill('4');
  // The certificate field is a button over a hidden file input.
  await person
    .locator('input[type="file"]')
    .setInputFiles(certificate('cardiac-trauma.pdf', 'Certificate: 8 hours'));
  await expectNoAxeViolations(person);
  await person.getByRole('button', { name: 'Send for verification' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'My education' })).toBeVisible();
  await expect(
    person.getByText(new RegExp(`${course}, finished .*: 8 hours, counted once staff verify`)),
  ).toBeVisible();
}

/** A member of the public files a complaint about the person from /verify; answers its CMP- number. */
export async function fileComplaint(
  page: Page,
  about: { name: string; number: string; suffix: string },
): Promise<string> {
  await page.goto('/verify');
  await page.getByRole('link', { name: 'File a complaint' }).click();
  await page.getByLabel('Name of the person, service or vehicle').fill(about.name);
  await page.getByLabel('Licence number, if you know it').fill(about.number);
  await choose(page, page, 'Kind of complaint', 'Professional conduct');
  await page
    .getByLabel('Describe what happened')
    .fill(`The EMT left a patient without a handover (${about.suffix}).`);
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Witness');
  await page.getByLabel('Email').fill(`casey.${about.suffix}@example.org`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send the complaint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complaint received' })).toBeVisible();
  const complaint = /CMP-\d{4}/.exec(
    (await page.getByText(/^Confirmation number: /).textContent()) ?? '',
  )?.[0];
  expect(complaint, 'a confirmation number').toBeTruthy();
  return complaint as string;
}
