import { complaintAccessLog, dataChangeLog, domainEvents } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createComplaintLists } from './test-fixtures';

let t: TestContext;
let staff: Caller;
let lists: Awaited<ReturnType<typeof createComplaintLists>>;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  staff = await t.createCaller(['complaints.read', 'complaints.write', 'lookups.read']);
  lists = await createComplaintLists(t, t.admin);
}, 60_000);
afterAll(async () => t?.close());

const newComplaint = (extra: Record<string, unknown> = {}) => ({
  complaint: {
    complaint_category_id: lists.category,
    subject_name: 'Medic 12 crew',
    complainant_first_name: 'Ana',
    complainant_last_name: 'Reyes',
    complainant_email: 'ana@example.org',
    description: 'The crew arrived 40 minutes late and refused transport.',
    incident_date: '2026-10-02',
    ...extra,
  },
});

async function create(caller: Caller = staff, extra: Record<string, unknown> = {}) {
  const res = await t.call(caller, { method: 'POST', url: '/api/Complaints', payload: newComplaint(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('complaints', () => {
  it('numbers a complaint from its category auto number, previewed by categoryAutoNumber', async () => {
    const preview = await t.call(staff, {
      method: 'GET',
      url: `/api/complaints/categoryAutoNumber/${lists.category}`,
    });
    expect(preview.statusCode).toBe(200);
    const next = preview.json().next_number as string;
    expect(next).toMatch(/^CMP-\d{4}$/);
    const c = await create();
    expect(c.number).toBe(next);
    expect(c.source).toBe('staff');
    expect(c.status).toBeTruthy();
    expect(c.is_closed).toBe(false);
    const after = await t.call(staff, {
      method: 'GET',
      url: `/api/complaints/categoryAutoNumber/${lists.category}`,
    });
    expect(after.json().next_number).not.toBe(next);
    expect(
      (await t.call(staff, { method: 'GET', url: `/api/complaints/categoryAutoNumber/${missing}` }))
        .statusCode,
    ).toBe(404);
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.object_id, c.id));
    expect(events.map((e) => e.name)).toContain('complaint.received');
  });

  it('reads, lists, filters and counts, logging every read of one complaint', async () => {
    const c = await create();
    const one = await t.call(staff, { method: 'GET', url: `/api/Complaints/${c.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().complainant_last_name).toBe('Reyes');
    const logged = await t.database.db
      .select()
      .from(complaintAccessLog)
      .where(and(eq(complaintAccessLog.complaint_id, c.id), eq(complaintAccessLog.viewer_id, staff.userId)));
    expect(logged.map((l) => l.action)).toEqual(['read']);

    const list = await t.call(staff, { method: 'GET', url: `/api/Complaints?search=${c.number}` });
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const filter = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/getFilter',
      payload: { currentPage: 1, numPerPage: 10, search: c.number, sortBy: 'number', reverse: true },
    });
    expect(filter.statusCode).toBe(200);
    expect(filter.json().total).toBe(1);
    const count = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/getCount',
      payload: { complaint_category_id: lists.category },
    });
    expect(count.json().count).toBeGreaterThanOrEqual(2);
    const bad = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/getFilter',
      payload: { sortBy: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('closes with a closing status and fires the status event; deletes only with a reason, keeping it', async () => {
    const c = await create();
    const closed = await t.call(staff, {
      method: 'PUT',
      url: `/api/Complaints/${c.id}`,
      payload: newComplaint({ complaint_status_id: lists.closed }),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().is_closed).toBe(true);
    expect(closed.json().closed_at).toBeTruthy();
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.object_id, c.id));
    expect(events.map((e) => e.name)).toContain('complaint.statusChanged');

    const noReason = await t.call(staff, { method: 'DELETE', url: `/api/Complaints/${c.id}` });
    expect(noReason.statusCode).toBe(400);
    const gone = await t.call(staff, {
      method: 'DELETE',
      url: `/api/Complaints/${c.id}?reason=Entered twice`,
    });
    expect(gone.statusCode).toBe(204);
    expect((await t.call(staff, { method: 'GET', url: `/api/Complaints/${c.id}` })).statusCode).toBe(404);
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, c.id), eq(dataChangeLog.action, 'delete')));
    expect((log[0]?.after as { delete_reason?: string } | undefined)?.delete_reason).toBe('Entered twice');
  });

  it('refuses bad input with 400s naming the field', async () => {
    const noText = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints',
      payload: newComplaint({ description: '' }),
    });
    expect(noText.statusCode).toBe(400);
    const two = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints',
      payload: newComplaint({ user_id: staff.userId, service_id: missing }),
    });
    expect(two.statusCode).toBe(400);
    const unknownStatus = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints',
      payload: newComplaint({ complaint_status_id: missing }),
    });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json().error.fields).toHaveProperty('complaint_status_id');
  });

  it('assigns, changes status and closes in bulk', async () => {
    const a = await create();
    const b = await create();
    const ids = [a.id, b.id];
    const assign = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: ids, value: staff.userId, code: 'assign' },
    });
    expect(assign.json()).toEqual({ updated: 2 });
    const status = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: ids, value: lists.investigating, code: 'status' },
    });
    expect(status.json()).toEqual({ updated: 2 });
    const notClosing = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: ids, value: lists.investigating, code: 'close' },
    });
    expect(notClosing.statusCode).toBe(400);
    const close = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: ids, code: 'close' },
    });
    expect(close.json()).toEqual({ updated: 2 });
    const got = (await t.call(staff, { method: 'GET', url: `/api/Complaints/${a.id}` })).json();
    expect(got.assigned_to).toBe(staff.userId);
    expect(got.is_closed).toBe(true);
    const unknown = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: [missing], code: 'close' },
    });
    expect(unknown.statusCode).toBe(404);
    const badCode = await t.call(staff, {
      method: 'POST',
      url: '/api/Complaints/bulkAction',
      payload: { complaintIDs: ids, code: 'explode' },
    });
    expect(badCode.statusCode).toBe(400);
  });

  it('serves the complaint lists on the reference-list engine', async () => {
    for (const path of [
      'ComplaintStatuses',
      'ComplaintActivityTypes',
      'ComplaintMonitoringActions',
      'ComplaintCategories',
    ]) {
      const res = await t.call(staff, { method: 'GET', url: `/api/${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().items.length, path).toBeGreaterThan(0);
      const id = res.json().items[0].id;
      expect((await t.call(staff, { method: 'GET', url: `/api/${path}/${id}` })).statusCode).toBe(200);
      expect((await t.call(staff, { method: 'GET', url: `/api/${path}/${missing}` })).statusCode).toBe(404);
      expect((await t.call(t.reviewer, { method: 'GET', url: `/api/${path}` })).statusCode).toBe(403);
    }
    const put = await t.call(staff, {
      method: 'PUT',
      url: `/api/ComplaintActivityTypes/${lists.records}`,
      payload: { complaint_activity_type: { label: `Records ${Date.now()}` } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const del = await t.call(staff, {
      method: 'DELETE',
      url: `/api/ComplaintActivityTypes/${lists.records}`,
    });
    expect(del.statusCode).toBe(204);
  });

  it('keeps complaints from anyone without the complaints permission', async () => {
    const c = await create();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/Complaints'],
      ['GET', `/api/Complaints/${c.id}`],
      ['POST', '/api/Complaints', newComplaint()],
      ['PUT', `/api/Complaints/${c.id}`, newComplaint()],
      ['DELETE', `/api/Complaints/${c.id}?reason=x`],
      ['POST', '/api/Complaints/getFilter', {}],
      ['POST', '/api/Complaints/getCount', {}],
      ['POST', '/api/Complaints/bulkAction', { complaintIDs: [c.id], code: 'close' }],
      ['GET', `/api/complaints/categoryAutoNumber/${lists.category}`],
      ['GET', `/api/ComplaintActivityTracking?complaint_id=${c.id}`],
      ['GET', '/api/ComplaintStatuses'],
    ];
    for (const [method, url, payload] of routes) {
      const as = (caller: Caller | null) =>
        t.call(caller, { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect((await as(null)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await as(t.reviewer)).statusCode, `${method} ${url} reviewer`).toBe(403);
      expect((await as(t.applicant)).statusCode, `${method} ${url} portal`).toBe(403);
    }
  });
});
