import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  exCoordinators,
  exExaminers,
  exForms,
  exPacketForms,
  exPackets,
  exPassingRequirements,
  exSessions,
  exSkills,
} from '../schema/exams';
import { licenseRequests } from '../schema/forms';
import { licenseRequestProcessStatuses } from '../schema/licensing';
import { processes, processStatuses, securityTemplates } from '../schema/platform';
import {
  autonumbers,
  ex_alert_types,
  ex_autonumbers,
  ex_function_as,
  ex_locations,
  ex_session_statuses,
  ex_skill_categories,
  ex_types,
  license_category_levels,
  process_licenses,
  security_template_permissions,
} from '../schema/reference';
import { createSecurityTemplate } from './factories';

const labelled = (
  enterpriseId: string,
  labels: string[],
  extra: (i: number) => Record<string, unknown> = () => ({}),
) => labels.map((label, i) => ({ enterprise_id: enterpriseId, label, sort_order: i + 1, ...extra(i) }));

/**
 * Demo exams: Exam coordinator and Examiner templates (and exams.read for reviewers); the exam lists;
 * a "Psychomotor exam" process on the demo licence (pending, passed, failed); two skill sheets
 * (ventilation with a critical criterion, trauma assessment), a station form for each, the "EMT
 * psychomotor exam" packet for the EMT level needing both stations passed; the admin as coordinator
 * and examiner of a session two weeks after the seed, numbered EX-0001; and the demo applicant's
 * EMT request waiting for the exam, so the portal offers that session.
 */
