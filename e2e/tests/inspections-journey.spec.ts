import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { pdfText, smallPdf } from '../pdf';
import { newSignedInPage } from '../sign-in';

// The journey: staff schedule a visit with a service and two vehicles; the inspector checks it
// out, the network is cut, both vehicle checklists are completed (one with a deficiency and a photo),
// signed and marked complete; a reload while still offline keeps the work; back online the sync
// uploads it in order, and a staff edit made during the offline period comes back as a conflict that
// the inspector resolves; the PDF report (read with pdftotext) lists the deficiency and the comment
// written offline.

/** Waits until the service worker controls the page, so that a reload offline still opens the app. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) await page.reload();
  await expect.poll(controlled).toBe(true);
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A tiny PNG (one blue pixel) as a photo taken on the device. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
  'base64',
);

/** Answers the checklist (oxygen as given, everything else yes), signs it and saves it on the device. */
async function fillChecklist(page: Page, oxygenOk: boolean, name: string) {
  const checklist = page.getByRole('region', { name: /^Checklist/ });
  const groups = checklist.getByRole('radiogroup');
  await expect(groups).toHaveCount(6);
  for (let n = 0; n < 6; n++) await groups.nth(n).getByRole('radio', { name: 'Yes' }).check();
  if (!oxygenOk)
    await checklist
      .getByRole('radiogroup', { name: /oxygen/i })
      .getByRole('radio', { name: 'No' })
      .check();
  await checklist.getByLabel('Or type your full name to sign').fill(name);
  await checklist.getByRole('button', { name: 'Sign with typed name' }).click();
  await checklist.getByRole('button', { name: 'Save the checklist' }).click();
  await expect(checklist.getByText('The checklist was saved on this device.')).toBeVisible();
}

async function signOff(page: Page, outcome: string, notes: string) {
  const signoff = page.getByRole('region', { name: 'Outcome and sign-off' });
  await choose(signoff, page, 'Outcome', outcome);
  await signoff.getByLabel('Inspection notes').fill(notes);
  await signoff.getByLabel('Name of the person present for the service').fill('Jordan Lee');
  await signoff.getByLabel('Or type your full name to sign').fill('Jordan Lee');
  await signoff.getByRole('button', { name: 'Sign with typed name' }).click();
  await signoff.getByRole('button', { name: 'Keep outcome and sign-off' }).click();
  await expect(signoff.getByText('Saved.')).toBeVisible();
}

async function markComplete(page: Page) {
  await page.getByRole('button', { name: 'Mark the inspection complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked complete' }).first()).toBeVisible();
}

