import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let clerk: Caller;
let noteTaker: Caller;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.createCaller(['complaints.read', 'complaints.write', 'notes.read', 'notes.write']);
  // Staff who keep notes on people and requests, but may not see complaints (the demo Reviewer).
  noteTaker = await t.createCaller(['notes.read', 'notes.write']);
}, 60_000);
afterAll(async () => t?.close());

describe('notes on a complaint', () => {
  it('are seen and added only by staff who may see complaints', async () => {
    const complaint = await t.call(clerk, {
      method: 'POST',
      url: '/api/Complaints',
      payload: { complaint: { subject_name: 'Medic 3 crew', description: 'Rude to a patient.' } },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const complaintId = complaint.json().id as string;
    const added = await t.call(clerk, {
      method: 'POST',
      url: '/api/Notes',
      payload: {
        note: { complaint_id: complaintId, value: 'The complainant asked us not to call at work.' },
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const noteId = added.json().id as string;

    const list = (who: Caller) =>
      t.call(who, { method: 'GET', url: `/api/Notes?complaint_id=${complaintId}` });
    expect((await list(clerk)).json().items.map((n: { id: string }) => n.id)).toEqual([noteId]);
    expect((await list(noteTaker)).json().items).toEqual([]);
    expect((await t.call(noteTaker, { method: 'GET', url: `/api/Notes/${noteId}` })).statusCode).toBe(404);
    const change = await t.call(noteTaker, {
      method: 'PUT',
      url: `/api/Notes/${noteId}`,
      payload: { note: { complaint_id: complaintId, value: 'Changed.' } },
    });
    expect(change.statusCode).toBe(404);
    const theirs = await t.call(noteTaker, {
      method: 'POST',
      url: '/api/Notes',
      payload: { note: { complaint_id: complaintId, value: 'Curious.' } },
    });
    expect(theirs.statusCode).toBe(403);
    const nowhere = await t.call(clerk, {
      method: 'POST',
      url: '/api/Notes',
      payload: { note: { complaint_id: missing, value: 'On no complaint.' } },
    });
    expect(nowhere.statusCode).toBe(400);
  });
});
