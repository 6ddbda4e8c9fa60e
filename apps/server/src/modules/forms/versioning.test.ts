import { fbForms, fbFormVersions } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  beforeTreeEdit,
  freezeCurrentVersion,
  loadLiveDefinition,
  loadVersionDefinition,
} from './form-store';
import { createForm, getForm, insertResponse, sampleForm } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const put = (id: string, form: unknown) =>
  t.call(t.admin, { method: 'PUT', url: `/api/fbforms/${id}`, payload: { form } });
const frozenVersions = async (formId: string) =>
  (await t.database.db.select().from(fbFormVersions).where(eq(fbFormVersions.form_id, formId))).map(
    (v) => v.version,
  );

describe('form versions', () => {
  it('an edit after responses starts version 2; version 1 keeps its tree and its answers render with it', async () => {
    const { form, ids } = sampleForm();
    const created = await createForm(t, form);
    // What the responses module does when a response is created.
    const frozen = await t.database.db.transaction((tx) =>
      freezeCurrentVersion(tx, t.enterpriseId, created.id),
    );
    expect(frozen.version).toBe(1);
    expect(frozen.definition.pages[0]?.groups[0]?.questions[0]?.label).toBe('Your name');
    await insertResponse(t, created.id, 1);
    expect((await getForm(t, created.id)).has_responses).toBe(true);

    const edited = structuredClone(form);
    edited.pages[0]!.groups[0]!.questions[0]!.label = 'Your legal name';
    const res = await put(created.id, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, has_responses: false });
    // Question ids are stable across versions.
    expect(res.json().pages[0].groups[0].questions[0].id).toBe(ids.name);

    const v1 = await loadVersionDefinition(t.database.db, created.id, 1);
    expect(v1?.version).toBe(1);
    expect(v1?.pages[0]?.groups[0]?.questions[0]?.label).toBe('Your name');
    const v2 = await loadVersionDefinition(t.database.db, created.id, 2);
    expect(v2?.pages[0]?.groups[0]?.questions[0]?.label).toBe('Your legal name');
    expect(await loadVersionDefinition(t.database.db, created.id, 3)).toBeNull();

    const oldView = await getForm(t, created.id, '?version=1');
    expect(oldView).toMatchObject({ version: 1, has_responses: true });
    expect(oldView.pages[0]?.groups[0]?.questions[0]?.label).toBe('Your name');

    // Further edits before anyone answers version 2 stay in version 2.
    const again = await put(created.id, { ...edited, description: 'still two' });
    expect(again.json().version).toBe(2);
    const more = structuredClone(edited);
    more.pages[0]!.groups[0]!.questions[0]!.label = 'Name';
    expect((await put(created.id, more)).json().version).toBe(2);
    expect(await frozenVersions(created.id)).toEqual([1]);
  });

  it('a frozen version nobody answered is dropped on edit, so it is frozen again from the new tree', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    expect(await frozenVersions(created.id)).toEqual([1]);

    const edited = structuredClone(form);
    edited.pages[0]!.title = 'First page';
    const res = await put(created.id, edited);
    expect(res.json().version).toBe(1);
    expect(await frozenVersions(created.id)).toEqual([]);
    const refrozen = await t.database.db.transaction((tx) =>
      freezeCurrentVersion(tx, t.enterpriseId, created.id),
    );
    expect(refrozen.definition.pages[0]?.title).toBe('First page');
  });

  it('freezing is idempotent and the live tree stands in for a current version never frozen', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    const live = await loadVersionDefinition(t.database.db, created.id, 1);
    expect(live?.name).toBe(form.name);
    expect(live).not.toHaveProperty('updated_at');
    const a = await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    const b = await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    expect(b).toEqual(a);
    expect(await frozenVersions(created.id)).toEqual([1]);
    const [, c] = await Promise.all([
      t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id)),
      t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id)),
    ]);
    expect(c.version).toBe(1);
    expect(await loadLiveDefinition(t.database.db, t.enterpriseId, created.id)).toMatchObject({ version: 1 });
  });

  it('responses written without a frozen copy still keep the tree they were answered on', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    await insertResponse(t, created.id, 1);
    const edited = structuredClone(form);
    edited.pages[1]!.title = 'Second page';
    expect((await put(created.id, edited)).json().version).toBe(2);
    const v1 = await loadVersionDefinition(t.database.db, created.id, 1);
    expect(v1?.pages[1]?.title).toBe('Page two');
  });

  it('an unchanged tree or a settings-only change does not start a new version', async () => {
    const { form } = sampleForm();
    const created = await createForm(t, form);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    await insertResponse(t, created.id, 1);
    const same = await put(created.id, { ...form, name: `${form.name} (renamed)`, active: false });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ version: 1, active: false, has_responses: true });
    const access = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbforms/saveAccess',
      payload: { form_id: created.id, applicant_access: 'none' },
    });
    expect(access.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(fbForms).where(eq(fbForms.id, created.id));
    expect(row?.version).toBe(1);
  });

  it('beforeTreeEdit returns the version an edit lands in', async () => {
    const created = await createForm(t, sampleForm().form);
    const first = await t.database.db.transaction((tx) => beforeTreeEdit(tx, t.enterpriseId, created.id));
    expect(first).toBe(1);
    await t.database.db.transaction((tx) => freezeCurrentVersion(tx, t.enterpriseId, created.id));
    await insertResponse(t, created.id, 1);
    const second = await t.database.db.transaction((tx) => beforeTreeEdit(tx, t.enterpriseId, created.id));
    expect(second).toBe(2);
  });
});
