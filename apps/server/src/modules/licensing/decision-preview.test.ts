import { randomUUID } from 'node:crypto';
import {
  certifications,
  courseAttendees,
  createSubmittedRequest,
  educationLevels,
  licenseRequests,
  processes,
  processStatuses,
  referenceTables,
  trainings,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { addMonths } from '../education/progress';
import { enterpriseToday } from './rule-routes';
import { formatDate } from './rules/relative-date';

// Issue 24 items 3 and 4: an approval shows its effects before it happens (the preview is the plan the
// approval applies), other levels are superseded only by the licence's rule, failed or missing required
// processes block approval unless overridden with a reason, and an extension keeps the CE hours earned.

let t: TestContext;
let reviewer: Caller;
let processId: string;
let failed: string;
let passed: string;
let today: string;
const e = () => t.enterpriseId;

interface Licence {
  id: string;
  initial: string;
  renewal: string;
  emt: string;
  paramedic: string;
}

async function licence(supersedes: string, required = true): Promise<Licence> {
  const [numbers] = await t.database.db
    .insert(referenceTables.autonumbers)
    .values({
      enterprise_id: e(),
      label: `N ${randomUUID()}`,
      prefix: 'P-',
      next_number: 1,
      padding: 5,
    } as never)
    .returning();
  const category = randomUUID();
  const lic = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: { name: `Licence ${randomUUID()}`, entity: 'user', autonumber_id: numbers!.id },
      license_categories: [{ id: category, label: 'EMS Provider', supersedes }],
      license_category_levels: [
        { label: 'EMT', license_category_id: category, months_valid: 24, sort_order: 1 },
        { label: 'Paramedic', license_category_id: category, months_valid: 24, sort_order: 2 },
      ],
      license_category_certification_statuses: [
        { label: 'Active', holder_state: 'active', is_issued_status: true },
      ],
      license_request_statuses: [
        { label: 'Submitted', code: 'submitted', sort_order: 1 },
        { label: 'Approved', code: 'approved', is_final: true, sort_order: 2 },
        { label: 'Denied', code: 'denied', is_final: true, sort_order: 3 },
      ],
      processes: [{ process_id: processId, required }],
    },
  });
  expect(lic.statusCode, lic.body).toBe(200);
  const level = (label: string) =>
    lic.json().license_category_levels.find((l: { label: string }) => l.label === label).id as string;
  const type = async (label: string) =>
    (
      await t.database.db
        .insert(referenceTables.application_types)
        .values({ enterprise_id: e(), label, license_id: lic.json().id } as never)
        .returning()
    )[0]!.id as string;
  return {
    id: lic.json().id,
    initial: await type('Initial'),
    renewal: await type('Renewal'),
    emt: level('EMT'),
    paramedic: level('Paramedic'),
  };
}

/** A request submitted `minutesAgo`, for one level, with its required process passed unless said. */
async function request(
  lic: Licence,
  userId: string,
  level: string,
  options: { minutesAgo?: number; status?: string | null; type?: string; renews?: string } = {},
) {
  const row = await t.database.db.transaction((tx) =>
    createSubmittedRequest(tx, e(), {
      licenseId: lic.id,
      userId,
      choices: [{ application_type_id: options.type ?? lic.initial, license_category_level_id: level }],
      submittedAt: new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000),
    }),
  );
  if (options.renews)
    await t.database.db
      .update(licenseRequests)
      .set({ renews_certification_id: options.renews })
      .where(eq(licenseRequests.id, row.id));
  const status = options.status === undefined ? passed : options.status;
  if (status) {
    const change = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: { licenseRequestID: row.id, processID: processId, statusID: status },
    });
    expect(change.statusCode, change.body).toBe(200);
  }
  return row.id;
}

const preview = (caller: Caller, id: string, decision = 'approve') =>
  t.call(caller, { method: 'GET', url: `/api/LicenseRequests/${id}/decisionPreview?decision=${decision}` });
const approve = (caller: Caller, id: string, extra: Record<string, unknown> = {}) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/LicenseRequests/approve',
    payload: { licenseRequestID: id, acknowledgeUnpaidFees: true, ...extra },
  });
const credentialsOf = (userId: string, licenseId: string) =>
  t.database.db
    .select()
    .from(certifications)
    .where(and(eq(certifications.user_id, userId), eq(certifications.license_id, licenseId)));

beforeAll(async () => {
  t = await createTestContext();
  reviewer = await t.createCaller(['requests.read', 'requests.review']);
  today = formatDate(await enterpriseToday(t.database.db, t.enterpriseId));
  const [proc] = await t.database.db
    .insert(processes)
    .values({ enterprise_id: e(), label: 'Psychomotor exam', process_type: 'exam' })
    .returning();
  processId = proc!.id;
  const rows = await t.database.db
    .insert(processStatuses)
    .values([
      { enterprise_id: e(), process_id: processId, label: 'Passed', is_final: true, outcome: 'passed' },
      { enterprise_id: e(), process_id: processId, label: 'Failed', is_final: true, outcome: 'failed' },
    ])
    .returning();
  passed = rows[0]!.id;
  failed = rows[1]!.id;
});
afterAll(() => t?.close());

