import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const template = {
  code: 'Licensing',
  merge_object: 'person',
  name: 'Welcome letter',
  subject: 'Welcome, {{person.first_name}}',
  body_html:
    '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Welcome to {{enterprise.name}}.</p><script>steal()</script>',
};
const post = (merge_template: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/mergetemplates', payload: { merge_template } });

describe('merge templates', () => {
  it('saves a sanitised template, lists it by code (inactive on request), previews and prints it on a real person', async () => {
    const created = await post(template);
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json();
    expect(m.body_html).toBe(
      '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Welcome to {{enterprise.name}}.</p>',
    );
    const inactive = (await post({ ...template, name: 'Old letter', active: false })).json();

    const listed = await t.call(t.admin, { method: 'GET', url: '/api/mergetemplates?code=Licensing' });
    expect(listed.json().items.map((x: { id: string }) => x.id)).toEqual([m.id]);
    const all = await t.call(t.admin, {
      method: 'GET',
      url: '/api/mergetemplates?code=Licensing&includeInactive=true',
    });
    expect(all.json().total).toBe(2);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/mergetemplates?code=Exams' })).json().total,
    ).toBe(0);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/mergetemplates/${inactive.id}` })).json().active,
    ).toBe(false);

    const person = await fixtures(t).person();
    const preview = await t.call(t.reviewer, {
      method: 'POST',
      url: `/api/mergetemplates/${m.id}/preview`,
      payload: { object: { kind: 'person', id: person.id } },
    });
    expect(preview.statusCode, preview.body).toBe(403);
    const shown = await t.call(t.admin, {
      method: 'POST',
      url: `/api/mergetemplates/${m.id}/preview`,
      payload: {
        object: { kind: 'person', id: person.id },
        body_html: '<p>Hi {{person.first_name}}<img src=x onerror=a()></p>',
      },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      subject: `Welcome, ${person.first_name}`,
      html: `<p>Hi ${person.first_name}</p>`,
      text: `Hi ${person.first_name}`,
    });

    const pdf = await t.call(t.admin, {
      method: 'GET',
      url: `/api/mergetemplates/${m.id}/pdf?kind=person&id=${person.id}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain(`Dear ${person.first_name} ${person.last_name},`);
    expect(text).toContain('Welcome to Test State EMS.');

    const edited = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/mergetemplates/${m.id}`,
      payload: { merge_template: { ...template, subject: 'Hello' } },
    });
    expect(edited.json().subject).toBe('Hello');
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/mergetemplates/${inactive.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/mergetemplates/${inactive.id}` })).statusCode,
    ).toBe(404);
  });

  it('lists merge objects, fields and contact groups by code', async () => {
    const objects = await t.call(t.admin, { method: 'GET', url: '/api/MergeObjects?code=Inspections' });
    expect(objects.json().map((o: { kind: string }) => o.kind)).toEqual(['service', 'vehicle']);
    const fields = (await t.call(t.admin, { method: 'GET', url: '/api/MergeFields?code=Exams' })).json();
    expect(fields.map((f: { key: string }) => f.key)).toContain('person.first_name');
    expect(fields.map((f: { key: string }) => f.key)).not.toContain('vehicle.make');
    // Admission letters name the session the request's candidate registered for.
    expect(fields.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining([
        'exam.session_date',
        'exam.start_time',
        'exam.location',
        'request.license_name',
      ]),
    );
    const licensing = (
      await t.call(t.admin, { method: 'GET', url: '/api/MergeFields?code=Licensing' })
    ).json();
    expect(licensing.map((f: { key: string }) => f.key)).not.toContain('exam.session_date');
    const groups = (
      await t.call(t.admin, { method: 'GET', url: '/api/MergeContactGroups?code=Certifications' })
    ).json();
    expect(groups).toEqual([
      { key: 'holder', label: 'The holder (or the administrators of its service)', object: 'certification' },
    ]);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/MergeFields?code=Nope' })).statusCode).toBe(
      400,
    );
  });

  it('answers 400, 401, 403, 404 and 409', async () => {
    expect(
      (await post({ ...template, code: 'Exams', merge_object: 'vehicle' })).json().error.fields,
    ).toHaveProperty('merge_object');
    expect((await post({ ...template, name: '' })).statusCode).toBe(400);
    expect((await post({ ...template, name: 'Dup' })).statusCode).toBe(201);
    expect((await post({ ...template, name: 'dup' })).statusCode).toBe(409);
    expect((await t.call(null, { method: 'GET', url: '/api/mergetemplates' })).statusCode).toBe(401);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/mergetemplates' })).statusCode).toBe(403);
    expect((await post(template, t.reviewer)).statusCode).toBe(403);
    const none = '00000000-0000-4000-8000-000000000009';
    expect((await t.call(t.admin, { method: 'GET', url: `/api/mergetemplates/${none}` })).statusCode).toBe(
      404,
    );
    const m = (await t.call(t.admin, { method: 'GET', url: '/api/mergetemplates' })).json().items[0];
    const missingPerson = await t.call(t.admin, {
      method: 'POST',
      url: `/api/mergetemplates/${m.id}/preview`,
      payload: { object: { kind: 'person', id: none } },
    });
    expect(missingPerson.statusCode).toBe(404);
  });
});