test('an inspector completes a visit offline and the work syncs, with a staff edit shown as a conflict', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // Staff schedule a visit to the demo service with both its ambulances.
  const staff = await newSignedInPage(browser);
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspections' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole('link', { name: 'Schedule a visit' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Schedule a visit' })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Service', exact: true }).fill('Lakeside');
  await staff.getByRole('option', { name: 'Lakeside Ambulance Service' }).click();
  const when = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await staff.getByLabel('Date', { exact: true }).fill(when);
  await choose(staff, staff, 'Vehicle template', 'Ambulance inspection');
  await staff.getByRole('checkbox', { name: /^Medic 1/ }).check();
  await staff.getByRole('checkbox', { name: /^Medic 2/ }).check();
  await expectNoAxeViolations(staff);
  await staff.getByRole('button', { name: 'Schedule the visit' }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: 'Visit to Lakeside Ambulance Service' }),
  ).toBeVisible();
  const rows = staff.getByRole('region', { name: 'Inspections' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expectNoAxeViolations(staff);
  const visitUrl = staff.url();
  const medic2Link = staff
    .getByRole('row', { name: /Medic 2/ })
    .getByRole('link')
    .first();
  const medic2Number = (await medic2Link.textContent())?.trim() ?? '';

  // The inspector's device: the app is installed (service worker), the visit is checked out.
  const inspector = await newSignedInPage(browser);
  await controlledByServiceWorker(inspector);
  await inspector.goto(visitUrl);
  await inspector.getByRole('button', { name: 'Check out for field work' }).click();
  await expect(inspector.getByText(/Checked out: 2 inspections are on this device/)).toBeVisible();
  await inspector.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My visits' }).click();
  await expect(inspector.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await expectNoAxeViolations(inspector);
  await inspector
    .getByRole('region', { name: 'On this device' })
    .getByRole('link', { name: /Lakeside Ambulance Service/ })
    .click();
  await expect(inspector.getByRole('heading', { level: 1, name: /Field work: Lakeside/ })).toBeVisible();

  // No signal from here on.
  await inspector.context().setOffline(true);
  await expect(inspector.getByRole('status').filter({ hasText: 'There is no connection' })).toBeVisible();
  await expectNoAxeViolations(inspector);

  // Meanwhile staff change the second ambulance's inspection.
  await medic2Link.click();
  await expect(staff.getByRole('heading', { level: 1, name: `Inspection ${medic2Number}` })).toBeVisible();
  const staffSignoff = staff.getByRole('region', { name: 'Outcome and sign-off' });
  await staffSignoff.getByLabel('Inspection notes').fill('Staff: unit out of service until noon');
  await staffSignoff.getByRole('button', { name: 'Save outcome and sign-off' }).click();
  await expect(staffSignoff.getByText('Saved.')).toBeVisible();
  await expectNoAxeViolations(staff);

  // Medic 1: a failed oxygen item, a deficiency with a photo, signed, complete.
  const fieldVisit = inspector.url();
  await inspector.getByRole('link', { name: /: Medic 1/ }).click();
  await expect(inspector.getByRole('heading', { level: 1, name: /: Medic 1/ })).toBeVisible();
  await fillChecklist(inspector, false, 'Pat Rivera');
  const deficiencies = inspector.getByRole('region', { name: 'Deficiencies' });
  await choose(deficiencies, inspector, 'Deficiency found', 'Oxygen supply below minimum');
  await deficiencies.getByLabel('Deficiency description').fill('Main oxygen cylinder at 300 psi');
  await deficiencies.locator('input[type="file"]').setInputFiles({
    name: 'oxygen-gauge.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await deficiencies.getByRole('button', { name: 'Add deficiency' }).click();
  await expect(
    deficiencies.getByRole('cell', { name: 'Main oxygen cylinder at 300 psi', exact: true }),
  ).toBeVisible();
  await signOff(inspector, 'Conditional pass', 'Oxygen to be refilled today');
  // An administrative comment, written offline, for the report.
  const comments = inspector.getByRole('region', { name: 'Comments' });
  await comments
    .getByLabel('New comment')
    .fill('Crew refilled the oxygen on site; recheck at the next visit');
  await comments.getByLabel('Print on the report').check();
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByText('The comment was kept on this device.')).toBeVisible();
  await expect(comments.getByText('Waiting to upload')).toBeVisible();
  await expectNoAxeViolations(inspector);
  await markComplete(inspector);

  // Medic 2: everything in order.
  await inspector.goto(fieldVisit);
  await inspector.getByRole('link', { name: /: Medic 2/ }).click();
  await expect(inspector.getByRole('heading', { level: 1, name: /: Medic 2/ })).toBeVisible();
  await fillChecklist(inspector, true, 'Pat Rivera');
  await signOff(inspector, 'Pass', 'Inspector: all equipment present');
  await markComplete(inspector);

  // A reload while still offline: the work is intact.
  await inspector.reload();
  await expect(inspector.getByRole('heading', { level: 1, name: /: Medic 2/ })).toBeVisible();
  await expect(inspector.getByRole('status').filter({ hasText: 'Marked complete' }).first()).toBeVisible();
  await expect(inspector.getByLabel('Inspection notes')).toHaveValue('Inspector: all equipment present');
  await expectNoAxeViolations(inspector);
  await inspector.goto(fieldVisit.replace(/\/field\/.*/, '/sync'));
  await expect(inspector.getByRole('heading', { level: 1, name: 'Sync status' })).toBeVisible();
  const queue = inspector.getByRole('region', { name: 'Waiting to upload' });
  await expect(queue.getByRole('row')).toHaveCount(6);
  await expect(queue.getByRole('row').nth(1)).toContainText('Comment on');
  await expect(queue.getByRole('row').nth(2)).toContainText('Checklist of');
  await expectNoAxeViolations(inspector);

  // Back online: the changes go up in order; the staff edit comes back as a conflict, not lost.
  await inspector.context().setOffline(false);
  const conflicts = inspector.getByRole('region', { name: 'To resolve' });
  await expect(conflicts.getByText('Conflict: changed on the server')).toBeVisible({ timeout: 30_000 });
  await expect(
    conflicts.getByRole('cell', { name: 'Staff: unit out of service until noon', exact: true }),
  ).toBeVisible();
  await expect(
    conflicts.getByRole('cell', { name: 'Inspector: all equipment present', exact: true }),
  ).toBeVisible();
  await expect(queue.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(inspector);
  await conflicts.getByRole('button', { name: 'Keep my version' }).click();
  await expect(inspector.getByText('Nothing waits: every change is on the server.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(inspector.getByText(/Everything is uploaded/)).toBeVisible();
  // The server answered: the app opened offline is live again (issue 25, item 8).
  await expect(inspector.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  await expect(inspector.getByRole('status').filter({ hasText: /Synced .*: 1 applied/ })).toBeVisible();

  // Both inspections are submitted with their reports; the first lists the deficiency.
  await staff.goto(visitUrl);
  const reports = staff.getByRole('link', { name: /^PDF report of/ });
  await expect(reports).toHaveCount(2);
  await expectNoAxeViolations(staff);
  const medic1Report = staff
    .getByRole('row', { name: /Medic 1/ })
    .getByRole('link', { name: /^PDF report of/ });
  const href = await medic1Report.getAttribute('href');
  const pdf = await staff.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
  expect(text).toContain('Main oxygen cylinder at 300 psi');
  expect(text).toContain('Crew refilled the oxygen on site; recheck at the next visit');
  expect(text).toContain('Conditional pass');
  expect(text).toContain('Jordan Lee');
});

// Issue 25, item 15: the demo applicant administers the demo service; its last inspection (submitted)
// found a deficiency. They read the report and send a correction with a document; staff reject it with
// a reason, the administrator sends another, and staff accept it.
test('a service administrator reads an inspection report and corrects its deficiency, which staff review', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const agency = await newSignedInPage(browser, 'applicant');
  await agency.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspections' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
  await expectNoAxeViolations(agency);
  const row = agency.getByRole('row', { name: /Inspection SI-0001/ });
  await expect(row).toContainText('Lakeside Ambulance Service');
  await row.getByRole('link', { name: 'Inspection SI-0001' }).click();
  await expect(agency.getByRole('heading', { level: 1, name: 'Inspection SI-0001' })).toBeVisible();
  const inspectionId = agency.url().split('/').pop() ?? '';
  const report = agency.getByRole('link', { name: /Download the inspection report \(PDF\)/ });
  const pdf = await agency.request.get((await report.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdfText(await pdf.body()).replace(/\s+/g, ' ')).toContain('lists crews from last year');
  const deficiency = agency.getByRole('region', { name: 'Deficiency: Staff roster out of date' });
  await expect(deficiency.getByText('Open', { exact: true })).toBeVisible();
  await expectNoAxeViolations(agency);

  const sendCorrection = async (text: string, file?: Buffer) => {
    const form = deficiency.getByRole('form', { name: /^Submit a correction/ });
    await form.getByLabel('What was done to correct it').fill(text);
    if (file)
      await form
        .getByLabel('Document showing the correction (optional)')
        .setInputFiles({ name: 'roster.pdf', mimeType: 'application/pdf', buffer: file });
    await form.getByRole('button', { name: 'Submit correction' }).click();
    await expect(deficiency.getByText('Your correction waits for review by staff.')).toBeVisible();
  };
  await sendCorrection('The new roster is posted in the crew room.', smallPdf('Crew roster 2026'));
  await expect(deficiency.getByText('Document: roster.pdf')).toBeVisible();
  await expectNoAxeViolations(agency);

  // Staff review it on the inspection's page: reject, with a reason, asked first.
  const staff = await newSignedInPage(browser);
  await staff.goto(`/staff/inspections/${inspectionId}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Inspection SI-0001' })).toBeVisible();
  const review = staff.getByRole('region', { name: 'Corrections from the service' });
  await expect(review.getByText(/The new roster is posted in the crew room/)).toBeVisible();
  await expectNoAxeViolations(staff);
  await review.getByRole('button', { name: 'Reject' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject this correction?' });
  await dialog.getByLabel('Reason').fill('The roster must name the crews of every shift.');
  await expectNoAxeViolations(staff);
  await dialog.getByRole('button', { name: 'Reject the correction' }).click();
  await expect(
    staff.getByText('The correction was rejected and the administrator was sent the reason.'),
  ).toBeVisible();

  await agency.reload();
  await expect(deficiency.getByText('Reason: The roster must name the crews of every shift.')).toBeVisible();
  await sendCorrection('Roster reposted with every shift named.');

  await staff.reload();
  await review.getByRole('button', { name: 'Accept' }).click();
  await staff
    .getByRole('dialog', { name: 'Accept this correction?' })
    .getByRole('button', { name: 'Accept the correction' })
    .click();
  await expect(
    staff.getByText('The correction was accepted: its deficiency is marked corrected.'),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  await agency.reload();
  await expect(deficiency.getByText(/^Corrected /)).toBeVisible();
  await expect(deficiency.getByRole('form', { name: /^Submit a correction/ })).toHaveCount(0);
  await expectNoAxeViolations(agency);
});
