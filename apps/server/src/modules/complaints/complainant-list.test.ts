import { createUser } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { humanCheckAnswer } from '../public-site/test-human-check';
import { createComplaintLists } from './test-fixtures';

let t: TestContext;
let clerk: Caller;

beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.createCaller(['complaints.read', 'complaints.write']);
  await createComplaintLists(t, t.admin);
}, 60_000);
afterAll(async () => t?.close());

describe('the complainant’s own list of complaints', () => {
  it('shows what they reported, never the person staff linked to the complaint', async () => {
    const filer = await t.createCaller([], { isStaff: false, isPortal: true });
    const filed = await t.call(filer, {
      method: 'POST',
      url: '/api/complaints/file',
      payload: {
        recaptchaToken: await humanCheckAnswer(t, 'complaint'),
        complaint: {
          subject_name: 'The paramedic of ambulance 12',
          complainant_first_name: 'Pat',
          complainant_last_name: 'Public',
          complainant_email: 'pat@example.org',
          description: 'Rude and unsafe driving.',
        },
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const found = await t.call(clerk, {
      method: 'GET',
      url: `/api/Complaints?search=${filed.json().number}`,
    });
    const complaint = found.json().items[0];
    const casey = await createUser(t.database.db, t.enterpriseId, {
      first_name: 'Casey',
      last_name: 'Nguyen',
      is_staff: false,
    });
    const linked = await t.call(clerk, {
      method: 'PUT',
      url: `/api/Complaints/${complaint.id}`,
      payload: {
        complaint: {
          complaint_category_id: complaint.complaint_category_id,
          complaint_status_id: complaint.complaint_status_id,
          subject_name: complaint.subject_name,
          complainant_first_name: complaint.complainant_first_name,
          complainant_last_name: complaint.complainant_last_name,
          complainant_email: complaint.complainant_email,
          description: complaint.description,
          user_id: casey.id,
        },
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    // Staff see the link beside the complainant's words.
    expect(linked.json()).toMatchObject({
      linked_subject_name: 'Casey Nguyen',
      subject_name: 'The paramedic of ambulance 12',
    });
    // A later staff save sends back what it read (as the web app does): the words stay the complainant's.
    const after = linked.json();
    const saved = await t.call(clerk, {
      method: 'PUT',
      url: `/api/Complaints/${complaint.id}`,
      payload: {
        complaint: {
          complaint_category_id: after.complaint_category_id,
          complaint_status_id: after.complaint_status_id,
          subject_name: after.subject_name,
          complainant_first_name: after.complainant_first_name,
          complainant_last_name: after.complainant_last_name,
          complainant_email: after.complainant_email,
          description: after.description,
          user_id: after.user_id,
          incident_location: 'Main St',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const mine = await t.call(filer, {
      method: 'GET',
      url: `/api/Complaints/getByUserID?user_id=${filer.userId}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ number: filed.json().number, subject_name: 'The paramedic of ambulance 12' }),
    ]);
    expect(mine.body).not.toContain('Nguyen');
    expect(mine.body).not.toContain(casey.id);
  });
});
