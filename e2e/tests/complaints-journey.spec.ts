import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { pdfText, smallPdf } from '../pdf';

// The journey: a member of the public files a complaint with an upload and gets a confirmation
// number; staff find it, release the upload after screening it, link it to the credential it is about, open an investigation, log two activities
// and record a suspension; the public verification page shows the credential as suspended; the
// investigation file (a PDF read back with pdftotext) lists the activities. The subject, signed in to
// the portal, does not see the complaint.

async function newPage(browser: Browser, who?: 'admin' | 'applicant'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  if (!who) return page;
  await page.goto(who === 'applicant' ? '/signin?portal=1' : '/signin');
  await page.getByLabel('User name').fill(who);
  await page.getByLabel('Password', { exact: true }).fill(`${who}-demo-2026`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(who === 'applicant' ? /\/portal/ : /\/staff/);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a public complaint leads to an investigation and a suspension the public can see', async ({
  browser,
}) => {
  // Three people, about a dozen pages each checked with axe, on a shared machine.
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);

  // The public: the complaint form, reached from the public pages' links, without signing in.
  const pub = await newPage(browser);
  await pub.goto('/verify');
  await pub.getByRole('link', { name: 'File a complaint' }).click();
  await expect(pub.getByRole('heading', { level: 1, name: 'File a complaint' })).toBeVisible();
  await expectNoAxeViolations(pub);
  await pub.getByLabel('Name of the person, service or vehicle').fill('Avery Applicant');
  await pub.getByLabel('Licence number, if you know it').fill('EMT-000123');
  await choose(pub, 'Kind of complaint', 'Professional conduct');
  await pub
    .getByLabel('Describe what happened')
    .fill(`The paramedic left my mother at the curb without a handover (${stamp}).`);
  await pub.getByLabel('Date of the incident').fill('2026-11-20');
  await pub.getByLabel('Where it happened').fill('County Hospital, north entrance');
  // The limits of the files are said before upload.
  await expect(pub.getByText(/^Up to 5 files, each at most 5 MB/)).toBeVisible();
  await pub.getByLabel('Attach files (photos, documents)').setInputFiles({
    name: 'discharge-note.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf('Discharge note'),
  });
  await expect(pub.getByRole('list', { name: 'Files chosen' })).toContainText('discharge-note.pdf');
  await pub.getByLabel('First name').fill('Casey');
  await pub.getByLabel('Last name').fill('Witness');
  await pub.getByLabel('Email').fill(`casey.${stamp}@example.org`);
  await expectNoAxeViolations(pub);
  await pub.getByRole('button', { name: 'Send the complaint' }).click();
  await expect(pub.getByRole('heading', { level: 1, name: 'Complaint received' })).toBeVisible();
  const confirmation = await pub.getByText(/^Confirmation number: /).textContent();
  const number = /CMP-\d{4}/.exec(confirmation ?? '')?.[0];
  expect(number, 'a confirmation number').toBeTruthy();
  await expectNoAxeViolations(pub);

  // Staff find the complaint in the list, assign it, and open it.
  const staff = await newPage(browser, 'admin');
  await staff.getByRole('link', { name: 'Complaints' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'CMP-0001' })).toBeVisible();
  await expectNoAxeViolations(staff);
  // A newer search aborts the older request: the first one is held at the network, and the second
  // search is typed while it is still waiting.
  const filter = '**/api/Complaints/getFilter';
  const isFirst = (body: string | null) => !!body?.includes('"search":"CMP"');
  const aborted: string[] = [];
  staff.on('requestfailed', (r) => {
    if (r.url().includes('/api/Complaints/getFilter')) aborted.push(r.postData() ?? '');
  });
  await staff.route(filter, async (route) => {
    if (isFirst(route.request().postData())) await new Promise((r) => setTimeout(r, 4000));
    await route.continue().catch(() => undefined);
  });
  const first = staff.waitForRequest(
    (r) => r.url().includes('/api/Complaints/getFilter') && isFirst(r.postData()),
  );
  await staff.getByLabel('Search complaints').fill('CMP');
  await first;
  await staff.getByLabel('Search complaints').fill(number!);
  await expect.poll(() => aborted.filter(isFirst).length).toBe(1);
  await staff.unroute(filter);
  await expect(staff.getByRole('link', { name: 'CMP-0001' })).toBeHidden();
  await expect(staff.getByText('1 complaint', { exact: true })).toBeVisible();
  await staff.getByRole('checkbox', { name: `Choose complaint ${number}` }).check();
  await choose(staff, 'Assign to', 'Alex Admin');
  await staff.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(staff.getByText('1 complaint updated.')).toBeVisible();
  const row = staff.getByRole('row', { name: new RegExp(number!) });
  await expect(row).toContainText('Alex Admin');
  await expectNoAxeViolations(staff);
  await staff.getByRole('link', { name: number! }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Complaint ${number}` })).toBeVisible();
  await expect(staff.getByText(/Licence number given: EMT-000123/)).toBeVisible();
  // The public's file waits for screening: staff see its name, type and size, then release it.
  const screening = staff.getByRole('region', { name: 'Files awaiting screening' });
  await expect(screening).toContainText('discharge-note.pdf (application/pdf');
  await expect(staff.getByRole('link', { name: 'discharge-note.pdf (download)' })).toHaveCount(0);
  await expectNoAxeViolations(staff);
  await screening.getByRole('button', { name: 'Release discharge-note.pdf' }).click();
  await expect(screening.getByText('discharge-note.pdf was released to the documents.')).toBeVisible();
  await expect(staff.getByRole('link', { name: 'discharge-note.pdf (download)' })).toBeVisible();
  await expectNoAxeViolations(staff);

  // The complaint is linked to the credential it is about, then investigated.
  await staff.getByLabel('Credential number').fill('EMT-000123');
  await staff.getByRole('button', { name: 'Find credential' }).click();
  await staff.getByRole('button', { name: 'Link the complaint to EMT-000123' }).click();
  await expect(staff.getByText('Linked to credential EMT-000123.')).toBeVisible();
  await expect(staff.getByText('Person: Avery Applicant')).toBeVisible();
  await staff.getByRole('button', { name: 'Open an investigation' }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: `Investigation of complaint ${number}` }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  const activities = [
    ['Interview', `Interviewed the complainant by phone (${stamp}).`],
    ['Records review', `Reviewed the run report of the call (${stamp}).`],
  ] as const;
  const timeline = staff.getByRole('region', { name: 'Activities' });
  for (const [type, text] of activities) {
    await choose(staff, 'Activity type', type);
    await staff.getByLabel('What was done').fill(text);
    await staff.getByRole('button', { name: 'Log activity' }).click();
    await expect(timeline.getByText(text)).toBeVisible();
    await expect(staff.getByLabel('What was done')).toHaveValue('');
  }
  await expectNoAxeViolations(staff);

  // The suspension is asked about before it is recorded.
  await choose(staff, 'Investigation status', 'Closed');
  await choose(staff, 'Outcome', 'Suspension');
  await staff.getByLabel('Public disciplinary action (shown on the public verification page)').check();
  await staff.getByRole('textbox', { name: 'Findings' }).fill('Left a patient without a handover.');
  await staff.getByRole('button', { name: 'Save outcome' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Record a suspension' });
  await expect(dialog).toContainText("The status of the subject's credentials changes at once");
  await expectNoAxeViolations(staff);
  await dialog.getByRole('button', { name: 'Record the suspension' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText('Investigation saved.')).toBeVisible();
  await expect(
    staff.locator('dt', { hasText: /^Outcome$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Suspension');
  await expectNoAxeViolations(staff);

  // The investigation file, as the print button opens it, lists the activities.
  const href = await staff.getByRole('link', { name: 'Print the investigation file' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/InvestigationsModule\/Investigation\/print\?id=[0-9a-f-]{36}$/);
  const pdf = await staff.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
  expect(text).toContain(number!);
  for (const [, activity] of activities) expect(text).toContain(activity);
  expect(text).toMatch(/suspension/i);

  // The public verification page shows the credential as suspended.
  await pub.goto('/verify?number=EMT-000123');
  const card = pub.getByRole('article', { name: 'Avery Applicant' });
  await expect(card).toBeVisible();
  await expect(
    card.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Suspended');
  // The suspension was marked public: the card names it, as regulators must publish discipline.
  await expect(
    card.locator('dt', { hasText: /^Public disciplinary action$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('Suspension');
  await expectNoAxeViolations(pub);

  // The subject, signed in to the portal, does not see the complaint about them.
  const subject = await newPage(browser, 'applicant');
  await subject.getByRole('link', { name: 'My complaints' }).click();
  await expect(subject.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible();
  await expect(subject.getByText('You have not filed a complaint while signed in.')).toBeVisible();
  await expect(subject.getByText(number!)).toHaveCount(0);
  await expectNoAxeViolations(subject);

  // A complaint filed while signed in is listed there, with its status only.
  await subject.getByRole('link', { name: 'File a complaint' }).click();
  await subject.getByLabel('Name of the person, service or vehicle').fill('Lakeside Ambulance Service');
  await subject.getByLabel('Describe what happened').fill(`The ambulance blocked my driveway (${stamp}).`);
  await subject.getByLabel('First name').fill('Avery');
  await subject.getByLabel('Last name').fill('Applicant');
  await subject.getByLabel('Email').fill('applicant@example.com');
  await subject.getByRole('button', { name: 'Send the complaint' }).click();
  const own = /CMP-\d{4}/.exec((await subject.getByText(/^Confirmation number: /).textContent()) ?? '')?.[0];
  expect(own).toBeTruthy();
  await subject.goto('/portal/complaints');
  const ownRow = subject.getByRole('row', { name: new RegExp(own!) });
  await expect(ownRow).toContainText('Lakeside Ambulance Service');
  await expect(ownRow).toContainText('Received');
  await expect(subject.getByText(number!)).toHaveCount(0);
  await expectNoAxeViolations(subject);

  // Staff also enter complaints taken by phone.
  await staff.goto('/staff/complaints');
  await staff.getByRole('link', { name: 'New complaint' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New complaint' })).toBeVisible();
  await staff.getByLabel('About (person, service or vehicle)').fill('Medic 12 crew');
  await staff.getByLabel('Description').fill(`Caller reports a crew smoking in the ambulance (${stamp}).`);
  await expectNoAxeViolations(staff);
  await staff.getByRole('button', { name: 'Save the complaint' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Complaint CMP-/ })).toBeVisible();
  await expect(staff.getByText('Entered by staff')).toBeVisible();

  // The suspension is lifted, so the journeys after this one find the demo licence active as seeded.
  const { csrfToken } = await (await staff.request.get('/api/CheckSession')).json();
  const held = (await (await staff.request.get('/api/certifications?search=EMT-000123')).json()).items[0];
  const lifted = await staff.request.put(`/api/certifications/${held.id}`, {
    data: { certification: { ...held, status: 'active' } },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(lifted.ok(), await lifted.text()).toBe(true);

  await Promise.all([pub.context().close(), staff.context().close(), subject.context().close()]);
});
