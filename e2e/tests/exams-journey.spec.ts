import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { openMailbox } from '../mailbox';
import { newSignedInPage } from '../sign-in';

// Registrations send the seeded exam admission letter: the mailbox receives it.
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

// The journey: staff build a packet with two skills and a passing requirement group, and
// schedule a session with a coordinator and an examiner; the demo applicant, whose EMT request waits
// for the exam, registers; the examiner scores one skill as passed and one with a critical failure;
// the candidate sees the result and the request's exam process status changed to Failed.

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

async function buildSkill(
  page: Page,
  name: string,
  steps: [string, number][],
  criterion: string,
  minPoints: number,
) {
  await page.goto('/staff/exams/skills');
  await expect(page.getByRole('heading', { level: 1, name: 'Exam skills' })).toBeVisible();
  await page.getByRole('link', { name: 'New skill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New skill' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const [i, [label, points]] of steps.entries()) {
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel(`Step ${i + 1}`, { exact: true }).fill(label);
    await page.getByLabel(`Points of step ${i + 1}`).fill(String(points));
  }
  await page.getByRole('button', { name: 'Add criterion' }).click();
  await page.getByLabel('Criterion 1', { exact: true }).fill(criterion);
  await page.getByLabel('Points to pass').fill(String(minPoints));
  await page.getByLabel('Time limit (seconds)').fill('600');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save skill' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Skill saved.' })).toBeVisible();
}

