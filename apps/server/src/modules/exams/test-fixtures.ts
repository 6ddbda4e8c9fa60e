import { randomUUID } from 'node:crypto';
import {
  application_types,
  createSubmittedRequest,
  license_categories,
  license_category_levels,
  licenseRequestProcessStatuses,
  licenses,
  process_licenses,
  processes,
  processStatuses,
} from '@licensure/db';
import { expect } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';

let counter = 0;

/** A licence with an EMT level, an Initial application type and an exam process (pending, passed, failed). */
export async function createExamLicence(t: TestContext) {
  const db = t.database.db;
  const e = { enterprise_id: t.enterpriseId };
  const n = ++counter;
  const [license] = await db
    .insert(licenses)
    .values({ ...e, name: `Exam licence ${n} ${randomUUID().slice(0, 6)}`, entity: 'user' })
    .returning();
  const l = { ...e, license_id: license!.id };
  const category = randomUUID();
  await db.insert(license_categories).values({ ...l, id: category, label: 'EMS Provider' });
  const level = randomUUID();
  const other = randomUUID();
  await db.insert(license_category_levels).values([
    { ...l, id: level, license_category_id: category, label: 'EMT', months_valid: 24 },
    { ...l, id: other, license_category_id: category, label: 'Paramedic', months_valid: 24 },
  ]);
  const [initial] = await db
    .insert(application_types)
    .values({ ...l, label: 'Initial' })
    .returning();
  const [process] = await db
    .insert(processes)
    .values({ ...e, label: `Psychomotor exam ${n}`, code: 'exam', process_type: 'exam' })
    .returning();
  const statuses = await db
    .insert(processStatuses)
    .values([
      { ...e, process_id: process!.id, label: 'Pending', code: 'pending', sort_order: 1 },
      { ...e, process_id: process!.id, label: 'Passed', code: 'passed', is_final: true, sort_order: 2 },
      { ...e, process_id: process!.id, label: 'Failed', code: 'failed', is_final: true, sort_order: 3 },
    ])
    .returning();
  await db.insert(process_licenses).values({ ...l, process_id: process!.id });
  const status = (code: string) => statuses.find((s) => s.code === code)!.id;
  return {
    licenseId: license!.id,
    levelId: level,
    otherLevelId: other,
    applicationTypeId: initial!.id as string,
    processId: process!.id,
    pending: status('pending'),
    passed: status('passed'),
    failed: status('failed'),
  };
}
export type ExamLicence = Awaited<ReturnType<typeof createExamLicence>>;

/** A submitted request of a person for a level, its exam process pending. */
export async function createPendingRequest(
  t: TestContext,
  licence: ExamLicence,
  userId: string,
  levelId?: string,
) {
  const db = t.database.db;
  const request = await db.transaction((tx) =>
    createSubmittedRequest(tx, t.enterpriseId, {
      licenseId: licence.licenseId,
      userId,
      choices: [
        {
          application_type_id: licence.applicationTypeId,
          license_category_level_id: levelId ?? licence.levelId,
        },
      ],
    }),
  );
  await db.insert(licenseRequestProcessStatuses).values({
    license_request_id: request.id,
    process_id: licence.processId,
    process_status_id: licence.pending,
  });
  return request;
}

/** The skill sheet of the tests: three steps (6 points, 4 to pass), two critical criteria, 5 minutes. */
export const ventilationSkill = (name: string) => ({
  name,
  description: 'Bag-valve-mask ventilation of an apneic adult',
  time_limit_seconds: 300,
  min_points: 4,
  steps: [
    { label: 'Takes body substance isolation precautions', points: 1 },
    { label: 'Opens the airway', points: 2 },
    { label: 'Ventilates at the proper rate', points: 3 },
  ],
  critical_criteria: [
    { label: 'Did not ventilate' },
    { label: 'Interrupted ventilations for more than 30 s' },
  ],
});

/**
 * Through the API: two skills, an exam form for each, a packet for the level with both forms, and a
 * passing requirement group needing both passed.
 */
export async function buildPacket(t: TestContext, caller: Caller, levelId: string | null, maxFailed = 3) {
  const n = `${++counter}-${randomUUID().slice(0, 6)}`;
  const post = async (url: string, payload: object) => {
    const res = await t.call(caller, { method: 'POST', url, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    return res.json() as { id: string; [k: string]: unknown };
  };
  const airway = await post('/api/EXSkill', { skill: ventilationSkill(`BVM ventilation ${n}`) });
  const trauma = await post('/api/EXSkill', {
    skill: { ...ventilationSkill(`Trauma assessment ${n}`), critical: false },
  });
  const formA = await post('/api/EXForms', { exam_form: { name: `Station A ${n}`, skill_ids: [airway.id] } });
  const formB = await post('/api/EXForms', { exam_form: { name: `Station B ${n}`, skill_ids: [trauma.id] } });
  const packet = await post('/api/ExamPackets', {
    exam_packet: {
      name: `EMT psychomotor ${n}`,
      max_failed_attempts: maxFailed,
      license_category_level_id: levelId,
      exam_form_ids: [formA.id, formB.id],
    },
  });
  const group = await post('/api/PassingRequirments', {
    passing_requirement: {
      exam_packet_id: packet.id,
      name: 'All stations',
      min_passed_forms: 2,
      exam_form_ids: [formA.id, formB.id],
    },
  });
  return { airway, trauma, formA, formB, packet, group };
}
export type BuiltPacket = Awaited<ReturnType<typeof buildPacket>>;
