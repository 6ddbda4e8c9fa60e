import { randomUUID } from 'node:crypto';
import { document_types, documents, fbAnswers, fbForms } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { slugOf, uniqueColumnNames, viewNameOf } from './create-view';
import { freezeCurrentVersion } from './form-store';
import { createForm, insertResponse, sampleForm, tag } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const get = (url: string, caller: Caller | null = t.admin) => t.call(caller, { method: 'GET', url });
const post = (url: string, payload: object, caller: Caller | null = t.admin) =>
  t.call(caller, { method: 'POST', url, payload });

/** Rows of a raw select (both drivers answer `{ rows }`). */
async function selectRows(query: string) {
  const result = (await t.database.db.execute(sql.raw(query))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

describe('applicant access', () => {
  const live = { active: true };
  it('lists forms a portal applicant may start: active, not deleted, access other than none', async () => {
    const open = await createForm(t, {
      ...sampleForm(`Open ${tag()}`).form,
      ...live,
      applicant_access: 'edit',
    });
    const viewOnly = await createForm(t, {
      ...sampleForm(`View ${tag()}`).form,
      ...live,
      applicant_access: 'view',
    });
    const closed = await createForm(t, { ...sampleForm(`Closed ${tag()}`).form, active: true });
    const inactive = await createForm(t, {
      ...sampleForm(`Inactive ${tag()}`).form,
      applicant_access: 'edit',
    });
    const deleted = await createForm(t, sampleForm(`Deleted ${tag()}`).form);
    await insertResponse(t, deleted.id, 1);
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/fbforms/${deleted.id}` })).statusCode).toBe(
      204,
    );

    const res = await get('/api/fbforms/available', t.applicant);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, viewOnly.id]));
    for (const hidden of [closed.id, inactive.id, deleted.id]) expect(ids).not.toContain(hidden);
    expect(res.json().find((f: { id: string }) => f.id === open.id)).toEqual({
      id: open.id,
      name: open.name,
      description: 'A sample form',
      version: 1,
      applicant_access: 'edit',
    });
    expect((await get('/api/fbforms/available', t.nobody)).statusCode).toBe(200);
    expect((await get('/api/fbforms/available', null)).statusCode).toBe(401);
  });

  it('reads and saves a form’s applicant access', async () => {
    const created = await createForm(t, { ...sampleForm().form, applicant_access: 'edit' });
    const read = await get(`/api/fbforms/getAccess?form_id=${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ form_id: created.id, applicant_access: 'edit' });
    const saved = await post('/api/fbforms/saveAccess', { form_id: created.id, applicant_access: 'none' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ form_id: created.id, applicant_access: 'none' });
    expect((await get(`/api/fbforms/getAccess?form_id=${created.id}`)).json().applicant_access).toBe('none');

    const bad = await post('/api/fbforms/saveAccess', { form_id: created.id, applicant_access: 'all' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('applicant_access');
    expect((await get('/api/fbforms/getAccess?form_id=nope')).statusCode).toBe(400);
    expect((await get('/api/fbforms/getAccess')).statusCode).toBe(400);
    expect((await get(`/api/fbforms/getAccess?form_id=${randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await post('/api/fbforms/saveAccess', { form_id: randomUUID(), applicant_access: 'view' })).statusCode,
    ).toBe(404);
    expect((await get(`/api/fbforms/getAccess?form_id=${created.id}`, t.applicant)).statusCode).toBe(403);
    expect((await get(`/api/fbforms/getAccess?form_id=${created.id}`, null)).statusCode).toBe(401);
    const reader = await t.createCaller(['forms.read']);
    expect((await get(`/api/fbforms/getAccess?form_id=${created.id}`, reader)).statusCode).toBe(200);
    expect(
      (await post('/api/fbforms/saveAccess', { form_id: created.id, applicant_access: 'view' }, reader))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/api/fbforms/saveAccess', { form_id: created.id, applicant_access: 'view' }, null))
        .statusCode,
    ).toBe(401);
  });
});

describe('reimbursement rules', () => {
  it('lists a form’s rules in order', async () => {
    const { form, ids } = sampleForm();
    form.reimbursement_rules.push({ id: randomUUID(), description: 'Per response', amount: 25 } as never);
    const created = await createForm(t, form);
    const res = await get(`/api/fbforms/reimbursementrules/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: ids.rule,
        form_id: created.id,
        question_id: ids.hours,
        description: 'Per training hour',
        amount: 12.5,
        max_amount: 500,
        sort_order: 0,
      },
      expect.objectContaining({ description: 'Per response', amount: 25, question_id: null, sort_order: 1 }),
    ]);
    expect((await get(`/api/fbforms/reimbursementrules/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/fbforms/reimbursementrules/x')).statusCode).toBe(400);
    expect((await get(`/api/fbforms/reimbursementrules/${created.id}`, t.nobody)).statusCode).toBe(403);
    expect((await get(`/api/fbforms/reimbursementrules/${created.id}`, null)).statusCode).toBe(401);
  });

  it('refuses a negative amount and a rule on a question of another form (400)', async () => {
    const { form } = sampleForm();
    form.reimbursement_rules[0]!.amount = -1;
    const neg = await post('/api/fbforms', { form });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.fields).toHaveProperty(['reimbursement_rules.0.amount']);
    const other = sampleForm();
    other.form.reimbursement_rules[0]!.question_id = randomUUID();
    const res = await post('/api/fbforms', { form: other.form });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('reimbursement_rules.0.question_id');
  });
});

describe('createview', () => {
  it('makes column names from labels: slugs, unique, at most 63 characters', () => {
    expect(slugOf('Date of birth (YYYY-MM-DD)')).toBe('date_of_birth_yyyy_mm_dd');
    expect(slugOf('Ça va? "quoted"; drop table x')).toBe('ca_va_quoted_drop_table_x');
    expect(slugOf('123 go')).toBe('q_123_go');
    expect(slugOf('!!!')).toBe('question');
    const long = 'a very long label '.repeat(10);
    const names = uniqueColumnNames([long, long, 'Response id'], ['response_id']);
    expect(names[0]!.length).toBeLessThanOrEqual(63);
    expect(names[1]!.length).toBeLessThanOrEqual(63);
    expect(names[1]).toMatch(/_2$/);
    expect(names[2]).toBe('response_id_2');
    expect(new Set(names).size).toBe(3);
    expect(viewNameOf('ABCDEF12-3456-7890-abcd-ef1234567890')).toBe('form_responses_abcdef12');
  });

  it('creates a view with one row per response and one column per question', async () => {
    const { form, ids } = sampleForm();
    // Labels that would collide, and one that tries to break out of its identifier.
    form.pages[1]!.groups[0]!.questions[0]!.label = 'Your name';
    form.pages[0]!.groups[0]!.questions[2]!.label = 'Hours"; drop table fb_forms; --';
    const created = await createForm(t, form);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    const r1 = await insertResponse(t, created.id, 1);
    const r2 = await insertResponse(t, created.id, 1);
    await t.database.db.insert(fbAnswers).values([
      { enterprise_id: t.enterpriseId, response_id: r1.id, question_id: ids.name, value: 'Avery' },
      { enterprise_id: t.enterpriseId, response_id: r1.id, question_id: ids.radio, value: ids.yes },
      { enterprise_id: t.enterpriseId, response_id: r1.id, question_id: ids.detail, value: 'Ohio' },
      { enterprise_id: t.enterpriseId, response_id: r1.id, question_id: ids.hours, value: '12' },
      {
        enterprise_id: t.enterpriseId,
        response_id: r1.id,
        question_id: ids.signature,
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      },
      { enterprise_id: t.enterpriseId, response_id: r2.id, question_id: ids.name, value: 'Blake' },
    ]);

    const res = await post('/api/fbforms/createview', { formID: created.id });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as { view_name: string; columns: { name: string; question_id: string | null }[] };
    expect(view.view_name).toBe(viewNameOf(created.id));
    const byQuestion = new Map(view.columns.map((c) => [c.question_id, c.name]));
    expect(byQuestion.get(ids.name)).toBe('your_name');
    expect(byQuestion.get(ids.detail)).toBe('your_name_2');
    expect(byQuestion.get(ids.hours)).toBe('hours_drop_table_fb_forms');
    expect(view.columns.slice(0, 8).map((c) => c.name)).toEqual([
      'response_id',
      'user_id',
      'service_id',
      'vehicle_id',
      'license_request_id',
      'progress',
      'completed_on',
      'form_version',
    ]);

    const rows = await selectRows(`select * from "${view.view_name}" order by your_name`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      response_id: r1.id,
      form_version: 1,
      progress: 0,
      your_name: 'Avery',
      certified_elsewhere: ids.yes,
      your_name_2: 'Ohio',
      hours_drop_table_fb_forms: '12',
      signature: 'signed',
    });
    expect(rows[1]).toMatchObject({
      response_id: r2.id,
      your_name: 'Blake',
      your_name_2: null,
      signature: null,
    });

    // Run again after a question is added: the view is replaced with the new column.
    const edited = structuredClone(form);
    edited.pages[1]!.groups[0]!.questions.push({
      id: randomUUID(),
      kind: 'long_text',
      label: 'Notes',
    } as never);
    expect(
      (await t.call(t.admin, { method: 'PUT', url: `/api/fbforms/${created.id}`, payload: { form: edited } }))
        .statusCode,
    ).toBe(200);
    const again = await post('/api/fbforms/createview', { formID: created.id });
    expect(again.statusCode).toBe(200);
    const cols = await selectRows(`select * from "${view.view_name}" where response_id = '${r1.id}'`);
    expect(cols[0]).toHaveProperty('notes', null);
    expect(cols[0]).toHaveProperty('your_name', 'Avery');
    // The tables are all still there.
    expect(
      await t.database.db.select({ id: fbForms.id }).from(fbForms).where(eq(fbForms.id, created.id)),
    ).toHaveLength(1);
  });

  it('400 for a bad id, 404 for an unknown form, 401 and 403 without forms.write', async () => {
    expect((await post('/api/fbforms/createview', { formID: 'nope' })).statusCode).toBe(400);
    expect((await post('/api/fbforms/createview', {})).statusCode).toBe(400);
    expect((await post('/api/fbforms/createview', { formID: randomUUID() })).statusCode).toBe(404);
    const created = await createForm(t, sampleForm().form);
    expect((await post('/api/fbforms/createview', { formID: created.id }, t.reviewer)).statusCode).toBe(403);
    expect((await post('/api/fbforms/createview', { formID: created.id }, t.applicant)).statusCode).toBe(403);
    expect((await post('/api/fbforms/createview', { formID: created.id }, null)).statusCode).toBe(401);
  });
});

describe('updateFormResponseDocumentTypeHistorically', () => {
  const url = '/api/fbforms/updateFormResponseDocumentTypeHistorically';
  const putType = (payload: object, caller: Caller | null = t.admin) =>
    t.call(caller, { method: 'PUT', url, payload });

  async function documentType(label: string) {
    const [row] = await t.database.db
      .select({ id: document_types.id })
      .from(document_types)
      .where(and(eq(document_types.enterprise_id, t.enterpriseId), eq(document_types.label, label)));
    return row!.id as string;
  }

  async function uploaded(responseId: string | null, name: string) {
    const stored = await t.app.deps.files.put(Buffer.from(`%PDF-1.4 ${name}`));
    const [doc] = await t.database.db
      .insert(documents)
      .values({
        enterprise_id: t.enterpriseId,
        name,
        fb_response_id: responseId,
        storage_key: stored.key,
        mime_type: 'application/pdf',
        size_bytes: stored.sizeBytes,
        sha256: stored.sha256,
      })
      .returning();
    return doc!;
  }

  it('sets the type of the form and of every document uploaded through its responses', async () => {
    const created = await createForm(t, sampleForm().form);
    const other = await createForm(t, sampleForm().form);
    const r1 = await insertResponse(t, created.id, 1);
    const r2 = await insertResponse(t, created.id, 1);
    const rOther = await insertResponse(t, other.id, 1);
    const d1 = await uploaded(r1.id, 'card front.pdf');
    const d2 = await uploaded(r2.id, 'card back.pdf');
    const untouched = await uploaded(rOther.id, 'other form.pdf');
    const loose = await uploaded(null, 'loose.pdf');
    const typeId = await documentType('National registry card');

    const res = await putType({ FormId: created.id, DocumentTypeId: typeId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const typeOf = async (id: string) =>
      (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0]?.document_type_id;
    expect(await typeOf(d1.id)).toBe(typeId);
    expect(await typeOf(d2.id)).toBe(typeId);
    expect(await typeOf(untouched.id)).toBeNull();
    expect(await typeOf(loose.id)).toBeNull();
    const [form] = await t.database.db.select().from(fbForms).where(eq(fbForms.id, created.id));
    expect(form?.document_type_id).toBe(typeId);
  });

  it('400 for a document type not of the enterprise, 404 for an unknown form, 401/403', async () => {
    const created = await createForm(t, sampleForm().form);
    const unknownType = await putType({ FormId: created.id, DocumentTypeId: randomUUID() });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.fields).toHaveProperty('DocumentTypeId');
    expect((await putType({ FormId: created.id })).statusCode).toBe(400);
    const typeId = await documentType('Other');
    expect((await putType({ FormId: randomUUID(), DocumentTypeId: typeId })).statusCode).toBe(404);
    expect((await putType({ FormId: created.id, DocumentTypeId: typeId }, t.reviewer)).statusCode).toBe(403);
    expect((await putType({ FormId: created.id, DocumentTypeId: typeId }, t.applicant)).statusCode).toBe(403);
    expect((await putType({ FormId: created.id, DocumentTypeId: typeId }, null)).statusCode).toBe(401);
  });
});

describe('a portal user never sees another person’s data', () => {
  it('reaches no form definition route but the list of forms open to applicants', async () => {
    const created = await createForm(t, sampleForm().form);
    await insertResponse(t, created.id, 1, t.admin.userId);
    for (const url of [
      '/api/fbforms',
      `/api/fbforms/${created.id}`,
      `/api/fbforms/${created.id}?version=1`,
      '/api/fbquestions',
      '/api/fbconditions',
      '/api/FBPackages',
      `/api/fbforms/reimbursementrules/${created.id}`,
    ])
      expect((await get(url, t.applicant)).statusCode, url).toBe(403);
    const available = await get('/api/fbforms/available', t.applicant);
    // Only the forms themselves: no responses, counts or people.
    for (const f of available.json())
      expect(Object.keys(f).sort()).toEqual(['applicant_access', 'description', 'id', 'name', 'version']);
  });
});
