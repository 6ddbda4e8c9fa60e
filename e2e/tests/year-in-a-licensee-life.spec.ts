import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { linkIn, openMailbox } from '../mailbox';
import { newSignedInPage } from '../sign-in';
import {
  completeAndVerify,
  inspectWithDeficiency,
  registerServiceWithAdministrator,
  scoreDemoPacketInFull,
  suspendByInvestigation,
} from './year/staff';
import {
  alertRow,
  apiCall,
  certificate,
  enterCourseTakenElsewhere,
  expect,
  fileComplaint,
  fillDemoForm,
  LICENCE,
  payByCard,
  portalPage,
  setProcess,
  termValue,
  toReview,
} from './year/steps';

// Issue 24, item 6: a year in a licensee's life, as one journey crossing every module in order. A new
// person registers, applies for the demo EMS licence, pays by card, is examined and passes, is approved
// (the triggers mail the admission and approval letters), completes continuing education, has their
// service inspected with a deficiency they correct, is the subject of a complaint that ends in a
// suspension the public sees, is reinstated, and renews with their CE counted. Each stage asserts what
// the other modules show of it (the dashboard's count, alerts raised and retired, letters in the mail
// log and the portal's Messages, the portal home), so a broken seam fails here. Axe checks each page.
// Two steps go through the API with staff's own session, for want of a screen: making the person their
// service's administrator, and lifting the suspension (year/staff.ts and the reinstatement step).

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => mailbox?.close());

const WAITING = 'Request submitted: waiting for review';

