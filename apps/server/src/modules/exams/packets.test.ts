import { examMessages } from '@licensure/contracts';
import { dataChangeLog } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import {
  type BuiltPacket,
  buildPacket,
  createExamLicence,
  type ExamLicence,
  ventilationSkill,
} from './test-fixtures';

let t: TestContext;
let writer: Caller;
let reader: Caller;
let licence: ExamLicence;
let built: BuiltPacket;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write']);
  reader = await t.createCaller(['exams.read']);
  licence = await createExamLicence(t);
  built = await buildPacket(t, writer, licence.levelId);
}, 60_000);
afterAll(async () => t?.close());

const call = (
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.call(caller, { method, url, ...(payload ? { payload } : {}) });

describe('exam lists', () => {
  const paths = [
    'ExamTypes',
    'ExamLocations',
    'EXSessionStatus',
    'EXAlertTypes',
    'EXFunctionAs',
    'EXSkillCategory',
    'ExamAutoNums',
  ];
  it('are read with exams.read, refused to the portal (403) and the anonymous (401); 404 for an unknown id', async () => {
    for (const path of paths) {
      expect((await call(reader, 'GET', `/api/${path}`)).statusCode, path).toBe(200);
      expect((await call(t.applicant, 'GET', `/api/${path}`)).statusCode, path).toBe(403);
      expect((await call(null, 'GET', `/api/${path}`)).statusCode, path).toBe(401);
      expect((await call(reader, 'GET', `/api/${path}/${missing}`)).statusCode, path).toBe(404);
    }
  });

  it('are written with exams.write only; a location needs a label and keeps its seats', async () => {
    const location = { exam_location: { label: 'Austin Training Center', city: 'Austin', capacity: 12 } };
    expect((await call(reader, 'POST', '/api/ExamLocations', location)).statusCode).toBe(403);
    const made = await call(writer, 'POST', '/api/ExamLocations', location);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ label: 'Austin Training Center', capacity: 12 });
    const bad = await call(writer, 'POST', '/api/ExamLocations', { exam_location: { city: 'Waco' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('label');
    const role = await call(writer, 'POST', '/api/EXFunctionAs', {
      function_as: { label: 'Lead examiner', role: 'examiner' },
    });
    expect(role.statusCode).toBe(201);
    const status = await call(writer, 'POST', '/api/EXSessionStatus', {
      session_status: { label: 'Scheduled' },
    });
    expect(status.json()).toMatchObject({ is_open: true, is_final: false });
  });

  it('ExamLookupColumns names the list of each lookup column', async () => {
    const res = await call(reader, 'GET', '/api/ExamLookupColumns');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ column: 'location_id', path: 'ExamLocations' }),
    );
    expect((await call(t.applicant, 'GET', '/api/ExamLookupColumns')).statusCode).toBe(403);
  });
});