describe('an older request never changes a newer credential without the licence’s rule', () => {
  it('leaves a newer Paramedic credential as it is when the licence supersedes nothing', async () => {
    const lic = await licence('none');
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const older = await request(lic, person.userId, lic.emt, { minutesAgo: 60 });
    const newer = await request(lic, person.userId, lic.paramedic, { minutesAgo: 5 });
    expect((await approve(reviewer, newer)).statusCode).toBe(200);
    const [paramedic] = await credentialsOf(person.userId, lic.id);

    const seen = await preview(reviewer, older);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().credentials).toEqual([
      expect.objectContaining({ effect: 'issued', level_label: 'EMT', number: null }),
    ]);
    expect((await approve(reviewer, older)).statusCode).toBe(200);
    const after = await credentialsOf(person.userId, lic.id);
    expect(after.find((c) => c.id === paramedic!.id)).toMatchObject({
      status: 'active',
      expiration_date: paramedic!.expiration_date,
    });
    expect(after.filter((c) => c.status === 'active')).toHaveLength(2);
  });

  it('supersedes it only when the rule says so, and the preview lists it; preview and result agree', async () => {
    const lic = await licence('higher_levels');
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const older = await request(lic, person.userId, lic.emt, { minutesAgo: 60 });
    const newer = await request(lic, person.userId, lic.paramedic, { minutesAgo: 5 });
    expect((await approve(reviewer, newer)).statusCode).toBe(200);
    const [paramedic] = await credentialsOf(person.userId, lic.id);

    const seen = (await preview(reviewer, older)).json();
    const superseded = seen.credentials.find((c: { effect: string }) => c.effect === 'superseded');
    expect(superseded).toMatchObject({
      certification_id: paramedic!.id,
      number: paramedic!.number,
      status_before: 'active',
      status_after: 'inactive',
      issued_after_submission: true,
    });
    const approved = await approve(reviewer, older);
    expect(approved.statusCode, approved.body).toBe(200);
    // Every effect the preview listed is what the database holds now, and nothing else changed.
    const after = await credentialsOf(person.userId, lic.id);
    expect(after).toHaveLength(2);
    for (const effect of seen.credentials) {
      const row =
        effect.certification_id !== null
          ? after.find((c) => c.id === effect.certification_id)
          : after.find((c) => c.id !== paramedic!.id);
      expect(row, JSON.stringify(effect)).toBeDefined();
      expect(row!.status).toBe(effect.status_after);
      expect(row!.expiration_date).toBe(effect.expiration_after);
      expect(row!.license_category_level_id).toBe(effect.level_id);
    }
    expect(approved.json().history.at(-1).details.effects).toEqual(
      expect.arrayContaining([expect.stringContaining(paramedic!.number)]),
    );
  });

  it('extends the same level from its expiry and says so, with the CE cycle kept', async () => {
    const lic = await licence('lower_levels');
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const [held] = await t.database.db
      .insert(certifications)
      .values({
        enterprise_id: e(),
        user_id: person.userId,
        license_id: lic.id,
        license_category_level_id: lic.emt,
        number: `EMT-${randomUUID().slice(0, 6)}`,
        issue_date: addMonths(today, -4),
        expiration_date: addMonths(today, 20),
      })
      .returning();
    const id = await request(lic, person.userId, lic.emt, { minutesAgo: 30 });
    const seen = (await preview(reviewer, id)).json();
    expect(seen.credentials).toEqual([
      expect.objectContaining({
        effect: 'extended',
        certification_id: held!.id,
        expiration_before: held!.expiration_date,
        expiration_after: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      }),
    ]);
    expect((await approve(reviewer, id)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(certifications).where(eq(certifications.id, held!.id));
    expect(row!.expiration_date).toBe(seen.credentials[0].expiration_after);
    expect(String(row!.expiration_date) > String(held!.expiration_date)).toBe(true);
  });
});

describe('failed or missing required processes block approval', () => {
  it('answers 409 naming the failed process, unless a holder of requests.override gives a reason', async () => {
    const lic = await licence('none');
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const id = await request(lic, person.userId, lic.emt, { status: failed });
    const seen = (await preview(reviewer, id)).json();
    expect(seen).toMatchObject({ blocked: true, may_override: false });
    expect(seen.processes).toEqual([
      expect.objectContaining({ process_label: 'Psychomotor exam', outcome: 'failed', blocks: true }),
    ]);

    const refused = await approve(reviewer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Psychomotor exam is Failed');
    // A reason is not enough without the permission.
    expect((await approve(reviewer, id, { override_reason: 'Retest waived by the board' })).statusCode).toBe(
      403,
    );
    // The permission is not enough without a reason.
    expect((await approve(t.admin, id)).statusCode).toBe(409);
    expect((await credentialsOf(person.userId, lic.id)).length).toBe(0);

    const overridden = await approve(t.admin, id, { override_reason: 'Retest waived by the board' });
    expect(overridden.statusCode, overridden.body).toBe(200);
    // Recorded for staff as an internal note beside the approval; the applicant reads neither.
    expect(overridden.json().history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'note',
          internal: true,
          details: {
            override: { reason: 'Retest waived by the board', blockers: ['Psychomotor exam is Failed'] },
          },
        }),
      ]),
    );
    const own = await t.call(person, { method: 'GET', url: `/api/LicenseRequests/${id}` });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain('Retest waived');
    expect(own.body).not.toContain('Psychomotor exam is Failed');
  });

  it('blocks a request whose required process has no status, and lists its concerns', async () => {
    const lic = await licence('none');
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const id = await request(lic, person.userId, lic.emt, { status: null });
    const note = await t.call(t.admin, {
      method: 'POST',
      url: '/api/LicenseRequests/notes',
      payload: { licenseRequestID: id, note: 'criminal background flag', toApplicant: false, concern: true },
    });
    expect(note.statusCode, note.body).toBe(200);
    const seen = (await preview(reviewer, id)).json();
    expect(seen.blockers).toEqual(['Psychomotor exam has no status']);
    expect(seen.notes).toEqual([
      expect.objectContaining({ note: 'criminal background flag', concern: true, source: 'request' }),
    ]);
    const refused = await approve(reviewer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Psychomotor exam has no status');
    // Deny is never blocked; its preview says what it changes.
    const deny = (await preview(reviewer, id, 'deny')).json();
    expect(deny).toMatchObject({ allowed: true, blocked: false, state_after: 'denied', credentials: [] });
    // A stranger sees nothing of it.
    const stranger = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await preview(stranger, id)).statusCode).toBe(403);
  });
});

