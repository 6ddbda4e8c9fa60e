// A roster entry grants a form's position rights only once it has started: the one definition of an
// active roster entry (platform/permissions/roster.ts: started and not ended), issue 26 item 1.
import { randomUUID } from 'node:crypto';
import { fb_form_position_permissions } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures, inDays } from '../registry/test-fixtures';
import { buildForm, startResponse, type TestForm, updateResponse } from './test-fixtures';

let t: TestContext;
let form: TestForm;

beforeAll(async () => {
  t = await createTestContext();
  form = await buildForm(t);
});
afterAll(async () => t?.close());

describe('position rights on a form through the roster', () => {
  it('come with a started entry, not with one starting next month', async () => {
    const f = fixtures(t);
    const service = await f.service();
    const director = await f.position(`Director ${randomUUID().slice(0, 6)}`);
    await t.database.db.insert(fb_form_position_permissions).values({
      enterprise_id: t.enterpriseId,
      form_id: form.id,
      position_id: director.id,
      can_view: true,
      can_edit: true,
    });
    const current = await t.createCaller([], { isStaff: false, isPortal: true });
    const starting = await t.createCaller([], { isStaff: false, isPortal: true });
    await f.roster(service.id, current.userId, { position_id: director.id, start_date: inDays(-3) });
    await f.roster(service.id, starting.userId, { position_id: director.id, start_date: inDays(30) });
    const response = await startResponse(
      t,
      t.admin,
      form,
      { name: 'Service answer' },
      { userId: t.applicant.userId, serviceId: service.id },
    );
    const get = (caller: typeof current) =>
      t.call(caller, { method: 'GET', url: `/api/fbresponses/${response.id}` });

    expect((await get(current)).statusCode).toBe(200);
    const edited = await updateResponse(t, current, form, response.id, { name: 'Director edit' });
    expect(edited.statusCode, edited.body).toBe(200);

    // Next month's director reaches nothing today: the same 404 as a stranger's.
    expect((await get(starting)).statusCode).toBe(404);
    expect((await updateResponse(t, starting, form, response.id, { name: 'Too early' })).statusCode).toBe(
      404,
    );
  });
});
