import type { RosterImportProgress } from '@licensure/contracts';
import { servicePersonnel } from '@licensure/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, createService, HEADER, upload, xlsxOf } from './test-helpers';

let t: TestContext;
let service: { id: string };
beforeAll(async () => {
  t = await createFilesTestContext();
  service = await createService(t);
});
afterAll(async () => t?.close());

/** Collects the rosterImport events the hub delivers to the user's sockets. */
async function listen(caller: Caller) {
  const events: RosterImportProgress[] = [];
  const detach = await t.app.deps.hub.attach(caller.userId, {
    send(frame: string) {
      const { type, message } = JSON.parse(frame) as { type: string; message: RosterImportProgress };
      if (type === 'ReceiveMessage' && message.type === 'rosterImport') events.push(message);
    },
  });
  const done = async (jobId: string) => {
    for (let i = 0; i < 300; i++) {
      const last = events.find((e) => e.jobId === jobId && e.done);
      if (last) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the import never reported done');
  };
  return { events, detach, done };
}

const rosterCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(servicePersonnel)
      .where(eq(servicePersonnel.service_id, service.id))
  )[0]!.n;

describe('POST clinicians/importClinicians?async=true', () => {
  it('answers 202 with a job id and publishes progress, then the result', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [
      `Last${i}`,
      'First',
      `p${i}@example.org`,
      '',
      '',
      'EMT',
      '',
      '',
    ]);
    const doc = await upload(t, t.admin, { name: 'big.xlsx', content: await xlsxOf([HEADER, ...rows]) });
    const hub = await listen(t.admin);
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}?async=true`,
    });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const last = await hub.done(jobId);
    hub.detach();
    expect(last).toMatchObject({
      type: 'rosterImport',
      jobId,
      checked: 1200,
      total: 1200,
      done: true,
      result: { rows: 1200, people_created: 1200, roster_added: 1200 },
    });
    const progress = hub.events.filter((e) => e.jobId === jobId && !e.done).map((e) => e.checked);
    expect(progress).toEqual([0, 500, 1000, 1200]);
    expect(await rosterCount()).toBe(1200);
  });

  it('reports rejected rows in the final event and writes nothing', async () => {
    const before = await rosterCount();
    const doc = await upload(t, t.admin, {
      name: 'bad.xlsx',
      content: await xlsxOf([
        HEADER,
        ['Ok', 'One', 'one@example.org', '', '', 'EMT', '', ''],
        ['Bad', 'Two', 'two@example.org', '', '', 'Pilot', '', ''],
      ]),
    });
    const hub = await listen(t.admin);
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}?async=true`,
    });
    expect(res.statusCode).toBe(202);
    const last = await hub.done(res.json().jobId);
    hub.detach();
    expect(last.result).toBeUndefined();
    expect(last.error?.code).toBe('validation_failed');
    expect(last.rows).toEqual([
      { row: 3, field: 'position', message: '"Pilot" is not a position of this enterprise.' },
    ]);
    expect(await rosterCount()).toBe(before);
  });

  it('refuses at once (not as a job) when access, service or document are wrong', async () => {
    const doc = await upload(t, t.admin, { name: 'a.xlsx', content: await xlsxOf([HEADER]) });
    const url = (serviceId: string) =>
      `/api/clinicians/importClinicians/${doc.json().id}/${serviceId}?async=true`;
    expect((await t.call(t.nobody, { method: 'POST', url: url(service.id) })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'POST', url: url(service.id) })).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'POST', url: url('00000000-0000-4000-8000-000000000000') }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'POST', url: `${url(service.id)}x` })).statusCode).toBe(400);
  });
});
