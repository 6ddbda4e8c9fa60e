import { randomUUID } from 'node:crypto';
import { type FormOutput, questionKinds, validateAnswers, visibleItems } from '@licensure/contracts';
import { positions, seedDemoForms } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createForm, sampleForm, tag } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

type Row = Record<string, unknown> & { id: string };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: Caller | null = t.admin,
) => t.call(caller, { method, url, ...(payload === undefined ? {} : { payload }) });

const resources = [
  {
    path: 'fbformtypes',
    wrapper: 'form_type',
    valid: () => ({ label: `Type ${tag()}` }),
    invalid: { label: '' },
  },
  {
    path: 'FBQuestionTypes',
    wrapper: 'question_type',
    // Every kind is seeded and a kind has one type only, so this list is exercised on seeded rows.
    valid: null,
    invalid: { label: 'Odd', kind: 'hologram' },
  },
  {
    path: 'FBElements',
    wrapper: 'element',
    valid: () => ({ label: `Vehicle plate ${tag()}`, entity: 'vehicle', field_name: 'license_plate' }),
    invalid: { label: 'x', entity: 'boat', field_name: 'name' },
  },
] as const;

describe('form builder reference lists', () => {
  it.each(resources)('$path: list, get, create, update, delete, 400, 401, 403, 404', async (r) => {
    const list = await call('GET', `/api/${r.path}?numPerPage=100`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as Row[];
    expect(items.length).toBeGreaterThan(0);
    let row: Row;
    if (r.valid) {
      const created = await call('POST', `/api/${r.path}`, { [r.wrapper]: r.valid() });
      expect(created.statusCode, created.body).toBe(201);
      row = created.json();
    } else {
      row = items[0]!;
    }
    expect((await call('GET', `/api/${r.path}/${row.id}`)).json()).toMatchObject({ id: row.id });
    const changed = await call('PUT', `/api/${r.path}/${row.id}`, {
      [r.wrapper]: { description: 'Changed in a test', updated_at: row.updated_at },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().description).toBe('Changed in a test');

    const bad = await call('POST', `/api/${r.path}`, { [r.wrapper]: r.invalid });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');

    expect((await call('GET', `/api/${r.path}`, undefined, null)).statusCode).toBe(401);
    for (const caller of [t.nobody, t.applicant]) {
      expect((await call('GET', `/api/${r.path}`, undefined, caller)).statusCode).toBe(403);
      expect((await call('POST', `/api/${r.path}`, { [r.wrapper]: r.invalid }, caller)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/${r.path}/${row.id}`, undefined, t.reviewer)).statusCode).toBe(403);
    const missing = randomUUID();
    expect((await call('GET', `/api/${r.path}/${missing}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/${r.path}/${missing}`, { [r.wrapper]: { description: 'x' } })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/${r.path}/${missing}`)).statusCode).toBe(404);
    if (r.valid) expect((await call('DELETE', `/api/${r.path}/${row.id}`)).statusCode).toBe(204);
  });

  it('seeds one question type per kind, the four form types and the elements for every enterprise', async () => {
    const types = (await call('GET', '/api/FBQuestionTypes?numPerPage=100')).json().items as Row[];
    expect(types.map((r) => r.kind)).toEqual([...questionKinds]);
    expect(types.find((r) => r.kind === 'multi_select')?.label).toBe('Multiple choice (several answers)');
    const formTypes = (await call('GET', '/api/fbformtypes')).json().items as Row[];
    expect(formTypes.map((r) => r.label)).toEqual([
      'Application',
      'Inspection checklist',
      'Exam skill sheet',
      'Survey',
    ]);
    const elements = (await call('GET', '/api/FBElements?numPerPage=100')).json().items as Row[];
    expect(elements.map((e) => `${e.entity}.${e.field_name}`)).toEqual(
      expect.arrayContaining([
        'user.first_name',
        'user.last_name',
        'user.email',
        'user.phone',
        'user.birth_date',
        'service.name',
        'service.service_number',
        'vehicle.serial_number',
        'vehicle.make',
        'vehicle.model',
      ]),
    );
    const vehicles = (await call('GET', '/api/FBElements?entity=vehicle')).json().items as Row[];
    expect(vehicles.every((e) => e.entity === 'vehicle')).toBe(true);
    // A second question type for a kind that has one is a conflict.
    const dup = await call('POST', '/api/FBQuestionTypes', {
      question_type: { label: `Text ${tag()}`, kind: 'short_text' },
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('fbformpositionpermissions', () => {
  it('grants a position a form, refuses forms and positions that are not the enterprise’s (400)', async () => {
    const form = await createForm(t, sampleForm().form);
    const [position] = await t.database.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.enterprise_id, t.enterpriseId))
      .limit(1);
    const res = await call('POST', '/api/fbformpositionpermissions', {
      form_position_permission: { form_id: form.id, position_id: position!.id, can_edit: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      form_id: form.id,
      position_id: position!.id,
      can_view: true,
      can_edit: true,
    });
    const list = await call('GET', `/api/fbformpositionpermissions?formID=${form.id}`);
    expect(list.json().items.map((r: Row) => r.id)).toEqual([row.id]);
    expect((await call('GET', `/api/fbformpositionpermissions/${row.id}`)).json()).toMatchObject({
      id: row.id,
    });

    const twice = await call('POST', '/api/fbformpositionpermissions', {
      form_position_permission: { form_id: form.id, position_id: position!.id },
    });
    expect(twice.statusCode).toBe(409);

    const noForm = await call('POST', '/api/fbformpositionpermissions', {
      form_position_permission: { form_id: randomUUID(), position_id: position!.id },
    });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().error.fields).toHaveProperty('form_id');
    const noPosition = await call('POST', '/api/fbformpositionpermissions', {
      form_position_permission: { form_id: form.id, position_id: randomUUID() },
    });
    expect(noPosition.statusCode).toBe(400);
    expect(noPosition.json().error.fields).toHaveProperty('position_id');
    const badUpdate = await call('PUT', `/api/fbformpositionpermissions/${row.id}`, {
      form_position_permission: { position_id: randomUUID() },
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().error.fields).toHaveProperty('position_id');
    const update = await call('PUT', `/api/fbformpositionpermissions/${row.id}`, {
      form_position_permission: { can_edit: false },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().can_edit).toBe(false);
    expect(
      (await call('POST', '/api/fbformpositionpermissions', { form_position_permission: {} })).statusCode,
    ).toBe(400);

    expect((await call('GET', '/api/fbformpositionpermissions', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/fbformpositionpermissions', undefined, t.nobody)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/fbformpositionpermissions/${row.id}`, undefined, t.applicant)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/fbformpositionpermissions/${row.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/fbformpositionpermissions/${row.id}`)).statusCode).toBe(404);
  });
});

describe('the demo form', () => {
  it('is a valid two-page form with a conditional group, a file and a signature question', async () => {
    const { formId } = await t.database.db.transaction((tx) => seedDemoForms(tx, t.enterpriseId));
    const res = await call('GET', `/api/fbforms/${formId}`);
    expect(res.statusCode).toBe(200);
    const form = res.json() as FormOutput;
    expect(form.name).toBe('Demo initial application');
    expect(form.pages).toHaveLength(2);
    const questions = form.pages.flatMap((p) => p.groups.flatMap((g) => g.questions));
    expect(questions.map((q) => q.kind)).toEqual(expect.arrayContaining(['file', 'signature', 'radio']));
    expect(questions.filter((q) => q.element_id)).toHaveLength(5);
    expect(form.conditions).toHaveLength(1);

    // The conditional group shows only for "Yes".
    const radio = questions.find((q) => q.kind === 'radio')!;
    const yes = radio.options.find((o) => o.label === 'Yes')!;
    const conditional = form.pages[1]!.groups[0]!.id;
    expect(visibleItems(form, new Map([[radio.id, { value: yes.id }]])).groups.has(conditional)).toBe(true);
    expect(visibleItems(form, new Map()).groups.has(conditional)).toBe(false);
    const problems = validateAnswers(form, new Map(), { complete: true });
    expect(Object.values(problems)).toContain(
      'Required information is missing. Please sign the signature box.',
    );

    // Saved back unchanged, it passes every check of the builder.
    const {
      id: _id,
      enterprise_id: _e,
      version: _v,
      has_responses: _h,
      created_at: _c,
      updated_at: _u,
      ...def
    } = form;
    const saved = await call('PUT', `/api/fbforms/${formId}`, { form: def });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, pages: form.pages, conditions: form.conditions });
  });
});