describe('renewal and continuing education agree (issue 24 item 4)', () => {
  it('keeps hours earned before an extension, and the refusal names the missing topic hours', async () => {
    const lic = await licence('lower_levels', false);
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    const [airway] = await t.database.db
      .insert(referenceTables.education_topics)
      .values({ enterprise_id: e(), label: 'Airway' })
      .returning();
    await t.database.db.insert(educationLevels).values({
      enterprise_id: e(),
      label: 'EMT CE',
      license_category_level_id: lic.emt,
      cycle_months: 24,
      requirements: [{ topic_id: airway!.id, application_type_id: lic.renewal, hours: 14 }],
    });
    const [held] = await t.database.db
      .insert(certifications)
      .values({
        enterprise_id: e(),
        user_id: person.userId,
        license_id: lic.id,
        license_category_level_id: lic.emt,
        number: `EMT-${randomUUID().slice(0, 6)}`,
        issue_date: addMonths(today, -4),
        expiration_date: addMonths(today, 20),
      })
      .returning();
    const [course] = await t.database.db
      .insert(trainings)
      .values({
        enterprise_id: e(),
        name: 'Airway day',
        training_topics: [{ topic_id: airway!.id, hours: 12 }],
      })
      .returning();
    const [completed] = await t.database.db
      .select()
      .from(referenceTables.attendee_statuses)
      .where(
        and(
          eq(referenceTables.attendee_statuses.enterprise_id, e()),
          eq(referenceTables.attendee_statuses.label, 'Completed'),
        ),
      );
    await t.database.db.insert(courseAttendees).values({
      enterprise_id: e(),
      training_id: course!.id,
      user_id: person.userId,
      attendee_status_id: completed!.id,
      completed_on: addMonths(today, -1),
    });
    // An older initial application for the same level is approved: the credential is extended.
    const older = await request(lic, person.userId, lic.emt, { minutesAgo: 90 });
    const seen = (await preview(reviewer, older)).json();
    expect(seen.credentials[0]).toMatchObject({ effect: 'extended' });
    // The CE cycle open today still holds the hours earned a month ago, before and after the extension.
    for (const cycle of [seen.credentials[0].ce_cycle_before, seen.credentials[0].ce_cycle_after]) {
      expect(cycle.start <= addMonths(today, -1)).toBe(true);
      expect(cycle.end >= today).toBe(true);
    }
    expect((await approve(reviewer, older)).statusCode).toBe(200);

    // The renewal filed now still counts the 12 hours earned a month ago: 2 of 14 are missing.
    const renewal = await t.database.db.transaction((tx) =>
      createSubmittedRequest(tx, e(), {
        licenseId: lic.id,
        userId: person.userId,
        choices: [{ application_type_id: lic.renewal, license_category_level_id: lic.emt }],
      }),
    );
    await t.database.db
      .update(licenseRequests)
      .set({ renews_certification_id: held!.id, review_state: 'draft', progress: 1 })
      .where(eq(licenseRequests.id, renewal.id));
    const submit = await t.call(person, {
      method: 'POST',
      url: '/api/LicenseRequests/submit',
      payload: { licenseRequestID: renewal.id },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().errors['Continuing education']).toMatch(
      /^EMT CE: 2 hours of Airway are still missing \(cycle /,
    );
  });
});
