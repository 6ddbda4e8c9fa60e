import { randomUUID } from 'node:crypto';
import {
  createEnterprise,
  dataChangeLog,
  fb_form_position_permissions,
  fbForms,
  fbQuestions,
  positions,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createForm, elementId, formTypeId, getForm, insertResponse, sampleForm, tag } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const put = (id: string, form: unknown, caller = t.admin) =>
  t.call(caller, { method: 'PUT', url: `/api/fbforms/${id}`, payload: { form } });
const post = (form: unknown, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/fbforms', payload: { form } });

describe('fbforms create and read', () => {
  it('starts a new form inactive and closed to applicants when the settings are not given', async () => {
    const { form } = sampleForm();
    const res = await post(form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ active: false, applicant_access: 'none' });
    const available = await t.call(t.applicant, { method: 'GET', url: '/api/fbforms/available' });
    expect(available.statusCode).toBe(200);
    expect((available.json() as { id: string }[]).map((f) => f.id)).not.toContain(res.json().id);
  });

  it('creates a form with client-chosen ids, reads it back in order and records the change', async () => {
    const { form, ids } = sampleForm();
    const typeId = await formTypeId(t, 'Application');
    const created = await createForm(t, { ...form, form_type_id: typeId, applicant_access: 'view' });
    expect(created).toMatchObject({
      name: form.name,
      version: 1,
      has_responses: false,
      form_type_id: typeId,
      applicant_access: 'view',
      enterprise_id: t.enterpriseId,
    });
    expect(created.pages.map((p) => p.id)).toEqual([ids.page1, ids.page2]);
    expect(created.pages[0]?.groups[0]?.questions.map((q) => q.id)).toEqual([ids.name, ids.radio, ids.hours]);
    expect(created.pages[0]?.groups[0]?.questions[1]?.options).toEqual([
      { id: ids.yes, label: 'Yes' },
      { id: ids.no, label: 'No' },
    ]);
    expect(created.conditions).toEqual([
      {
        id: ids.condition,
        target_group_id: ids.group2,
        target_question_id: null,
        source_question_id: ids.radio,
        operator: 'equals',
        value: ids.yes,
        and_flag: true,
      },
    ]);
    expect(created.reimbursement_rules).toEqual([
      {
        id: ids.rule,
        question_id: ids.hours,
        description: 'Per training hour',
        amount: 12.5,
        max_amount: 500,
      },
    ]);

    const got = await getForm(t, created.id);
    expect(got).toEqual(created);
    const [log] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'fb_forms'), eq(dataChangeLog.object_id, created.id)));
    expect(log?.action).toBe('create');
  });

  it('keeps a client-chosen form id; POST with the id of an existing form replaces it (200)', async () => {
    const { form } = sampleForm();
    const id = randomUUID();
    const created = await createForm(t, { ...form, id });
    expect(created.id).toBe(id);
    const again = await post({ ...form, id, name: `${form.name} renamed` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id, name: `${form.name} renamed`, version: 1 });
  });

  it('answers 409 naming the field when an id belongs to another form or another enterprise', async () => {
    const first = sampleForm();
    await createForm(t, first.form);
    const second = sampleForm();
    second.form.pages[1]!.groups[0]!.questions[0]!.id = first.ids.detail;
    const clash = await post(second.form);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({
      'pages.1.groups.0.questions.0.id': 'This id is already used by another form.',
    });

    // A form id of another enterprise is not taken over.
    const other = await t.database.db.transaction((tx) =>
      createEnterprise(tx, { name: `Other ${tag()}` }, { referenceData: false }),
    );
    const foreignId = randomUUID();
    await t.database.db.insert(fbForms).values({ id: foreignId, enterprise_id: other.id, name: 'Theirs' });
    const foreign = await post({ ...sampleForm().form, id: foreignId });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error.fields).toHaveProperty('id');
  });

  it('answers 409 on a duplicate name', async () => {
    const { form } = sampleForm();
    await createForm(t, form);
    const dup = await post({ ...sampleForm().form, name: form.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('name');
  });

  it('refuses a condition whose source question does not come before its target (400 naming it)', async () => {
    const { form, ids } = sampleForm();
    // The name question (page 1) shown by the question on page 2: a forward reference.
    form.conditions.push({
      id: randomUUID(),
      target_question_id: ids.name,
      source_question_id: ids.detail,
      operator: 'is_answered',
    } as never);
    const res = await post(form);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('conditions.1.source_question_id');

    // A question that reads itself is a cycle too.
    const self = sampleForm();
    self.form.conditions[0] = {
      id: randomUUID(),
      target_question_id: self.ids.hours,
      source_question_id: self.ids.hours,
      operator: 'is_answered',
    } as never;
    const selfRes = await post(self.form);
    expect(selfRes.statusCode).toBe(400);
    expect(selfRes.json().error.fields).toHaveProperty('conditions.0.source_question_id');

    // A condition on a group may not read a question of that group.
    const inner = sampleForm();
    inner.form.conditions[0]!.source_question_id = inner.ids.detail;
    const innerRes = await post(inner.form);
    expect(innerRes.statusCode).toBe(400);
    expect(innerRes.json().error.fields).toHaveProperty('conditions.0.source_question_id');
  });

  it('refuses conditions on questions of another form, unknown elements, repeated options and ids (400)', async () => {
    const { form } = sampleForm();
    form.conditions[0]!.source_question_id = randomUUID();
    const foreign = await post(form);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      'conditions.0.source_question_id': 'The source question is not a question of this form.',
    });

    const badElement = sampleForm();
    (badElement.form.pages[0]!.groups[0]!.questions[0] as Record<string, unknown>).element_id = randomUUID();
    const el = await post(badElement.form);
    expect(el.statusCode).toBe(400);
    expect(el.json().error.fields).toHaveProperty('pages.0.groups.0.questions.0.element_id');

    const goodElement = sampleForm();
    (goodElement.form.pages[0]!.groups[0]!.questions[0] as Record<string, unknown>).element_id =
      await elementId(t, 'user.first_name');
    await createForm(t, goodElement.form);

    const options = sampleForm();
    const radio = options.form.pages[0]!.groups[0]!.questions[1] as { options: { id: string }[] };
    radio.options[1]!.id = radio.options[0]!.id;
    const opt = await post(options.form);
    expect(opt.statusCode).toBe(400);
    expect(opt.json().error.fields).toHaveProperty('pages.0.groups.0.questions.1.options.1.id');

    const twice = sampleForm();
    twice.form.pages[1]!.id = twice.form.pages[0]!.id;
    const dup = await post(twice.form);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields).toHaveProperty('pages.1.id');

    const type = await post({ ...sampleForm().form, form_type_id: randomUUID() });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.fields).toHaveProperty('form_type_id');

    const shape = await post({ ...sampleForm().form, name: '' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().error.fields).toHaveProperty('name');

    const kind = sampleForm();
    (kind.form.pages[0]!.groups[0]!.questions[0] as Record<string, unknown>).kind = 'video';
    const k = await post(kind.form);
    expect(k.statusCode).toBe(400);
    expect(k.json().error.fields).toHaveProperty(['pages.0.groups.0.questions.0.kind']);
  });

  it('401 without a session, 403 without forms.read / forms.write, 404 for an unknown form', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    expect((await t.call(null, { method: 'GET', url: '/api/fbforms' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'POST', url: '/api/fbforms', payload: { form } })).statusCode).toBe(
      401,
    );
    for (const caller of [t.nobody, t.applicant, t.reviewer]) {
      expect((await t.call(caller, { method: 'GET', url: '/api/fbforms' })).statusCode).toBe(403);
      expect((await t.call(caller, { method: 'GET', url: `/api/fbforms/${created.id}` })).statusCode).toBe(
        403,
      );
      expect((await post(sampleForm().form, caller)).statusCode).toBe(403);
      expect((await put(created.id, form, caller)).statusCode).toBe(403);
      expect((await t.call(caller, { method: 'DELETE', url: `/api/fbforms/${created.id}` })).statusCode).toBe(
        403,
      );
    }
    const reader = await t.createCaller(['forms.read']);
    expect((await t.call(reader, { method: 'GET', url: `/api/fbforms/${created.id}` })).statusCode).toBe(200);
    expect((await post(sampleForm().form, reader)).statusCode).toBe(403);

    const missing = randomUUID();
    expect((await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${missing}` })).statusCode).toBe(404);
    expect((await put(missing, form)).statusCode).toBe(404);
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/fbforms/${missing}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(t.admin, { method: 'GET', url: '/api/fbforms/not-a-uuid' })).statusCode).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${created.id}?version=abc` })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${created.id}?version=7` })).statusCode,
    ).toBe(404);
  });

  it('does not show a form of another enterprise', async () => {
    const other = await t.database.db.transaction((tx) =>
      createEnterprise(tx, { name: `Elsewhere ${tag()}` }, { referenceData: false }),
    );
    const [theirs] = await t.database.db
      .insert(fbForms)
      .values({ enterprise_id: other.id, name: 'Their form' })
      .returning();
    expect((await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${theirs!.id}` })).statusCode).toBe(
      404,
    );
    const list = await t.call(t.admin, { method: 'GET', url: '/api/fbforms?numPerPage=500' });
    expect(list.json().items.map((f: { id: string }) => f.id)).not.toContain(theirs!.id);
  });
});