test('staff build a packet and a session; the applicant registers, is scored and sees the result', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const airway = `Airway ${stamp}`;
  const trauma = `Trauma ${stamp}`;
  const packetName = `EMT skills ${stamp}`;

  // Staff: two skill sheets.
  const staff = await newSignedInPage(browser, 'admin');
  await staff.goto('/staff/exams');
  await expect(staff.getByRole('heading', { level: 1, name: 'Exam sessions' })).toBeVisible();
  await staff.getByRole('link', { name: 'Skills', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Exam skills' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await buildSkill(
    staff,
    airway,
    [
      ['Opens the airway', 2],
      ['Ventilates at the proper rate', 2],
    ],
    'Did not ventilate',
    3,
  );
  await buildSkill(
    staff,
    trauma,
    [
      ['Controls bleeding', 2],
      ['Assesses circulation', 2],
    ],
    'Did not control bleeding',
    3,
  );

  // A form for each, and the packet of both with a group needing both passed.
  await staff.goto('/staff/exams/packets');
  await expect(staff.getByRole('heading', { level: 1, name: 'Exam packets and forms' })).toBeVisible();
  await expectNoAxeViolations(staff);
  const forms = staff.getByRole('region', { name: 'Exam forms' });
  for (const [form, skill] of [
    [`Station A ${stamp}`, airway],
    [`Station B ${stamp}`, trauma],
  ]) {
    await forms.getByLabel('New form name').fill(form as string);
    await choose(forms, staff, 'Skills scored', skill as string);
    await forms.getByRole('button', { name: 'Create form' }).click();
    await expect(forms.getByRole('status').filter({ hasText: `Form ${form} created.` })).toBeVisible();
  }
  const packets = staff.getByRole('region', { name: 'Packets' });
  await packets.getByLabel('New packet name').fill(packetName);
  // The demo licence's EMT level: other journeys' licences have levels called EMT too.
  await choose(packets, staff, 'Licence level', /^EMT \(EMS Personnel Certification\)$/);
  await packets.getByRole('button', { name: 'Create packet' }).click();
  await expect(
    packets.getByRole('status').filter({ hasText: `Packet ${packetName} created.` }),
  ).toBeVisible();
  await packets.getByRole('link', { name: packetName }).click();
  await expect(staff.getByRole('heading', { level: 1, name: packetName })).toBeVisible();
  const packetForms = staff.getByRole('region', { name: 'Forms of the packet' });
  for (const form of [`Station A ${stamp}`, `Station B ${stamp}`]) {
    await choose(packetForms, staff, 'Add a form', form);
    await packetForms.getByRole('button', { name: 'Add form' }).click();
    await expect(packetForms.getByRole('listitem').filter({ hasText: form })).toBeVisible();
  }
  const groups = staff.getByRole('region', { name: 'Passing requirement groups' });
  await groups.getByLabel('Group name').fill('All stations');
  await groups.getByLabel('Forms to pass').fill('2');
  await groups.getByRole('checkbox', { name: `Station A ${stamp}` }).check();
  await groups.getByRole('checkbox', { name: `Station B ${stamp}` }).check();
  await groups.getByRole('button', { name: 'Add group' }).click();
  await expect(groups.getByRole('listitem').filter({ hasText: 'All stations: at least 2 of' })).toBeVisible();
  await expectNoAxeViolations(staff);
  // The same name again is refused with the spec's message.
  await groups.getByLabel('Group name').fill('All stations');
  await groups.getByRole('button', { name: 'Add group' }).click();
  await expect(
    groups.getByRole('alert').filter({ hasText: 'A Group already exists with that name.' }),
  ).toBeVisible();

  // The rosters: the admin coordinates and examines; people are found to add.
  await staff.goto('/staff/exams');
  await staff.getByRole('link', { name: 'Coordinators and examiners' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Coordinators and examiners' })).toBeVisible();
  const examinerRoster = staff.getByRole('region', { name: 'Examiners' });
  await expect(examinerRoster.getByText('Alex Admin')).toBeVisible();
  await examinerRoster.getByLabel('Find a person to add to the examiners').fill('Riley');
  await expect(examinerRoster.getByRole('button', { name: 'Add Riley Reviewer' })).toBeVisible();
  await expectNoAxeViolations(staff);

  // A session with the admin as coordinator and examiner.
  await staff.goto('/staff/exams');
  await expect(staff.getByRole('heading', { level: 1, name: 'Exam sessions' })).toBeVisible();
  await expectNoAxeViolations(staff);
  const form = staff.getByRole('region', { name: 'Schedule a session' });
  await form.getByLabel('Name', { exact: true }).fill(`Session ${stamp}`);
  await form
    .getByLabel('Date', { exact: true })
    .fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Seats').fill('4');
  await choose(form, staff, 'Packet', packetName);
  await choose(form, staff, 'Location', 'State EMS Training Center');
  await choose(form, staff, 'Coordinators', 'Alex Admin');
  await choose(form, staff, 'Examiners', 'Alex Admin');
  await form.getByRole('button', { name: 'Schedule session' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(`Session ${stamp}`) })).toBeVisible();
  const sessionUrl = staff.url();
  await expect(staff.getByRole('region', { name: 'Examiners' }).getByText('Alex Admin')).toBeVisible();
  await expectNoAxeViolations(staff);

  // The applicant, whose EMT request waits for the exam, registers for it.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My exams' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My exams' })).toBeVisible();
  await expectNoAxeViolations(applicant);
  const card = applicant.getByText(new RegExp(`^${packetName} for`)).locator('..');
  await card.getByRole('button', { name: /^Register for the session of/ }).click();
  await expect(
    applicant.getByRole('status').filter({ hasText: 'You are registered for the session.' }),
  ).toBeVisible();
  await expect(
    applicant.getByRole('region', { name: 'My sessions and results' }).getByText('Awaiting results'),
  ).toBeVisible();
  await expectNoAxeViolations(applicant);

  // The examiner scores: the airway skill passed, the trauma skill with a critical failure.
  await staff.goto(sessionUrl);
  await expect(staff.getByRole('region', { name: 'Candidates' }).getByText('Avery Applicant')).toBeVisible();
  await staff.getByRole('link', { name: 'Score candidates' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Score candidates' })).toBeVisible();
  await staff.setViewportSize({ width: 1024, height: 768 });
  await choose(staff, staff, 'Candidate', /^Avery Applicant/);
  const first = staff.getByRole('region', { name: airway });
  await first.getByLabel('Opens the airway (2 points)').fill('2');
  await first.getByLabel('Ventilates at the proper rate (2 points)').fill('2');
  await first.getByLabel('Time taken (seconds)').fill('300');
  await expect(first.getByRole('status').filter({ hasText: 'Passes: 4 of 4 points' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await first.getByRole('button', { name: 'Record result' }).click();
  await expect(
    first.getByRole('status').filter({ hasText: `${airway}: passed. Packet: pending.` }),
  ).toBeVisible();
  const second = staff.getByRole('region', { name: trauma });
  await second.getByLabel('Controls bleeding (2 points)').fill('2');
  await second.getByLabel('Assesses circulation (2 points)').fill('2');
  await second.getByRole('checkbox', { name: 'Did not control bleeding' }).check();
  await expect(
    second.getByRole('status').filter({ hasText: 'Critical criterion: Did not control bleeding' }),
  ).toBeVisible();
  await second.getByRole('button', { name: 'Record result' }).click();
  await expect(
    second.getByRole('status').filter({ hasText: `${trauma}: failed. Packet: failed.` }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.goto(sessionUrl);
  await expect(
    staff
      .getByRole('region', { name: 'Results by skill' })
      .getByRole('row', { name: `${trauma} Station B ${stamp} 0 1 1` }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  // The candidate sees the result, and the exam process of the request is now Failed.
  await applicant.reload();
  const results = applicant.getByRole('region', { name: 'My sessions and results' });
  await expect(results.getByText('Failed', { exact: true })).toBeVisible();
  await expect(results.getByText(`${airway}: passed (4 of 4 points)`)).toBeVisible();
  await expect(results.getByText(`${trauma}: failed (4 of 4 points)`)).toBeVisible();
  await expect(applicant.getByText('Exam process: Failed').first()).toBeVisible();
  await expectNoAxeViolations(applicant);
});

const monthParam = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const monthName = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
// A minimal PDF, as a sign-in sheet would be.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('staff find the seeded session on the calendar and attach a document; the applicant registers, is admitted and withdraws', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The demo session EX-0001 is two weeks after the seed, at 08:30 at the State EMS Training Center.
  const held = new Date(Date.now() + 14 * 86_400_000);
  const before = new Date(held.getFullYear(), held.getMonth() - 1, 1);

  // Staff: from the list to the calendar; previous and next month; the session's link opens its page.
  const staff = await newSignedInPage(browser, 'admin');
  await staff.goto('/staff/exams');
  await staff
    .getByRole('navigation', { name: 'Views of the sessions' })
    .getByRole('link', { name: 'Calendar' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Exam session calendar' })).toBeVisible();
  await staff.goto(`/staff/exams/sessions/calendar?month=${monthParam(held)}`);
  const calendar = staff.getByRole('table', { name: `Calendar of ${monthName(held)}` });
  await expect(calendar).toBeVisible();
  await staff.getByRole('button', { name: `Previous month: ${monthName(before)}` }).click();
  await expect(staff.getByRole('table', { name: `Calendar of ${monthName(before)}` })).toBeVisible();
  await staff.getByRole('button', { name: `Next month: ${monthName(held)}` }).click();
  const session = calendar.getByRole('link', {
    name: /^EX-0001 EMT psychomotor exam, .* at 08:30, State EMS Training Center/,
  });
  await expect(session).toBeVisible();
  await expectNoAxeViolations(staff);
  // Keyboard: the link takes focus and Enter opens the session.
  await session.focus();
  await staff.keyboard.press('Enter');
  await expect(
    staff.getByRole('heading', { level: 1, name: 'EX-0001 · EMT psychomotor exam' }),
  ).toBeVisible();

  // A document uploaded to the session, listed with its download link; removal asks first.
  const documents = staff.getByRole('region', { name: 'Documents' });
  await documents.locator('input[type="file"]').setInputFiles({
    name: 'sign-in-sheet.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  const download = documents.getByRole('link', { name: 'Download sign-in-sheet.pdf' });
  await expect(download).toBeVisible();
  await expect(documents.getByText('Uploaded sign-in-sheet.pdf.')).toBeVisible();
  const file = await staff.request.get((await download.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await expectNoAxeViolations(staff);
  await documents.locator('input[type="file"]').setInputFiles({
    name: 'old-roster.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await documents.getByRole('button', { name: 'Remove old-roster.pdf' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Remove the document?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(staff);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(documents.getByText('old-roster.pdf was removed from the session.')).toBeVisible();
  await expect(documents.getByRole('link', { name: 'Download sign-in-sheet.pdf' })).toBeVisible();
  await expect(documents.getByRole('link', { name: 'Download old-roster.pdf' })).toHaveCount(0);

  // The applicant registers for the demo session and gets the admission letter with its details.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.goto('/portal/exams');
  await expect(applicant.getByRole('heading', { level: 1, name: 'My exams' })).toBeVisible();
  const card = applicant.getByText(/^EMT psychomotor exam for/).locator('..');
  await card
    .getByRole('button', { name: /^Register for the session of/ })
    .first()
    .click();
  await expect(
    applicant.getByRole('status').filter({ hasText: 'You are registered for the session.' }),
  ).toBeVisible();
  const letter = await mailbox.waitFor('applicant@example.com', /Admission to the EMT psychomotor exam on/);
  expect(letter).toContain('Dear Avery Applicant');
  expect(letter).toContain('08:30');
  expect(letter).toContain('State EMS Training Center');

  // Then withdraws, after confirming, before the day of the session.
  const mine = applicant.getByRole('region', { name: 'My sessions and results' });
  await mine
    .getByRole('button', { name: /^Withdraw from the session of .* at 08:30, State EMS Training Center$/ })
    .click();
  const dialog = applicant.getByRole('dialog', { name: 'Withdraw from this session?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(applicant);
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(
    applicant.getByRole('status').filter({ hasText: /^You have withdrawn from the session of / }),
  ).toBeVisible();
  await expect(mine.getByText('Withdrawn', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(applicant);

  // Withdrawn, the candidate may register again, for the same session (issue 25, item 2).
  await card
    .getByRole('button', { name: /^Register for the session of/ })
    .first()
    .click();
  await expect(
    applicant.getByRole('status').filter({ hasText: 'You are registered for the session.' }),
  ).toBeVisible();
  await expect(mine.getByText('Awaiting results', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(applicant);

  // The admission letter is in the applicant's Messages too (issue 25, item 4).
  await applicant.goto('/portal/messages');
  await expect(
    applicant.getByRole('link', { name: /^Admission to the EMT psychomotor exam on/ }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(applicant);
});