describe('skills', () => {
  it('keep their steps, critical criteria, time limit and minimum; the sheet may come as options', async () => {
    const { steps, critical_criteria, ...skill } = ventilationSkill('Spinal immobilisation');
    const res = await call(writer, 'POST', '/api/EXSkill', { skill, options: { steps, critical_criteria } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Spinal immobilisation',
      possible_points: 6,
      min_points: 4,
      time_limit_seconds: 300,
      active: true,
      critical: false,
      critical_criteria: [
        { label: 'Did not ventilate' },
        { label: 'Interrupted ventilations for more than 30 s' },
      ],
    });
    const got = await call(reader, 'GET', `/api/EXSkill/${res.json().id}`);
    expect(got.json().steps).toHaveLength(3);
  });

  it('refuse a minimum above the points (400 naming min_points), a step without a label, a duplicate name (409)', async () => {
    const over = await call(writer, 'POST', '/api/EXSkill', {
      skill: { ...ventilationSkill('Over'), min_points: 7 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toHaveProperty('min_points');
    const blank = await call(writer, 'POST', '/api/EXSkill', {
      skill: { name: 'Blank step', steps: [{ label: '', points: 1 }] },
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields)[0]).toMatch(/^steps/);
    const dup = await call(writer, 'POST', '/api/EXSkill', { skill: { name: String(built.airway.name) } });
    expect(dup.statusCode).toBe(409);
  });

  it('change in batch: active, critical, category; 404 for an unknown skill; exams.write only', async () => {
    const category = await call(writer, 'POST', '/api/EXSkillCategory', {
      skill_category: { label: 'Airway' },
    });
    const ids = [built.airway.id, built.trauma.id];
    const critical = await call(writer, 'POST', '/api/EXSkill/BatchCritical', {
      examSkillIDs: ids,
      status: true,
    });
    expect(critical.json()).toEqual({ updated: 2 });
    const cat = await call(writer, 'POST', '/api/EXSkill/BatchCategory', {
      examSkillIDs: ids,
      category: category.json().id,
    });
    expect(cat.json()).toEqual({ updated: 2 });
    const list = await call(reader, 'GET', `/api/EXSkill?category_id=${category.json().id}&critical=true`);
    expect(list.json().total).toBe(2);
    expect(list.json().items[0].category).toBe('Airway');
    const badCategory = await call(writer, 'POST', '/api/EXSkill/BatchCategory', {
      examSkillIDs: ids,
      category: missing,
    });
    expect(badCategory.statusCode).toBe(400);
    expect(
      (
        await call(writer, 'POST', '/api/EXSkill/BatchActive', {
          examSkillIDs: [missing],
          status: 'inactive',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(reader, 'POST', '/api/EXSkill/BatchActive', { examSkillIDs: ids, status: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(writer, 'POST', '/api/EXSkill/BatchCritical', { examSkillIDs: ids, status: false })).json(),
    ).toEqual({ updated: 2 });
  });

  it('page through the paged filter in the body, by first letter', async () => {
    const res = await call(reader, 'POST', '/api/EXSkill/getFilter', { alphaFilter: 'b', numPerPage: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((s: { name: string }) => s.name.startsWith('B'))).toBe(true);
    const count = await call(reader, 'POST', '/api/EXSkill/getCount', { alphaFilter: 'b' });
    expect(count.json().count).toBe(res.json().total);
  });
});

describe('exam forms', () => {
  it('name skills that exist (400 naming skill_ids otherwise) and are copied as "Copy of"', async () => {
    const bad = await call(writer, 'POST', '/api/EXForms', {
      exam_form: { name: 'Nowhere', skill_ids: [missing] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('skill_ids');
    const copy = await call(writer, 'POST', '/api/exams/copyForm', { copyID: built.formA.id });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: `Copy of ${built.formA.name}`, skill_ids: [built.airway.id] });
    const again = await call(writer, 'POST', '/api/exams/copyForm', { copyID: built.formA.id });
    expect(again.json().name).toBe(`Copy of ${built.formA.name} (2)`);
    expect((await call(writer, 'POST', '/api/exams/copyForm', { copyID: missing })).statusCode).toBe(404);
    expect((await call(writer, 'POST', '/api/exams/copyForm', { copyID: 'x' })).statusCode).toBe(400);
    expect((await call(reader, 'POST', '/api/exams/copyForm', { copyID: built.formA.id })).statusCode).toBe(
      403,
    );
  });

  it('are deactivated in batch (UpdateExamFormStatuses) and listed by status', async () => {
    const copy = await call(writer, 'POST', '/api/exams/copyForm', { copyID: built.formB.id });
    const res = await call(writer, 'POST', '/api/UpdateExamFormStatuses', {
      examFormIDs: [copy.json().id],
      status: 'inactive',
    });
    expect(res.json()).toEqual({ updated: 1 });
    const inactive = await call(reader, 'GET', '/api/EXForms?active=false');
    expect(inactive.json().items.map((f: { id: string }) => f.id)).toContain(copy.json().id);
    const bad = await call(writer, 'POST', '/api/UpdateExamFormStatuses', {
      examFormIDs: [copy.json().id],
      status: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
    expect(
      (await call(null, 'POST', '/api/UpdateExamFormStatuses', { examFormIDs: [missing], status: true }))
        .statusCode,
    ).toBe(401);
  });
});

describe('packets', () => {
  it('show their forms in order, their groups, level and status', async () => {
    const res = await call(reader, 'GET', `/api/ExamPackets/${built.packet.id}`);
    expect(res.json()).toMatchObject({
      active_status: 'Active',
      max_failed_attempts: 3,
      license_category_level: 'EMT',
      exam_packet_forms: [{ exam_form_id: built.formA.id }, { exam_form_id: built.formB.id }],
      passing_requirements: [{ name: 'All stations', min_passed_forms: 2 }],
    });
  });

  it('refuse a duplicate name with the spec message, on create and on update', async () => {
    const dup = await call(writer, 'POST', '/api/ExamPackets', {
      exam_packet: { name: String(built.packet.name).toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(examMessages.packetNameTaken);
    expect(dup.json().error.message).toBe(
      'There is already a packet with that name.  Please user a different packet name.',
    );
    const other = await call(writer, 'POST', '/api/ExamPackets', {
      exam_packet: { name: 'Paramedic packet' },
    });
    const upd = await call(writer, 'PUT', `/api/ExamPackets/${other.json().id}`, {
      exam_packet: { name: built.packet.name },
    });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().error.message).toBe(examMessages.packetNameTaken);
    const self = await call(writer, 'PUT', `/api/ExamPackets/${other.json().id}`, {
      exam_packet: { name: 'Paramedic packet', max_failed_attempts: 2 },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().max_failed_attempts).toBe(2);
  });

  it('are copied with their forms and groups ("Record copied successfully"); copying again names the taken copy', async () => {
    const copy = await call(writer, 'POST', `/api/CopyExamPacket/${built.packet.id}`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().message).toBe('Record copied successfully');
    const got = await call(reader, 'GET', `/api/ExamPackets/${copy.json().id}`);
    expect(got.json()).toMatchObject({
      name: `Copy of ${built.packet.name}`,
      exam_packet_forms: [{ exam_form_id: built.formA.id }, { exam_form_id: built.formB.id }],
      passing_requirements: [{ name: 'All stations', exam_form_ids: [built.formA.id, built.formB.id] }],
    });
    const again = await call(writer, 'POST', `/api/CopyExamPacket/${built.packet.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Issue copying the current packet.  There is already a packet with the name: Copy of ${built.packet.name}`,
    );
    expect((await call(writer, 'POST', `/api/CopyExamPacket/${missing}`)).statusCode).toBe(404);
    expect((await call(reader, 'POST', `/api/CopyExamPacket/${built.packet.id}`)).statusCode).toBe(403);
    const [log] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'ex_packets'), eq(dataChangeLog.object_id, copy.json().id)));
    expect(log?.action).toBe('create');
  });

  it('take a form with ExamFormsSaveForm (once) and change status in batch', async () => {
    const packet = await call(writer, 'POST', '/api/ExamPackets', {
      exam_packet: { name: 'Dispatcher packet' },
    });
    const id = packet.json().id;
    const add = () => call(writer, 'POST', `/api/ExamFormsSaveForm/${id}/${built.formB.id}`);
    expect((await add()).json().exam_packet_forms).toEqual([
      expect.objectContaining({ exam_form_id: built.formB.id }),
    ]);
    expect((await add()).json().exam_packet_forms).toHaveLength(1);
    expect((await call(writer, 'POST', `/api/ExamFormsSaveForm/${id}/${missing}`)).statusCode).toBe(404);
    const off = await call(writer, 'POST', '/api/ExamPackets/UpdateStatuses', {
      examPacketIDs: [id],
      status: 'inactive',
    });
    expect(off.json()).toEqual({ updated: 1 });
    expect((await call(reader, 'GET', `/api/ExamPackets/${id}`)).json().active_status).toBe('Inactive');
    const del = await call(writer, 'DELETE', `/api/ExamPackets/${id}`);
    expect(del.statusCode).toBe(204);
    expect((await call(reader, 'GET', `/api/ExamPackets/${id}`)).statusCode).toBe(404);
  });
});

describe('passing requirement groups', () => {
  it('refuse a duplicate name in the packet with the spec message, forms of another packet and a minimum above the forms', async () => {
    const dup = await call(writer, 'POST', '/api/PassingRequirments', {
      passing_requirement: { exam_packet_id: built.packet.id, name: 'ALL STATIONS', min_passed_forms: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A Group already exists with that name.');
    const stray = await call(writer, 'POST', '/api/PassingRequirments', {
      passing_requirement: {
        exam_packet_id: built.packet.id,
        name: 'Stray',
        min_passed_forms: 1,
        exam_form_ids: [missing],
      },
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error.fields).toHaveProperty('exam_form_ids');
    const tooMany = await call(writer, 'POST', '/api/PassingRequirments', {
      passing_requirement: {
        exam_packet_id: built.packet.id,
        name: 'Airway',
        min_passed_forms: 2,
        exam_form_ids: [built.formA.id],
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toHaveProperty('min_passed_forms');
    const ok = await call(writer, 'POST', '/api/PassingRequirments', {
      passing_requirement: {
        exam_packet_id: built.packet.id,
        name: 'Airway',
        min_passed_forms: 1,
        exam_form_ids: [built.formA.id],
      },
    });
    expect(ok.statusCode).toBe(201);
    const list = await call(reader, 'GET', `/api/PassingRequirments?exam_packet_id=${built.packet.id}`);
    expect(list.json().items.map((g: { name: string }) => g.name)).toEqual(['Airway', 'All stations']);
    expect((await call(writer, 'DELETE', `/api/PassingRequirments/${ok.json().id}`)).statusCode).toBe(204);
    expect((await call(reader, 'GET', `/api/PassingRequirments/${ok.json().id}`)).statusCode).toBe(404);
  });

  it('a packet losing a form drops it from its groups', async () => {
    const forms = [built.formA.id, built.formB.id];
    const packet = await call(writer, 'POST', '/api/ExamPackets', {
      exam_packet: { name: 'Drop test', exam_form_ids: forms },
    });
    const id = packet.json().id;
    await call(writer, 'POST', '/api/PassingRequirments', {
      passing_requirement: { exam_packet_id: id, name: 'Either', min_passed_forms: 1, exam_form_ids: forms },
    });
    await call(writer, 'PUT', `/api/ExamPackets/${id}`, { exam_packet: { exam_form_ids: [built.formA.id] } });
    const got = await call(reader, 'GET', `/api/ExamPackets/${id}`);
    expect(got.json().exam_packet_forms).toHaveLength(1);
    expect(got.json().passing_requirements[0].exam_form_ids).toEqual([built.formA.id]);
  });
});