describe('fbforms list', () => {
  it('pages, sorts, searches and filters, with question and response counts', async () => {
    const prefix = `List ${tag()}`;
    const typeId = await formTypeId(t, 'Survey');
    const a = await createForm(t, {
      ...sampleForm(`${prefix} alpha`).form,
      form_type_id: typeId,
      active: true,
    });
    const b = await createForm(t, { ...sampleForm(`${prefix} beta`).form, active: false });
    await insertResponse(t, a.id, 1);
    await insertResponse(t, a.id, 1);

    const res = await t.call(t.admin, {
      method: 'GET',
      url: `/api/fbforms?search=${encodeURIComponent(prefix)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((f: { id: string }) => f.id)).toEqual([a.id, b.id]);
    expect(body.items[0]).toMatchObject({
      question_count: 5,
      response_count: 2,
      version: 1,
      form_type_id: typeId,
    });

    const reversed = await t.call(t.admin, {
      method: 'GET',
      url: `/api/fbforms?search=${encodeURIComponent(prefix)}&sortBy=name&reverse=true&numPerPage=1`,
    });
    expect(reversed.json()).toMatchObject({ total: 2, numPerPage: 1, items: [{ id: b.id }] });
    const byType = await t.call(t.admin, {
      method: 'GET',
      url: `/api/fbforms?search=${encodeURIComponent(prefix)}&form_type_id=${typeId}`,
    });
    expect(byType.json().items.map((f: { id: string }) => f.id)).toEqual([a.id]);
    const inactive = await t.call(t.admin, {
      method: 'GET',
      url: `/api/fbforms?search=${encodeURIComponent(prefix)}&active=false`,
    });
    expect(inactive.json().items.map((f: { id: string }) => f.id)).toEqual([b.id]);
    const count = await t.call(t.admin, {
      method: 'GET',
      url: `/api/fbforms/getCount?search=${encodeURIComponent(prefix)}`,
    });
    expect(count.json()).toEqual({ count: 2 });
    const byVersion = await t.call(t.admin, { method: 'GET', url: '/api/fbforms?sortBy=version' });
    expect(byVersion.statusCode).toBe(200);

    const bad = await t.call(t.admin, { method: 'GET', url: '/api/fbforms?sortBy=secret' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('sortBy');
    expect((await t.call(t.admin, { method: 'GET', url: '/api/fbforms?form_type_id=x' })).statusCode).toBe(
      400,
    );
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/fbforms/getCount' })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/fbforms/getCount' })).statusCode).toBe(401);
  });
});

describe('fbforms update', () => {
  it('replaces the tree by ids: kept rows keep their ids, new ones are added, removed ones deleted', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    const newQuestion = randomUUID();
    const edited = structuredClone(form);
    edited.pages[0]!.groups[0]!.questions[0]!.label = 'Your full name';
    // Move "Which state?" to page 1 (after the radio), drop the hours question and its rule.
    const moved = edited.pages[1]!.groups[0]!.questions.shift()!;
    edited.pages[0]!.groups[0]!.questions = [
      edited.pages[0]!.groups[0]!.questions[0]!,
      edited.pages[0]!.groups[0]!.questions[1]!,
      moved,
    ];
    edited.pages[1]!.groups[0]!.questions.push({
      id: newQuestion,
      kind: 'long_text',
      label: 'Anything else?',
    } as never);
    edited.reimbursement_rules = [];
    const res = await put(created.id, { ...edited, updated_at: created.updated_at });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.version).toBe(1);
    expect(after.pages[0].groups[0].questions.map((q: { id: string }) => q.id)).toEqual([
      ids.name,
      ids.radio,
      ids.detail,
    ]);
    expect(after.pages[0].groups[0].questions[0].label).toBe('Your full name');
    expect(after.pages[1].groups[0].questions.map((q: { id: string }) => q.id)).toEqual([
      ids.signature,
      newQuestion,
    ]);
    expect(after.reimbursement_rules).toEqual([]);
    const hours = await t.database.db.select().from(fbQuestions).where(eq(fbQuestions.id, ids.hours));
    expect(hours).toEqual([]);
    expect(after.conditions[0].id).toBe(ids.condition);
  });

  it('refuses a stale edit with 409, also when two edits race', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    const first = await put(created.id, { ...form, description: 'first', updated_at: created.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await put(created.id, { ...form, description: 'second', updated_at: created.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('conflict');

    const current = await getForm(t, created.id);
    const [a, b] = await Promise.all([
      put(created.id, { ...form, description: 'racer a', updated_at: current.updated_at }),
      put(created.id, { ...form, description: 'racer b', updated_at: current.updated_at }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'racer a' : 'racer b';
    expect((await getForm(t, created.id)).description).toBe(winner);
  });

  it('answers 400 for a bad body and a bad tree on update', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    expect(
      (await t.call(t.admin, { method: 'PUT', url: `/api/fbforms/${created.id}`, payload: {} })).statusCode,
    ).toBe(400);
    // Removing the condition's source question but keeping the condition.
    const edited = structuredClone(form);
    edited.pages[0]!.groups[0]!.questions = edited.pages[0]!.groups[0]!.questions.filter(
      (q) => q.id !== ids.radio,
    );
    const res = await put(created.id, edited);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('conditions.0.source_question_id');
  });
});

describe('fbforms delete', () => {
  it('deletes a form without responses for good, with its position permissions', async () => {
    const created = await createForm(t, sampleForm().form);
    const [position] = await t.database.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.enterprise_id, t.enterpriseId))
      .limit(1);
    await t.database.db
      .insert(fb_form_position_permissions)
      .values({ enterprise_id: t.enterpriseId, form_id: created.id, position_id: position!.id });
    const res = await t.call(t.admin, { method: 'DELETE', url: `/api/fbforms/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(fbForms).where(eq(fbForms.id, created.id))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(fb_form_position_permissions)
        .where(eq(fb_form_position_permissions.form_id, created.id)),
    ).toEqual([]);
  });

  it('keeps a form with responses, marked deleted, and frees its name', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    await insertResponse(t, created.id, 1);
    const res = await t.call(t.admin, { method: 'DELETE', url: `/api/fbforms/${created.id}` });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(fbForms).where(eq(fbForms.id, created.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${created.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/fbforms/${created.id}` })).statusCode).toBe(
      404,
    );
    await createForm(t, sampleForm(form.name).form);
  });
});
