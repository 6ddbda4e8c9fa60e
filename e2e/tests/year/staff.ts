// Staff work of the year journey (../year-in-a-licensee-life.spec.ts), each through the staff pages:
// scoring the exam, crediting education, registering a service and inspecting it, an investigation.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../axe';
import { apiCall, choose, expect } from './steps';

/** The demo packet's two stations (seed: demo-exams.ts), each step with its points. */
const STATIONS: [skill: string, steps: [string, number][], packetAfter: string][] = [
  [
    'BVM ventilation of an apneic adult',
    [
      ['Takes or verbalises body substance isolation precautions', 1],
      ['Opens the airway manually', 1],
      ['Inserts an oropharyngeal airway', 1],
      ['Ventilates at the proper volume and rate', 2],
    ],
    'pending',
  ],
  [
    'Patient assessment: trauma',
    [
      ['Determines the scene is safe', 1],
      ['Assesses airway, breathing and circulation', 3],
      ['Identifies the priority patient and makes a transport decision', 1],
      ['Performs a secondary assessment', 2],
    ],
    'passed',
  ],
];

/** The examiner opens the demo session EX-0001 and scores the candidate's two stations in full. */
export async function scoreDemoPacketInFull(admin: Page, candidate: string) {
  await admin.goto('/staff/exams');
  await admin
    .getByRole('link', { name: /EX-0001/ })
    .first()
    .click();
  await expect(admin.getByRole('region', { name: 'Candidates' }).getByText(candidate)).toBeVisible();
  await admin.getByRole('link', { name: 'Score candidates' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Score candidates' })).toBeVisible();
  await choose(admin, admin, 'Candidate', new RegExp(`^${candidate}`));
  await admin.keyboard.press('Escape');
  for (const [skill, steps, packet] of STATIONS) {
    const station = admin.getByRole('region', { name: skill });
    for (const [step, points] of steps)
      await station.getByLabel(`${step} (${points} point${points === 1 ? '' : 's'})`).fill(String(points));
    await station.getByRole('button', { name: 'Record result' }).click();
    await expect(
      station.getByRole('status').filter({ hasText: `${skill}: passed. Packet: ${packet}.` }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(admin);
}

/** Staff mark the person's attendance of the airway workshop (held today) complete and verify the course. */
export async function completeAndVerify(admin: Page, person: string, course: string) {
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await admin.getByLabel('Search courses').fill('Airway management');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: 'Airway management workshop' }).click();
  const roster = admin.getByRole('table', { name: 'Attendees of Airway management workshop' });
  await roster.getByRole('button', { name: `Mark complete for ${person}` }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${person} is marked complete.` })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Courses' }).first().click();
  await admin.getByLabel('Entered by people, awaiting verification').check();
  await admin.getByRole('link', { name: course }).click();
  await expect(admin.getByText(new RegExp(`Entered by ${person} on`))).toBeVisible();
  await admin.getByRole('button', { name: 'Verify and credit the hours' }).click();
  await expect(admin.getByText('Entered by the person, awaiting verification')).toHaveCount(0);
  await expectNoAxeViolations(admin);
}

/**
 * Staff register a service on the generic records page, import its roster naming the person (matched
 * by email) on the service's page, and make them its administrator.
 */
export async function registerServiceWithAdministrator(
  admin: Page,
  service: string,
  who: { first: string; last: string; email: string },
) {
  await admin.goto('/staff/records/services/new');
  await admin.getByLabel('Name').fill(service);
  await admin.getByLabel('ZIP code').fill('78701');
  await admin.getByLabel('City').fill('Austin');
  await admin.getByLabel('State').fill('TX');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(`Service “${service}” was saved.`)).toBeVisible();
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await admin.getByLabel('Name').fill(service);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: service }).click();
  await expect(admin.getByRole('heading', { level: 1, name: service })).toBeVisible();
  const serviceId = new URL(admin.url()).pathname.split('/').at(-1) as string;
  const roster = admin.getByRole('region', { name: 'Roster' });
  await roster.getByLabel('Roster file (xlsx or csv)').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Last name,First name,Email,Position\n${who.last},${who.first},${who.email},EMT\n`),
  });
  await roster.getByRole('button', { name: 'Import roster' }).click();
  await expect(roster.getByRole('status')).toContainText('1 added');
  // No screen makes a roster entry the service's administrator (the import cannot): the API does.
  const entries = await apiCall(admin, 'GET', `/api/servicepersonnel?service_id=${serviceId}`);
  const entry = (Array.isArray(entries) ? entries : entries.items)[0];
  const full = await apiCall(admin, 'GET', `/api/servicepersonnel/${entry.id}`);
  await apiCall(admin, 'PUT', `/api/servicepersonnel/${entry.id}`, {
    service_personnel: { ...full, is_administrator: true },
  });
  await admin.reload();
  await expect(roster.getByRole('row', { name: new RegExp(`${who.first} ${who.last}`) })).toContainText(
    'Administrator',
  );
  await expectNoAxeViolations(admin);
}

/**
 * The inspector schedules a visit to the service today and inspects it on the staff page: the roster
 * is out of date (a deficiency), a conditional pass signed by the person present; submitted. Answers
 * the inspection's number.
 */
export async function inspectWithDeficiency(admin: Page, service: string, present: string): Promise<string> {
  await admin.goto('/staff/inspections/visits/new');
  await admin.getByRole('combobox', { name: 'Service', exact: true }).fill(service);
  await admin.getByRole('option', { name: service }).click();
  await admin.getByLabel('Date', { exact: true }).fill(new Date().toISOString().slice(0, 10));
  await choose(admin, admin, 'Service template', 'Annual service inspection');
  await admin.getByRole('button', { name: 'Schedule the visit' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Visit to ${service}` })).toBeVisible();
  await admin.getByRole('region', { name: 'Inspections' }).getByRole('link', { name: /^SI-/ }).click();
  const heading = admin.getByRole('heading', { level: 1, name: /^Inspection SI-\d+$/ });
  await expect(heading).toBeVisible();
  const inspection = ((await heading.textContent()) ?? '').replace('Inspection ', '');
  const checklist = admin.getByRole('region', { name: /^Checklist/ });
  const groups = checklist.getByRole('radiogroup');
  await expect(groups).toHaveCount(5);
  for (let n = 0; n < 5; n++) await groups.nth(n).getByRole('radio', { name: 'Yes' }).check();
  await checklist
    .getByRole('radiogroup', { name: 'Staff roster posted and current' })
    .getByRole('radio', { name: 'No' })
    .check();
  await checklist.getByLabel('Or type your full name to sign').fill('Alex Admin');
  await checklist.getByRole('button', { name: 'Sign with typed name' }).click();
  await checklist.getByRole('button', { name: 'Save the checklist' }).click();
  const deficiencies = admin.getByRole('region', { name: 'Deficiencies' });
  await choose(deficiencies, admin, 'Deficiency found', 'Staff roster out of date');
  await deficiencies.getByLabel('Deficiency description').fill('The posted roster names last year’s crews');
  await deficiencies.getByRole('button', { name: 'Add deficiency' }).click();
  await expect(
    deficiencies.getByRole('cell', { name: 'The posted roster names last year’s crews', exact: true }),
  ).toBeVisible();
  const signoff = admin.getByRole('region', { name: 'Outcome and sign-off' });
  await choose(signoff, admin, 'Outcome', 'Conditional pass');
  await signoff.getByLabel('Name of the person present for the service').fill(present);
  await signoff.getByLabel('Or type your full name to sign').fill(present);
  await signoff.getByRole('button', { name: 'Sign with typed name' }).click();
  await signoff.getByRole('button', { name: 'Save outcome and sign-off' }).click();
  await expect(signoff.getByText('Saved.')).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Submit the inspection' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Submit this inspection?' });
  await expect(confirm).toContainText('the PDF report is made from what is recorded');
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'Submitted' })).toContainText(
    'Open the PDF report',
  );
  await expect(admin.getByRole('button', { name: 'Submit the inspection' })).toHaveCount(0);
  return inspection;
}

/**
 * Staff open the complaint by its number, link it to the credential, open an investigation and close
 * it with a public suspension, confirmed in its dialog.
 */
export async function suspendByInvestigation(
  admin: Page,
  about: { complaint: string; number: string; name: string },
) {
  await admin.goto('/staff/complaints');
  await admin.getByLabel('Search complaints').fill(about.complaint);
  await admin.getByRole('link', { name: about.complaint }).click();
  await admin.getByLabel('Credential number').fill(about.number);
  await admin.getByRole('button', { name: 'Find credential' }).click();
  await admin.getByRole('button', { name: `Link the complaint to ${about.number}` }).click();
  await expect(admin.getByText(`Person: ${about.name}`)).toBeVisible();
  await admin.getByRole('button', { name: 'Open an investigation' }).click();
  await choose(admin, admin, 'Investigation status', 'Closed');
  await choose(admin, admin, 'Outcome', 'Suspension');
  await admin.getByLabel('Public disciplinary action (shown on the public verification page)').check();
  await admin.getByRole('textbox', { name: 'Findings' }).fill('Left a patient without a handover.');
  await admin.getByRole('button', { name: 'Save outcome' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Record a suspension' });
  await expect(dialog).toContainText("The status of the subject's credentials changes at once");
  await dialog.getByRole('button', { name: 'Record the suspension' }).click();
  await expect(admin.getByText('Investigation saved.')).toBeVisible();
  await expectNoAxeViolations(admin);
}
