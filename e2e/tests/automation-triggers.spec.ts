import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { openMailbox } from '../mailbox';
import { newSignedInPage } from '../sign-in';

// The shared machine is slow at times: waits for the server's answers get 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 12: staff configure "on submit: create an alert and email the applicant from a template"; the
// applicant submits; the firing shows both actions done, the alert is on the request and the letter
// arrives at a real SMTP server and the alert is on the dashboard. The renewal task runs now, its log
// shows the letters and the letter arrives. A loop between two triggers is found and stopped.

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());

async function apiCall(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const { csrfToken } = await (await page.request.get('/api/CheckSession')).json();
  const response =
    method === 'GET'
      ? await page.request.get(url)
      : await page.request.post(url, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A licence without forms or fees, with one application type at EMT. */
async function createLicence(admin: Page, name: string) {
  const category = randomUUID();
  const licence = await apiCall(admin, 'POST', '/api/licenses', {
    license: { name, entity: 'user', code: `T${Date.now().toString(36)}`.slice(0, 10) },
    license_categories: [{ id: category, label: 'EMS Provider' }],
    license_category_levels: [
      { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
    ],
    license_request_statuses: [
      { label: 'In progress', code: 'in_progress', sort_order: 1 },
      { label: 'Submitted', code: 'submitted', sort_order: 2 },
      { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
    ],
  });
  await apiCall(admin, 'POST', '/api/ApplicationTypes', {
    application_type: {
      label: `Initial ${name}`,
      license_id: licence.id,
      license_category_levels: licence.license_category_levels.map((l: { id: string }) => l.id),
    },
  });
}

/** Adds an action to the open trigger card and answers its fieldset. */
async function addAction(card: Locator, n: number, kind: string) {
  await card.getByRole('button', { name: 'Add action' }).click();
  const action = card.getByRole('group', { name: new RegExp(`^Action ${n}:`) });
  await action.getByLabel('Kind').selectOption({ label: kind });
  return card.getByRole('group', { name: `Action ${n}: ${kind}` });
}

test('on submit: an alert on the dashboard and a letter from a template; the renewal task logs and sends its letters', async ({
  browser,
}) => {
  // A long journey (two people, three screens, a job queue and an SMTP round trip) on a shared machine.
  test.setTimeout(480_000);
  const suffix = Date.now().toString(36);
  const licence = `Automation ${suffix}`;
  const admin = await newSignedInPage(browser, 'admin');
  await createLicence(admin, licence);
  await apiCall(admin, 'POST', '/api/alerttypes', { alert_type: { label: `Submission ${suffix}` } });
  await apiCall(admin, 'POST', '/api/mergetemplates', {
    merge_template: {
      code: 'Licensing',
      merge_object: 'request',
      name: `Received ${suffix}`,
      subject: `We received your request ${suffix}`,
      body_html: '<p>Dear {{person.first_name}}, your request has reached us and is waiting for review.</p>',
    },
  });

  // Staff configure the trigger on the configuration editor.
  await admin.getByRole('link', { name: 'Triggers' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Trigger configurations' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByLabel('New configuration name').fill(`On submit ${suffix}`);
  await admin.getByRole('button', { name: 'Create configuration' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `On submit ${suffix}` })).toBeVisible();
  await admin.getByRole('button', { name: 'Add a trigger' }).click();
  let card = admin.getByRole('region', { name: /^When / }).last();
  await card.getByLabel('Event (trigger)').selectOption({ label: 'Request submitted' });
  card = admin.getByRole('region', { name: 'When Request submitted' }).last();
  const alert = await addAction(card, 1, 'Create Alert');
  await alert.getByLabel('Alert type').selectOption({ label: `Submission ${suffix}` });
  await alert.getByLabel('Alert text').fill(`Submitted ${suffix}: review it`);
  const letter = await addAction(card, 2, 'Merge Template');
  await letter.getByLabel('Merge template').selectOption({ label: `Received ${suffix}` });
  await expect(card.getByRole('listitem')).toHaveText([
    'Request submitted: Create Alert',
    'Request submitted: Merge Template',
  ]);
  await card.getByRole('button', { name: 'Save actions' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved.');
  await expectNoAxeViolations(admin);
  const configUrl = admin.url();

  // The applicant applies and submits.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.goto('/portal/licences');
  await applicant.getByRole('button', { name: `Apply for ${licence}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Application: ${licence}` })).toBeVisible();
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: EMT` }).check();
  await applicant.getByRole('button', { name: 'Save application types' }).click();
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Submit request' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible();
  const requestId = new URL(applicant.url()).pathname.split('/').at(-1)!;

  // The firing ran both actions: the alert is on the request, the letter reached the SMTP server.
  await admin.goto(configUrl);
  card = admin.getByRole('region', { name: 'When Request submitted' }).last();
  await expect(card.getByRole('cell', { name: /Create Alert: done.*Merge Template: done/ })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(admin);
  const alerts = await apiCall(applicant, 'GET', '/api/alerts/getalerts');
  const list = (Array.isArray(alerts) ? alerts : alerts.items) as {
    value: string;
    license_request_id: string;
  }[];
  expect(list).toContainEqual(
    expect.objectContaining({ value: `Submitted ${suffix}: review it`, license_request_id: requestId }),
  );
  const mail = await mailbox.waitFor(
    'applicant@example.com',
    new RegExp(`We received your request ${suffix}`),
  );
  expect(mail).toContain('Dear Avery');

  // The alert shows on the staff dashboard.
  await admin.goto('/staff');
  const panel = admin.getByRole('region', { name: 'Alerts needing attention' });
  await expect(panel.getByText(`Submitted ${suffix}: review it`)).toBeVisible();
  await expectNoAxeViolations(admin);

  // Someone whose EMT credential of the demo licence expires in 30 days (new on every run, so a retry
  // has a letter of its own to send: a task writes to a credential once a day).
  const model = (await apiCall(admin, 'GET', '/api/certifications?search=EMT-000123')).items[0];
  const email = `renewal.${suffix}@example.org`;
  const person = await apiCall(admin, 'POST', '/api/users', {
    user: { first_name: 'Robin', last_name: `Renewal ${suffix}`, user_name: `renewal.${suffix}`, email },
  });
  const number = `R-${suffix}`.slice(0, 20);
  await apiCall(admin, 'POST', '/api/certifications', {
    certification: {
      license_id: model.license_id,
      license_category_level_id: model.license_category_level_id,
      certification_status_id: model.certification_status_id,
      user_id: person.id,
      number,
      issue_date: '2024-12-01',
      expiration_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });

  // The demo's renewal task runs now: its log shows the alerts and the letters, and the letter arrives.
  await admin.getByRole('link', { name: 'Scheduled tasks' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Scheduled tasks' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Renewal reminders' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Renewal reminders' })).toBeVisible();
  await admin.getByRole('button', { name: 'Run now' }).click();
  await expect(admin.getByRole('status')).toContainText(/Ran: \d+ selected, \d+ alerts created/);
  await expect(admin.getByRole('status')).toContainText(/[1-9]\d* letters/);
  const runs = admin.getByRole('table', { name: 'Runs of this task' });
  await expect(runs.getByRole('row').nth(1)).toContainText('Run now');
  await expect(runs.getByRole('row').nth(1)).toContainText('done');
  await expectNoAxeViolations(admin);
  const reminder = await mailbox.waitFor(email, new RegExp(`${number} expires on`));
  expect(reminder).toContain('Dear Robin');
});

test('a loop between two triggers is shown in the preview and stopped when fired', async ({ browser }) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const admin = await newSignedInPage(browser, 'admin');
  const requests = await apiCall(admin, 'GET', '/api/LicenseRequests?numPerPage=1');
  const requestId = (Array.isArray(requests) ? requests : requests.items)[0].id as string;

  await admin.getByRole('link', { name: 'Triggers' }).click();
  await admin.getByLabel('New configuration name').fill(`Loops ${suffix}`);
  await admin.getByRole('button', { name: 'Create configuration' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Loops ${suffix}` })).toBeVisible();

  // Review complete counts the trigger and fires Process status changed ...
  await admin.getByRole('button', { name: 'Add a trigger' }).click();
  let loopA = admin.getByRole('region', { name: /^When / }).last();
  await loopA.getByLabel('Event (trigger)').selectOption({ label: 'Review complete' });
  loopA = admin.getByRole('region', { name: 'When Review complete' });
  const a1 = await addAction(loopA, 1, 'Trigger Function');
  await a1.getByLabel('Function').selectOption({ label: 'Count the trigger on the request' });
  await a1.getByLabel('Then fire').selectOption({ label: 'Process status changed' });
  await loopA.getByRole('button', { name: 'Save actions' }).click();
  await expect(loopA.getByRole('status')).toHaveText('Saved.');

  // ... which fires Review complete again: the preview warns before anything is saved.
  await admin.getByRole('button', { name: 'Add a trigger' }).click();
  let loopB = admin.getByRole('region', { name: /^When / }).last();
  await loopB.getByLabel('Event (trigger)').selectOption({ label: 'Process status changed' });
  loopB = admin.getByRole('region', { name: 'When Process status changed' });
  const b1 = await addAction(loopB, 1, 'Trigger Function');
  await b1.getByLabel('Function').selectOption({ label: 'Count the trigger on the request' });
  await b1.getByLabel('Then fire').selectOption({ label: 'Review complete' });
  await expect(loopB.getByRole('alert')).toContainText('Loop found');
  await expect(loopB.getByRole('alert')).toContainText('Nothing will run');
  await loopB.getByRole('button', { name: 'Save actions' }).click();
  await expect(loopB.getByRole('status')).toHaveText('Saved.');
  await expectNoAxeViolations(admin);

  // Fired, the loop runs nothing, and the firing says why.
  const fired = await apiCall(admin, 'POST', '/api/triggers/fire', {
    code: 'manual.reviewComplete',
    object_id: requestId,
  });
  const loopLog = fired.logs.find(
    (l: { configuration_name: string }) => l.configuration_name === `Loops ${suffix}`,
  );
  expect(loopLog).toMatchObject({ infiniteFound: true, actions: [] });
  await admin.reload();
  loopA = admin.getByRole('region', { name: 'When Review complete' });
  await expect(loopA.getByRole('cell', { name: 'Stopped: loop found' })).toBeVisible();
  await expectNoAxeViolations(admin);

  // Removing one side keeps the demo's events from looping for the other journeys.
  loopB = admin.getByRole('region', { name: 'When Process status changed' });
  await loopB.getByRole('button', { name: 'Remove trigger' }).click();
  await expect(admin.getByRole('region', { name: 'When Process status changed' })).toHaveCount(0);
});
