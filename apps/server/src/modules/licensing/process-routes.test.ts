import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('Process and processstatuses', () => {
  it('creates processes and statuses, and lists statuses by process and by licence', async () => {
    const p = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Process',
      payload: { process: { label: 'Background check', process_type: 'application' } },
    });
    expect(p.statusCode).toBe(201);
    const process = p.json();
    const other = (
      await t.call(t.admin, { method: 'POST', url: '/api/Process', payload: { process: { label: 'Exam' } } })
    ).json();
    for (const [label, is_final, sort_order] of [
      ['Pending', false, 1],
      ['Passed', true, 2],
    ] as const) {
      const s = await t.call(t.admin, {
        method: 'POST',
        url: '/api/processstatuses',
        payload: { process_status: { process_id: process.id, label, is_final, sort_order } },
      });
      expect(s.statusCode).toBe(201);
    }
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/processstatuses',
      payload: { process_status: { process_id: other.id, label: 'Scheduled' } },
    });
    const byType = await t.call(t.admin, { method: 'GET', url: '/api/Process?process_type=application' });
    expect(byType.json().items.map((x: { id: string }) => x.id)).toEqual([process.id]);
    const byProcess = await t.call(t.admin, {
      method: 'GET',
      url: `/api/processstatuses?ProcessID=${process.id}`,
    });
    expect(byProcess.json().items.map((s: { label: string }) => s.label)).toEqual(['Pending', 'Passed']);

    const lic = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: { name: 'Process licence', entity: 'user' },
        processes: [{ process_id: process.id }],
      },
    });
    const byLicense = await t.call(t.admin, {
      method: 'GET',
      url: `/api/processstatuses?license_id=${lic.json().id}`,
    });
    expect(byLicense.json().total).toBe(2);
    expect(byLicense.json().items[0].process_label).toBe('Background check');

    const status = byProcess.json().items[0];
    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/processstatuses/${status.id}`,
      payload: { process_status: { process_id: process.id, label: 'Waiting' } },
    });
    expect(put.json().label).toBe('Waiting');
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/processstatuses/${status.id}` })).json().label,
    ).toBe('Waiting');
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/processstatuses/${status.id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Process/${process.id}` })).json().label).toBe(
      'Background check',
    );
  });

  it('answers 400, 401, 403 and 404', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/processstatuses',
      payload: { process_status: { process_id: randomUUID(), label: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['process_id']);
    expect(
      (await t.call(t.admin, { method: 'POST', url: '/api/Process', payload: { process: {} } })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/processstatuses?ProcessID=nope' })).statusCode,
    ).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/Process' })).statusCode).toBe(401);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/processstatuses' })).statusCode).toBe(403);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/Process',
          payload: { process: { label: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Process/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/processstatuses/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});