export async function seedDemoExams(
  tx: Tx,
  enterpriseId: string,
  options: { admin: { id: string }; applicantId: string; licenseId: string },
) {
  const e = { enterprise_id: enterpriseId };
  await createSecurityTemplate(
    tx,
    enterpriseId,
    [
      'lookups.read',
      'users.read',
      'licensing.read',
      'requests.read',
      'exams.read',
      'exams.write',
      'exams.score',
    ],
    {
      label: 'Exam coordinator',
      description: 'Builds packets, schedules sessions, registers and scores candidates',
    },
  );
  await createSecurityTemplate(tx, enterpriseId, ['lookups.read', 'exams.score'], {
    label: 'Examiner',
    description: 'Scores candidates on the sessions they examine',
  });
  const [reviewer] = await tx
    .select({ id: securityTemplates.id })
    .from(securityTemplates)
    .where(and(eq(securityTemplates.enterprise_id, enterpriseId), eq(securityTemplates.label, 'Reviewer')));
  if (reviewer)
    await tx
      .insert(security_template_permissions)
      .values({ ...e, security_template_id: reviewer.id, permission_key: 'exams.read' })
      .onConflictDoNothing();

  const [psychomotor] = await tx
    .insert(ex_types)
    .values(
      labelled(enterpriseId, ['Psychomotor', 'Written'], (i) => ({ kind: ['psychomotor', 'written'][i] })),
    )
    .returning();
  const [center] = await tx
    .insert(ex_locations)
    .values({
      ...e,
      label: 'State EMS Training Center',
      street: '1100 West 49th Street',
      city: 'Austin',
      state: 'TX',
      postal_code: '78756',
      capacity: 20,
    })
    .returning();
  const [scheduled] = await tx
    .insert(ex_session_statuses)
    .values(
      labelled(enterpriseId, ['Scheduled', 'Registration closed', 'Completed'], (i) => ({
        is_open: i === 0,
        is_final: i === 2,
      })),
    )
    .returning();
  await tx.insert(ex_alert_types).values(labelled(enterpriseId, ['Candidate no-show', 'Examiner cancelled']));
  await tx.insert(ex_function_as).values(
    labelled(enterpriseId, ['Lead coordinator', 'Skills examiner'], (i) => ({
      role: ['coordinator', 'examiner'][i],
    })),
  );
  const categories = await tx
    .insert(ex_skill_categories)
    .values(labelled(enterpriseId, ['Airway', 'Trauma', 'Medical']))
    .returning();
  const [counter] = await tx
    .insert(autonumbers)
    .values({ ...e, label: 'Exam sessions', prefix: 'EX-', next_number: 2, padding: 4 })
    .returning();
  await tx.insert(ex_autonumbers).values({ ...e, entity: 'session', autonumber_id: counter!.id as string });

  const [process] = await tx
    .insert(processes)
    .values({ ...e, label: 'Psychomotor exam', code: 'exam', process_type: 'exam', sort_order: 2 })
    .returning();
  const statuses = await tx
    .insert(processStatuses)
    .values([
      { ...e, process_id: process!.id, label: 'Pending', code: 'pending', sort_order: 1 },
      {
        ...e,
        process_id: process!.id,
        label: 'Passed',
        code: 'passed',
        is_final: true,
        outcome: 'passed',
        sort_order: 2,
      },
      {
        ...e,
        process_id: process!.id,
        label: 'Failed',
        code: 'failed',
        is_final: true,
        outcome: 'failed',
        sort_order: 3,
      },
    ])
    .returning();
  await tx.insert(process_licenses).values({ ...e, license_id: options.licenseId, process_id: process!.id });

  const skills = await tx
    .insert(exSkills)
    .values([
      {
        ...e,
        name: 'BVM ventilation of an apneic adult',
        description: 'Ventilates an apneic adult patient with a bag-valve-mask.',
        category_id: categories[0]!.id as string,
        time_limit_seconds: 300,
        min_points: 4,
        steps: [
          { label: 'Takes or verbalises body substance isolation precautions', points: 1 },
          { label: 'Opens the airway manually', points: 1 },
          { label: 'Inserts an oropharyngeal airway', points: 1 },
          { label: 'Ventilates at the proper volume and rate', points: 2 },
        ],
        critical_criteria: [
          { label: 'Did not ventilate within 30 seconds' },
          { label: 'Interrupted ventilations for more than 30 seconds' },
        ],
      },
      {
        ...e,
        name: 'Patient assessment: trauma',
        description: 'Scene size-up, primary survey and secondary assessment of a trauma patient.',
        category_id: categories[1]!.id as string,
        time_limit_seconds: 600,
        min_points: 5,
        steps: [
          { label: 'Determines the scene is safe', points: 1 },
          { label: 'Assesses airway, breathing and circulation', points: 3 },
          { label: 'Identifies the priority patient and makes a transport decision', points: 1 },
          { label: 'Performs a secondary assessment', points: 2 },
        ],
        critical_criteria: [
          { label: 'Did not control major bleeding' },
          { label: 'Did not provide high-concentration oxygen' },
        ],
      },
    ])
    .returning();
  const forms = await tx
    .insert(exForms)
    .values([
      { ...e, name: 'Station 1: Airway', skill_ids: [skills[0]!.id] },
      { ...e, name: 'Station 2: Trauma', skill_ids: [skills[1]!.id] },
    ])
    .returning();
  const [emt] = await tx
    .select({ id: license_category_levels.id })
    .from(license_category_levels)
    .where(
      and(
        eq(license_category_levels.license_id, options.licenseId),
        eq(license_category_levels.label, 'EMT'),
      ),
    );
  const [packet] = await tx
    .insert(exPackets)
    .values({
      ...e,
      name: 'EMT psychomotor exam',
      description: 'The two stations every EMT candidate takes.',
      max_failed_attempts: 3,
      license_category_level_id: (emt?.id as string | undefined) ?? null,
    })
    .returning();
  await tx
    .insert(exPacketForms)
    .values(forms.map((f, sort_order) => ({ ...e, packet_id: packet!.id, form_id: f.id, sort_order })));
  await tx.insert(exPassingRequirements).values({
    ...e,
    exam_packet_id: packet!.id,
    name: 'All stations',
    min_passed_forms: 2,
    exam_form_ids: forms.map((f) => f.id),
  });
  await tx.insert(exCoordinators).values({ ...e, user_id: options.admin.id, function_as_id: null });
  await tx.insert(exExaminers).values({ ...e, user_id: options.admin.id });
  await tx.insert(exSessions).values({
    ...e,
    number: 'EX-0001',
    name: 'EMT psychomotor exam',
    session_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    start_time: '08:30',
    location_id: center!.id as string,
    exam_type_id: psychomotor!.id as string,
    status_id: scheduled!.id as string,
    exam_packet_id: packet!.id,
    capacity: 10,
    coordinator_ids: [options.admin.id],
    examiner_ids: [options.admin.id],
    notes: 'Candidates arrive 30 minutes early with a photo ID.',
    created_by: options.admin.id,
  });

  const [request] = await tx
    .select({ id: licenseRequests.id })
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.enterprise_id, enterpriseId),
        eq(licenseRequests.user_id, options.applicantId),
        eq(licenseRequests.license_id, options.licenseId),
      ),
    )
    .limit(1);
  const pending = statuses.find((s) => s.code === 'pending');
  if (request && pending)
    await tx.insert(licenseRequestProcessStatuses).values({
      license_request_id: request.id,
      process_id: process!.id,
      process_status_id: pending.id,
    });
}
