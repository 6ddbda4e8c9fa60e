import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// The journey: the applicant sees what their renewal still needs by topic and the courses that
// would cover it, enrols in one, is marked complete by staff and sees the bar reach the requirement;
// staff bulk-remove two attendees of another course (after confirming) and draw a CE audit sample.

test('an applicant completes the hours renewal needs; staff manage a roster and draw a CE audit', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // The applicant's progress toward renewal: Airway missing, with the courses that would cover it.
  const applicant = await newSignedInPage(browser, 'applicant');
  await applicant.getByRole('link', { name: 'My education' }).first().click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'My education' })).toBeVisible();
  const level = applicant.getByRole('region', { name: 'EMT continuing education' });
  await expect(level).toContainText('Airway: 0 of 6 hours — 6 still needed');
  await expect(level).toContainText('Cardiology: 4 of 4 hours — requirement met');
  // An empty bar has no width: it is there for assistive technology, with its value.
  await expect(level.getByRole('progressbar', { name: 'Airway: 0% of the requirement' })).toBeAttached();
  const whatIf = level.getByRole('table', { name: /What-if/ });
  await expect(whatIf.getByRole('row', { name: /Airway management workshop/ })).toContainText(
    '6 h of Airway',
  );
  await expectNoAxeViolations(applicant);

  // Enrols in the workshop from the what-if list; the course page says the place is booked.
  await whatIf.getByRole('button', { name: 'Enrol in Airway management workshop' }).click();
  await expect(whatIf.getByRole('row', { name: /Airway management workshop/ })).toContainText('Enrolled');
  await whatIf.getByRole('link', { name: 'Airway management workshop' }).click();
  await expect(
    applicant.getByRole('heading', { level: 1, name: 'Airway management workshop' }),
  ).toBeVisible();
  await expect(applicant.getByRole('status')).toContainText('Your place is booked');
  await expectNoAxeViolations(applicant);

  // Staff find the course in the catalogue and mark the applicant's attendance complete.
  const admin = await newSignedInPage(browser, 'admin');
  await admin.getByRole('link', { name: 'Courses' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Course catalogue' })).toBeVisible();
  await admin.getByLabel('Search courses').fill('Airway management');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByText('1 course', { exact: true })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Airway management workshop' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Airway management workshop' })).toBeVisible();
  const roster = admin.getByRole('table', { name: 'Attendees of Airway management workshop' });
  await expect(roster.getByRole('row', { name: /Avery Applicant/ })).toContainText('Registered');
  await expectNoAxeViolations(admin);
  await roster.getByRole('button', { name: 'Mark complete for Avery Applicant' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Avery Applicant is marked complete.' }),
  ).toBeVisible();
  await expect(roster.getByRole('row', { name: /Avery Applicant/ })).toContainText('Completed');

  // The applicant's Airway bar now reaches the requirement.
  await applicant.goto('/portal/education');
  await expect(level).toContainText('Airway: 6 of 6 hours — requirement met');
  await expect(level.getByRole('progressbar', { name: 'Airway: 100% of the requirement' })).toBeVisible();
  await expect(applicant.getByRole('table', { name: 'My courses' })).toContainText(
    'Airway management workshop',
  );
  await expectNoAxeViolations(applicant);

  // Staff remove two attendees of the CPR update at once, after confirming.
  await admin.getByRole('link', { name: 'Courses' }).click();
  await admin.getByLabel('Search courses').fill('CPR instructor');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: 'CPR instructor update' }).click();
  const cpr = admin.getByRole('table', { name: 'Attendees of CPR instructor update' });
  await expect(cpr.getByRole('row')).toHaveCount(5);
  await cpr.getByRole('checkbox', { name: 'Select Morgan Reyes' }).check();
  await cpr.getByRole('checkbox', { name: 'Select Casey Nguyen' }).check();
  await admin.getByRole('button', { name: 'Remove selected (2)' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Remove 2 attendees?' });
  await expect(dialog).toContainText('Casey Nguyen, Morgan Reyes');
  await dialog.getByLabel('Reason').fill('Moved to the spring session');
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: '2 attendees removed from the roster.' }),
  ).toBeVisible();
  await expect(cpr.getByRole('row')).toHaveCount(3);
  await expect(cpr).not.toContainText('Morgan Reyes');
  await expectNoAxeViolations(admin);

  // The CPR update is two weeks away: nobody can be marked complete yet, and staff are told why.
  await expect(cpr.getByRole('button', { name: /^Mark complete for/ }).first()).toBeDisabled();
  await expect(admin.getByText(/can be marked complete once the course has started/)).toBeVisible();
  // Staff enrol Morgan Reyes again from the person finder, and edit the course.
  await admin.getByLabel('Find a person to enrol, by last name').fill('Reyes');
  await admin.getByRole('button', { name: 'Find', exact: true }).click();
  await admin.getByRole('button', { name: 'Enrol Morgan Reyes' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Morgan Reyes is enrolled.' })).toBeVisible();
  await expect(cpr.getByRole('row')).toHaveCount(4);
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Edit course' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Edit CPR instructor update' })).toBeVisible();
  await expect(admin.getByLabel('Instructor')).toHaveValue('Jordan Medic, NRP');
  await expectNoAxeViolations(admin);
  await admin.getByLabel('Instructor').fill('Riley Park, NRP');
  await admin.getByRole('button', { name: 'Save the course' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'CPR instructor update' })).toBeVisible();
  await expect(admin.getByText('Riley Park, NRP')).toBeVisible();

  // A course the applicant entered themselves says who entered it; staff reject it with a reason.
  await admin.getByRole('link', { name: 'Courses' }).click();
  await admin.getByLabel('Entered by people, awaiting verification').check();
  await admin.getByRole('link', { name: 'Wilderness first aid (out of state)' }).click();
  await expect(admin.getByText(/Entered by Avery Applicant on/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Reject…' }).click();
  const reject = admin.getByRole('dialog', { name: /Reject/ });
  await reject.getByLabel(/^Reason/).fill('The certificate does not show the hours of Trauma.');
  await expectNoAxeViolations(admin);
  await reject.getByRole('button', { name: 'Reject and send the reason' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'was rejected and Avery Applicant was sent the reason' }),
  ).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Wilderness first aid (out of state)' })).toHaveCount(0);

  // Staff draw a CE audit of half the licensees renewed in the last year.
  await admin.getByRole('link', { name: 'CE audits' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'CE audits' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByLabel('Name').fill('Autumn CE audit');
  await admin.getByLabel('Percentage to audit').fill('50');
  await admin.getByRole('button', { name: 'Draw the sample' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Autumn CE audit' })).toBeVisible();
  await expect(admin.getByText(/2 of 4 licensees renewed/)).toBeVisible();
  const sample = admin.getByRole('table', { name: 'Sampled licensees' });
  await expect(sample.getByRole('row')).toHaveCount(3);
  await expect(sample).toContainText('Awaiting proof');
  await expectNoAxeViolations(admin);

  // The level behind the requirements: its hours by topic, editable by staff.
  await admin.getByRole('link', { name: 'Education levels' }).click();
  const levels = admin.getByRole('table', { name: 'Education levels' });
  await expect(levels.getByRole('row', { name: /EMT continuing education/ })).toContainText(
    'Airway: 6, Cardiology: 4, Trauma: 4',
  );
  await expectNoAxeViolations(admin);
  await levels.getByRole('link', { name: 'EMT continuing education' }).click();
  await expect(admin.getByLabel('Hours of requirement 1')).toHaveValue('6');
  await expectNoAxeViolations(admin);

  // A service's reimbursements and longevity.
  await admin.getByRole('link', { name: 'Service longevity' }).click();
  await admin.getByLabel('Service name').fill('Lakeside');
  await admin.getByRole('button', { name: 'Find' }).click();
  await admin.getByLabel('Service', { exact: true }).selectOption({ label: 'Lakeside Ambulance Service' });
  await expect(admin.getByText('Total $150.00, of which $150.00 reimbursable.')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Longevity' })).toContainText('Avery Applicant');
  await expectNoAxeViolations(admin);
});