test('a year in a licensee’s life: registration to renewal, across every module', async ({ browser }) => {
  // One long journey of four people through some sixty pages, each checked with axe, on 2 shared cores.
  test.setTimeout(480_000);
  const suffix = randomUUID().slice(0, 8);
  const first = 'Jamie';
  const last = `Year ${suffix}`;
  const name = `${first} ${last}`;
  const email = `year.${suffix}@example.org`;
  const userName = `year.${suffix}`;
  const password = 'a year of emergency medicine';
  const reviewer = await newSignedInPage(browser, 'reviewer');
  const admin = await newSignedInPage(browser, 'admin');
  let person = reviewer; // replaced by the new person's portal page once registered
  let personId = '';
  let requestId = '';
  let number = '';
  let renewalId = '';

  await test.step('registers in the portal with a verified email', async () => {
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await visitor.newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'New applicant? Register' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a registration link' }).click();
    await expect(page.getByText(/We sent a link to this email address/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(linkIn(await mailbox.waitFor(email, /register\?token=/), '/register'));
    await expect(page.getByText(`Email address (verified): ${email}`)).toBeVisible();
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('User name').fill(userName);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the new password').fill(password);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText(/Your account has been created/)).toBeVisible();
    await visitor.close();

    person = await portalPage(browser, userName, password);
    await expect(person.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await expect(person.getByRole('region', { name: 'My account' })).toContainText(`Email: ${email}`);
    await expect(person.getByRole('region', { name: 'My requests' })).toContainText(
      'You have not applied for a licence yet.',
    );
    await expect(person.getByRole('region', { name: 'My licences' })).toContainText(
      'You have no licences yet.',
    );
    await expect(person.getByRole('region', { name: 'Fees to pay' })).toContainText(
      'You have no fees to pay.',
    );
    await expectNoAxeViolations(person);
  });

  const before = await toReview(reviewer);

  await test.step('applies for the EMT level and fills the application form', async () => {
    await person
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Apply for a licence' })
      .click();
    await person.getByRole('button', { name: `Apply for ${LICENCE}` }).click();
    await expect(person.getByRole('heading', { level: 1, name: `Application: ${LICENCE}` })).toBeVisible();
    requestId = new URL(person.url()).pathname.split('/').at(-1) as string;
    await person.getByRole('checkbox', { name: 'Initial: EMT' }).check();
    await person.getByRole('button', { name: 'Save application types' }).click();
    await expect(person.getByText('Application types saved.')).toBeVisible();
    await expectNoAxeViolations(person);
    await fillDemoForm(person, name);
  });

  await test.step('submits and pays the fees by card through the test gateway', async () => {
    await person.goto(`/portal/requests/${requestId}/review`);
    await expect(person.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
    await person.getByRole('button', { name: 'Submit request' }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();
    // The demo licence's application fee and its fee for the level.
    const charges = person.getByRole('table', { name: 'Charges in this payment' });
    await expect(charges).toContainText('Application fee');
    await expect(charges).toContainText('Total to pay$60.00');
    await expectNoAxeViolations(person);
    const receipt = await payByCard(person, '$60.00');
    await expect(person.getByRole('region', { name: 'Requests', exact: true })).toContainText(
      `${LICENCE}: Paid`,
    );
    await expectNoAxeViolations(person);

    // The portal home: nothing to pay, the request awaiting review.
    await person.goto('/portal');
    await expect(person.getByRole('region', { name: 'Fees to pay' })).toContainText(
      'You have no fees to pay.',
    );
    await expect(person.getByRole('region', { name: 'My requests' })).toContainText('1 awaiting review');
    // Licensing: the reviewer's dashboard counts it, and the submission raised the waiting alert.
    expect(await toReview(reviewer)).toBe(before + 1);
    await admin.goto('/staff/people');
    await admin.getByLabel('Last name').fill(last);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name }).click();
    await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
    personId = new URL(admin.url()).pathname.split('/').at(-1) as string;
    await expect(alertRow(admin, WAITING)).toContainText('None');
    await expectNoAxeViolations(admin);
    // Payments: the ledger lists the card payment by its receipt number.
    await admin.goto('/staff/payments');
    await expect(
      admin
        .getByRole('table', { name: 'Payments and refunds' })
        .getByRole('row')
        .filter({ hasText: receipt }),
    ).toContainText('$60.00');
  });

  await test.step('registers for the exam, gets the admission letter, is examined and passes', async () => {
    // The reviewer puts the request in the exam's queue.
    await reviewer.goto(`/staff/requests/${requestId}`);
    await expect(
      reviewer.getByRole('heading', { level: 1, name: `Request: ${name} — ${LICENCE}` }),
    ).toBeVisible();
    await setProcess(reviewer, 'Psychomotor exam', 'Pending', 'Eligible for the psychomotor exam');
    await expectNoAxeViolations(reviewer);

    await person.goto('/portal/exams');
    await expect(person.getByRole('heading', { level: 1, name: 'My exams' })).toBeVisible();
    const card = person.getByText(/^EMT psychomotor exam for/).locator('..');
    await card
      .getByRole('button', { name: /^Register for the session of/ })
      .first()
      .click();
    await expect(
      person.getByRole('status').filter({ hasText: 'You are registered for the session.' }),
    ).toBeVisible();
    await expectNoAxeViolations(person);
    const admission = await mailbox.waitFor(email, /Admission to the EMT psychomotor exam on/);
    expect(admission).toContain(`Dear ${name}`);

    // The examiner scores both stations of the demo packet in full.
    await scoreDemoPacketInFull(admin, name);

    // The candidate reads the result; the request's exam process is now Passed.
    await person.reload();
    const results = person.getByRole('region', { name: 'My sessions and results' });
    await expect(results.getByText('Passed', { exact: true })).toBeVisible();
    await expectNoAxeViolations(person);
    // Licensing reads the result: the request's exam process is now Passed.
    await reviewer.goto(`/staff/requests/${requestId}`);
    await expect(
      reviewer
        .getByRole('table', { name: 'Process statuses' })
        .getByRole('row', { name: /Psychomotor exam/ }),
    ).toContainText('Passed');
  });

  await test.step('is approved: the credential, the approval letter, the alert retired', async () => {
    await setProcess(reviewer, 'Background check', 'Passed', 'Background check clear');
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = reviewer.getByRole('dialog', { name: 'Approve this request?' });
    await expect(dialog).toContainText('What this approval changes');
    await expect(dialog).toContainText(/Issued: A new EMT credential, numbered on approval, expires/);
    await expectNoAxeViolations(reviewer);
    await dialog.getByRole('button', { name: 'Approve and issue' }).click();
    const approved = reviewer.getByRole('status').filter({ hasText: 'Request approved' });
    await expect(approved).toContainText(/Credentials issued: EMS-\d{6}/);
    number = (await approved.textContent())?.match(/EMS-\d{6}/)?.[0] as string;
    await expectNoAxeViolations(reviewer);
    expect(await toReview(reviewer)).toBe(before);

    // Automation: the approval retired the waiting alert and mailed the approval letter.
    // (the letter is mailed by the same event's firings, so the alert is retired by the time it comes).
    const letter = await mailbox.waitFor(email, /Your EMS Personnel Certification request is approved/);
    expect(letter).toContain(`Dear ${name}`);
    await admin.goto(`/staff/people/${personId}`);
    await expect(admin.getByRole('region', { name: 'Credentials' })).toContainText(number);
    await expect(admin.getByRole('region', { name: 'Alerts' })).toBeVisible();
    await expect(alertRow(admin, WAITING)).toHaveCount(0);
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Mail', exact: true })
      .click();
    await admin.getByLabel('Recipient').fill(email);
    const mails = admin.getByRole('row').filter({ hasText: email });
    for (const subject of [/Admission to the EMT psychomotor exam on/, /request is approved/])
      await expect(mails.filter({ hasText: subject })).toContainText('Sent');
    await expectNoAxeViolations(admin);

    // The portal: both letters in Messages, the licence on the home page.
    await person.goto('/portal/messages');
    await expect(
      person.getByRole('link', { name: /^Admission to the EMT psychomotor exam on/ }),
    ).toBeVisible();
    await person.getByRole('link', { name: `Your ${LICENCE} request is approved` }).click();
    await expect(person.getByRole('article', { name: 'Message' })).toContainText(`Dear ${name}`);
    await expectNoAxeViolations(person);
    await person.goto('/portal');
    const licences = person.getByRole('region', { name: 'My licences' });
    await expect(licences).toContainText(`${LICENCE} ${number}: Active`);
    await expect(person.getByRole('region', { name: 'My requests' })).toContainText('approved');
    await expectNoAxeViolations(person);
  });

  await test.step('a renewal is refused for missing CE; the courses are completed and verified', async () => {
    await person.goto('/portal/my-licences');
    await person.getByRole('button', { name: `Renew ${number}` }).click();
    await expect(person.getByRole('heading', { level: 1, name: `Renewal: ${LICENCE}` })).toBeVisible();
    renewalId = new URL(person.url()).pathname.split('/').at(-1) as string;
    await fillDemoForm(person, name);
    // A renewal is for a type and level (its CE and fees are the type's): submitting asks for it first.
    await person.getByRole('button', { name: 'Submit request' }).click();
    const refused = person.getByRole('alert').filter({ hasText: 'The request was not submitted' });
    await expect(refused).toContainText('Choose the application type and level this renewal is for.');
    await person.getByRole('checkbox', { name: 'Renewal: EMT' }).check();
    await person.getByRole('button', { name: 'Save application types' }).click();
    await expect(person.getByText('Application types saved.')).toBeVisible();
    await person.getByRole('button', { name: 'Submit request' }).click();
    await expect(refused).toContainText(
      /Continuing education hours are missing\. EMT continuing education: 6 hours of Airway, 4 hours of Cardiology and 4 hours of Trauma are still missing/,
    );
    await expect(refused).not.toContainText('Complete these forms first');
    await expectNoAxeViolations(person);

    // Airway from the what-if list; Cardiology and Trauma from a course taken elsewhere.
    await person.goto('/portal/education');
    const level = person.getByRole('region', { name: 'EMT continuing education' });
    await expect(level).toContainText('Airway: 0 of 6 hours — 6 still needed');
    const whatIf = level.getByRole('table', { name: /What-if/ });
    await whatIf.getByRole('button', { name: 'Enrol in Airway management workshop' }).click();
    await expect(whatIf.getByRole('row', { name: /Airway management workshop/ })).toContainText('Enrolled');
    await expectNoAxeViolations(person);
    const course = `Cardiac and trauma care ${suffix}`;
    await enterCourseTakenElsewhere(person, course);

    // Staff mark the workshop (held today) complete and verify the course.
    await completeAndVerify(admin, name, course);

    await person.goto('/portal/education');
    await expect(level).toContainText('Your continuing education for renewal is complete.');
    await expect(level).toContainText('All topics: 14 of 14 hours');
    await expectNoAxeViolations(person);
  });

  const service = `Year ${suffix} Rescue`;
  await test.step('administers a service whose inspection finds a deficiency they correct', async () => {
    // Staff register the service and import its roster (the person, matched by email).
    await registerServiceWithAdministrator(admin, service, { first, last, email });

    // The inspector inspects the service today: the roster is out of date.
    const inspection = await inspectWithDeficiency(admin, service, name);

    // The administrator reads it in the portal and corrects the deficiency; staff accept.
    await person.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspections' }).click();
    await person.getByRole('link', { name: `Inspection ${inspection}` }).click();
    const deficiency = person.getByRole('region', { name: 'Deficiency: Staff roster out of date' });
    await expect(deficiency.getByText('Open', { exact: true })).toBeVisible();
    const form = deficiency.getByRole('form', { name: /^Submit a correction/ });
    await form.getByLabel('What was done to correct it').fill('The roster now names every shift.');
    await form
      .getByLabel('Document showing the correction (optional)')
      .setInputFiles(certificate('roster.pdf', 'Crew roster'));
    await form.getByRole('button', { name: 'Submit correction' }).click();
    await expect(deficiency.getByText('Your correction waits for review by staff.')).toBeVisible();
    await expectNoAxeViolations(person);
    await admin.reload();
    const review = admin.getByRole('region', { name: 'Corrections from the service' });
    await review.getByRole('button', { name: 'Accept' }).click();
    await admin
      .getByRole('dialog', { name: 'Accept this correction?' })
      .getByRole('button', { name: 'Accept the correction' })
      .click();
    await expect(
      admin.getByText('The correction was accepted: its deficiency is marked corrected.'),
    ).toBeVisible();
    await person.reload();
    await expect(deficiency.getByText(/^Corrected /)).toBeVisible();
    await expectNoAxeViolations(person);
  });

  await test.step('a public complaint ends in a suspension the public sees', async () => {
    const pub = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await pub.newPage();
    const complaint = await fileComplaint(page, { name, number, suffix });

    await suspendByInvestigation(admin, { complaint, number, name });

    await page.goto(`/verify?number=${number}`);
    const card = page.getByRole('article', { name });
    await expect(termValue(card, 'Status')).toHaveText('Suspended');
    await expect(termValue(card, 'Public disciplinary action')).toContainText('Suspension');
    await expectNoAxeViolations(page);
    await pub.close();
    // The person's portal shows the licence suspended, and not the complaint about them.
    await person.goto('/portal');
    await expect(person.getByRole('region', { name: 'My licences' })).toContainText(`${number}: Suspended`);
    await person.goto('/portal/complaints');
    await expect(person.getByText(complaint)).toHaveCount(0);
  });

  await test.step('is reinstated', async () => {
    // No screen lifts a suspension (a credential's status is edited nowhere in the staff pages): the API.
    const held = (await apiCall(admin, 'GET', `/api/certifications?search=${number}`)).items[0];
    await apiCall(admin, 'PUT', `/api/certifications/${held.id}`, {
      certification: { ...held, status: 'active' },
    });
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await visitor.newPage();
    await page.goto(`/verify?number=${number}`);
    await expect(termValue(page.getByRole('article', { name }), 'Status')).toHaveText('Active');
    await visitor.close();
    await person.goto('/portal/my-licences');
    await expect(person.getByRole('row', { name: new RegExp(number) })).toContainText('Active');
  });

  await test.step('renews with the CE counted; the approval extends the credential', async () => {
    const before2 = await toReview(reviewer);
    await person.goto(`/portal/requests/${renewalId}/review`);
    await person.getByRole('button', { name: 'Submit request' }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();
    await expectNoAxeViolations(person);
    await payByCard(person, '$10.00');
    expect(await toReview(reviewer)).toBe(before2 + 1);

    await reviewer.goto(`/staff/requests/${renewalId}`);
    await setProcess(reviewer, 'Background check', 'Passed', 'Background check clear');
    // The demo licence requires its psychomotor exam of every request (processes are required by
    // licence, not by application type): the reviewer records the one passed at certification.
    await setProcess(reviewer, 'Psychomotor exam', 'Passed', 'Passed at initial certification');
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = reviewer.getByRole('dialog', { name: 'Approve this request?' });
    // The CE earned counts toward the cycle the renewal was filed in; the credential keeps its number.
    const extended = new RegExp(
      `Extended: ${number} \\(EMT\\), expiry (.+?) → (.+?)\\. CE cycle: .* \\(unchanged\\)`,
    );
    await expect(dialog).toContainText(extended);
    const [, , expires] = extended.exec((await dialog.textContent()) ?? '') ?? [];
    await expectNoAxeViolations(reviewer);
    await dialog.getByRole('button', { name: 'Approve and issue' }).click();
    await expect(reviewer.getByRole('status').filter({ hasText: 'Request approved' })).toBeVisible();
    expect(await toReview(reviewer)).toBe(before2);

    // The person holds the same credential, active, to the new expiry; a second approval letter came.
    await person.goto('/portal/my-licences');
    const held = person.getByRole('row', { name: new RegExp(number) });
    await expect(held).toContainText('Active');
    await expect(held).toContainText(expires as string);
    await expectNoAxeViolations(person);
    await expect
      .poll(
        async () => {
          await person.goto('/portal/messages');
          await expect(person.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
          return person.getByRole('link', { name: `Your ${LICENCE} request is approved` }).count();
        },
        { intervals: [1_000] },
      )
      .toBe(2);
  });
});
