import { randomUUID } from 'node:crypto';
import { dataChangeLog, fbReimbursementRules } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { freezeCurrentVersion, loadVersionDefinition } from './form-store';
import { createForm, elementId, getForm, insertResponse, sampleForm } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: Caller | null = t.admin,
) => t.call(caller, { method, url, ...(payload === undefined ? {} : { payload }) });

describe('fbquestions', () => {
  it('adds, reads, lists, changes, moves and removes a question', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    const element = await elementId(t, 'user.email');
    const add = await call('POST', '/api/fbquestions', {
      question: {
        group_id: ids.group1,
        kind: 'email',
        label: 'E-mail',
        required: true,
        element_id: element,
        sort_order: 1,
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    const q = add.json();
    expect(q).toMatchObject({
      form_id: created.id,
      group_id: ids.group1,
      kind: 'email',
      label: 'E-mail',
      required: true,
      element_id: element,
      sort_order: 1,
      form_version: 1,
    });
    let live = await getForm(t, created.id);
    expect(live.pages[0]?.groups[0]?.questions.map((x) => x.id)).toEqual([
      ids.name,
      q.id,
      ids.radio,
      ids.hours,
    ]);

    const one = await call('GET', `/api/fbquestions/${q.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(q);

    const list = await call('GET', `/api/fbquestions?form_id=${created.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([
      ids.name,
      q.id,
      ids.radio,
      ids.hours,
      ids.detail,
      ids.signature,
    ]);
    expect(list.json().total).toBe(6);
    const inGroup = await call('GET', `/api/fbquestions?group_id=${ids.group2}&sortBy=label`);
    expect(inGroup.json().items.map((x: { label: string }) => x.label)).toEqual([
      'Signature',
      'Which state?',
    ]);
    const searched = await call('GET', `/api/fbquestions?form_id=${created.id}&search=e-mail`);
    expect(searched.json().items.map((x: { id: string }) => x.id)).toEqual([q.id]);
    expect((await call('GET', `/api/fbquestions/getCount?form_id=${created.id}`)).json()).toEqual({
      count: 6,
    });

    const change = await call('PUT', `/api/fbquestions/${q.id}`, {
      question: { group_id: ids.group1, kind: 'email', label: 'Work e-mail', updated_at: q.updated_at },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({
      label: 'Work e-mail',
      sort_order: 1,
      required: false,
      element_id: null,
    });
    const stale = await call('PUT', `/api/fbquestions/${q.id}`, {
      question: { group_id: ids.group1, kind: 'email', label: 'Again', updated_at: q.updated_at },
    });
    expect(stale.statusCode).toBe(409);

    const move = await call('PUT', `/api/fbquestions/${q.id}`, {
      question: { group_id: ids.group2, kind: 'email', label: 'Work e-mail', sort_order: 0 },
    });
    expect(move.statusCode, move.body).toBe(200);
    live = await getForm(t, created.id);
    expect(live.pages[1]?.groups[0]?.questions.map((x) => x.id)).toEqual([q.id, ids.detail, ids.signature]);

    const del = await call('DELETE', `/api/fbquestions/${q.id}`);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/api/fbquestions/${q.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/fbquestions/${q.id}`)).statusCode).toBe(404);
    const logged = await t.database.db
      .select({ action: dataChangeLog.action })
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'fb_questions'), eq(dataChangeLog.object_id, q.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it('removing a question removes the conditions on it and clears rules that counted it', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    expect((await call('DELETE', `/api/fbquestions/${ids.radio}`)).statusCode).toBe(204);
    expect((await getForm(t, created.id)).conditions).toEqual([]);
    expect((await call('DELETE', `/api/fbquestions/${ids.hours}`)).statusCode).toBe(204);
    const [rule] = await t.database.db
      .select()
      .from(fbReimbursementRules)
      .where(eq(fbReimbursementRules.id, ids.rule));
    expect(rule?.question_id).toBeNull();
  });

  it('edits go through the versioning rule', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    await insertResponse(t, created.id, 1);
    const res = await call('PUT', `/api/fbquestions/${ids.name}`, {
      question: { group_id: ids.group1, kind: 'short_text', label: 'Full name', required: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form_version).toBe(2);
    const v1 = await loadVersionDefinition(t.database.db, created.id, 1);
    expect(v1?.pages[0]?.groups[0]?.questions[0]?.label).toBe('Your name');
  });

  it('400 for bad input, a group of no form, an unknown element or a move to another form; 409 for a used id', async () => {
    const { form, ids } = sampleForm();
    await createForm(t, form);
    const other = sampleForm();
    await createForm(t, other.form);
    const bad = await call('POST', '/api/fbquestions', {
      question: { group_id: ids.group1, kind: 'nope', label: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('kind');
    const noGroup = await call('POST', '/api/fbquestions', {
      question: { group_id: randomUUID(), kind: 'short_text', label: 'x' },
    });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().error.fields).toHaveProperty('group_id');
    const noElement = await call('POST', '/api/fbquestions', {
      question: { group_id: ids.group1, kind: 'short_text', label: 'x', element_id: randomUUID() },
    });
    expect(noElement.statusCode).toBe(400);
    expect(noElement.json().error.fields).toEqual({
      element_id: expect.stringContaining('There is no form element'),
    });
    const options = await call('POST', '/api/fbquestions', {
      question: {
        group_id: ids.group1,
        kind: 'select',
        label: 'Pick',
        options: [
          { id: ids.yes, label: 'a' },
          { id: ids.yes, label: 'b' },
        ],
      },
    });
    expect(options.statusCode).toBe(400);
    expect(options.json().error.fields).toHaveProperty('options.1.id');
    const moveAway = await call('PUT', `/api/fbquestions/${ids.name}`, {
      question: { group_id: other.ids.group1, kind: 'short_text', label: 'x' },
    });
    expect(moveAway.statusCode).toBe(400);
    expect(moveAway.json().error.fields).toHaveProperty('group_id');
    const used = await call('POST', '/api/fbquestions', {
      question: { id: other.ids.name, group_id: ids.group1, kind: 'short_text', label: 'x' },
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.fields).toHaveProperty('id');
    const usedHere = await call('POST', '/api/fbquestions', {
      question: { id: ids.hours, group_id: ids.group1, kind: 'short_text', label: 'x' },
    });
    expect(usedHere.statusCode).toBe(409);
    expect((await call('GET', '/api/fbquestions?sortBy=nope')).statusCode).toBe(400);
    expect((await call('GET', '/api/fbquestions/nope')).statusCode).toBe(400);
  });

  it('401, 403 and 404', async () => {
    const { form, ids } = sampleForm();
    await createForm(t, form);
    const body = { question: { group_id: ids.group1, kind: 'short_text', label: 'x' } };
    expect((await call('GET', '/api/fbquestions', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/fbquestions', body, null)).statusCode).toBe(401);
    for (const caller of [t.nobody, t.applicant]) {
      expect((await call('GET', '/api/fbquestions', undefined, caller)).statusCode).toBe(403);
      expect((await call('GET', `/api/fbquestions/${ids.name}`, undefined, caller)).statusCode).toBe(403);
      expect((await call('POST', '/api/fbquestions', body, caller)).statusCode).toBe(403);
      expect((await call('PUT', `/api/fbquestions/${ids.name}`, body, caller)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/fbquestions/${ids.name}`, undefined, caller)).statusCode).toBe(403);
    }
    const missing = randomUUID();
    expect((await call('GET', `/api/fbquestions/${missing}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/fbquestions/${missing}`, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/fbquestions/${missing}`)).statusCode).toBe(404);
  });
});

describe('fbconditions', () => {
  it('adds, reads, lists, changes and removes a condition', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    const add = await call('POST', '/api/fbconditions', {
      condition: {
        target_question_id: ids.signature,
        source_question_id: ids.name,
        operator: 'is_answered',
        and_flag: false,
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    const c = add.json();
    expect(c).toMatchObject({
      form_id: created.id,
      target_question_id: ids.signature,
      target_group_id: null,
      source_question_id: ids.name,
      operator: 'is_answered',
      and_flag: false,
      sort_order: 1,
      form_version: 1,
    });
    expect((await call('GET', `/api/fbconditions/${c.id}`)).json()).toEqual(c);
    const list = await call('GET', `/api/fbconditions?form_id=${created.id}`);
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([ids.condition, c.id]);
    const byTarget = await call('GET', `/api/fbconditions?target_question_id=${ids.signature}`);
    expect(byTarget.json().items.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await call('GET', `/api/fbconditions/getCount?source_question_id=${ids.radio}`)).json()).toEqual({
      count: 1,
    });

    const change = await call('PUT', `/api/fbconditions/${c.id}`, {
      condition: {
        target_question_id: ids.signature,
        source_question_id: ids.hours,
        operator: 'greater_than',
        value: '10',
        sort_order: 0,
        updated_at: c.updated_at,
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ source_question_id: ids.hours, value: '10', sort_order: 0 });
    expect((await getForm(t, created.id)).conditions.map((x) => x.id)).toEqual([c.id, ids.condition]);
    const stale = await call('PUT', `/api/fbconditions/${c.id}`, {
      condition: {
        target_question_id: ids.signature,
        source_question_id: ids.hours,
        operator: 'is_answered',
        updated_at: c.updated_at,
      },
    });
    expect(stale.statusCode).toBe(409);

    expect((await call('DELETE', `/api/fbconditions/${c.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/fbconditions/${c.id}`)).statusCode).toBe(404);
    expect((await getForm(t, created.id)).conditions.map((x) => x.id)).toEqual([ids.condition]);
  });

  it('refuses a source that does not come before its target and targets of another form (400)', async () => {
    const { form, ids } = sampleForm();
    await createForm(t, form);
    const other = sampleForm();
    await createForm(t, other.form);
    const forward = await call('POST', '/api/fbconditions', {
      condition: { target_question_id: ids.name, source_question_id: ids.detail, operator: 'is_answered' },
    });
    expect(forward.statusCode).toBe(400);
    expect(forward.json().error.fields).toEqual({
      source_question_id:
        'A condition can only read a question that comes before the group or question it shows.',
    });
    const ownGroup = await call('POST', '/api/fbconditions', {
      condition: { target_group_id: ids.group1, source_question_id: ids.name, operator: 'is_answered' },
    });
    expect(ownGroup.statusCode).toBe(400);
    expect(ownGroup.json().error.fields).toHaveProperty('source_question_id');
    const foreignTarget = await call('POST', '/api/fbconditions', {
      condition: { target_group_id: other.ids.group2, source_question_id: ids.name, operator: 'is_answered' },
    });
    expect(foreignTarget.statusCode).toBe(400);
    expect(foreignTarget.json().error.fields).toHaveProperty('target_group_id');
    const noSource = await call('POST', '/api/fbconditions', {
      condition: { target_group_id: ids.group2, source_question_id: randomUUID(), operator: 'is_answered' },
    });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().error.fields).toHaveProperty('source_question_id');
    const both = await call('POST', '/api/fbconditions', {
      condition: {
        target_group_id: ids.group2,
        target_question_id: ids.detail,
        source_question_id: ids.name,
        operator: 'is_answered',
      },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('target_group_id');
    const badOperator = await call('POST', '/api/fbconditions', {
      condition: { target_group_id: ids.group2, source_question_id: ids.name, operator: 'like' },
    });
    expect(badOperator.statusCode).toBe(400);
    expect(badOperator.json().error.fields).toHaveProperty('operator');
    const otherForm = await call('PUT', `/api/fbconditions/${ids.condition}`, {
      condition: { target_group_id: ids.group2, source_question_id: other.ids.name, operator: 'is_answered' },
    });
    expect(otherForm.statusCode).toBe(400);
    const used = await call('POST', '/api/fbconditions', {
      condition: {
        id: other.ids.condition,
        target_group_id: ids.group2,
        source_question_id: ids.name,
        operator: 'is_answered',
      },
    });
    expect(used.statusCode).toBe(409);
  });

  it('edits go through the versioning rule', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    await insertResponse(t, created.id, 1);
    expect((await call('DELETE', `/api/fbconditions/${ids.condition}`)).statusCode).toBe(204);
    expect((await getForm(t, created.id)).version).toBe(2);
    expect((await loadVersionDefinition(t.database.db, created.id, 1))?.conditions).toHaveLength(1);
  });

  it('401, 403 and 404', async () => {
    const { form, ids } = sampleForm();
    await createForm(t, form);
    const body = {
      condition: { target_group_id: ids.group2, source_question_id: ids.name, operator: 'is_answered' },
    };
    expect((await call('GET', '/api/fbconditions', undefined, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/fbconditions/${ids.condition}`, undefined, null)).statusCode).toBe(
      401,
    );
    for (const caller of [t.nobody, t.applicant, t.reviewer]) {
      expect((await call('GET', '/api/fbconditions', undefined, caller)).statusCode).toBe(403);
      expect((await call('GET', `/api/fbconditions/${ids.condition}`, undefined, caller)).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/fbconditions', body, caller)).statusCode).toBe(403);
      expect((await call('PUT', `/api/fbconditions/${ids.condition}`, body, caller)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/fbconditions/${ids.condition}`, undefined, caller)).statusCode).toBe(
        403,
      );
    }
    const missing = randomUUID();
    expect((await call('GET', `/api/fbconditions/${missing}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/fbconditions/${missing}`, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/fbconditions/${missing}`)).statusCode).toBe(404);
  });
});
