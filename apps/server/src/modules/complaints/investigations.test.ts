import { certifications, complaintAccessLog, enterprises } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { humanCheckAnswer } from '../public-site/test-human-check';
import { createComplaintLists, createCredential } from './test-fixtures';

let t: TestContext;
let clerk: Caller;
let investigator: Caller;
let subject: Caller;
let lists: Awaited<ReturnType<typeof createComplaintLists>>;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.createCaller(['complaints.read', 'complaints.write']);
  investigator = await t.createCaller([
    'complaints.read',
    'complaints.write',
    'investigations.read',
    'investigations.write',
  ]);
  subject = await t.createCaller([], { isStaff: false, isPortal: true });
  lists = await createComplaintLists(t, t.admin);
}, 60_000);
afterAll(async () => t?.close());

async function complaintAboutSubject() {
  const res = await t.call(clerk, {
    method: 'POST',
    url: '/api/Complaints',
    payload: {
      complaint: {
        complaint_category_id: lists.category,
        user_id: subject.userId,
        complainant_first_name: 'Secret',
        complainant_last_name: 'Witness',
        description: 'Worked a shift while impaired.',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('investigations', () => {
  it('opens an investigation, logs its activities, monitors, records a suspension and prints the file', async () => {
    const cred = await createCredential(t.database.db, t.enterpriseId, subject.userId, `P-${Date.now()}`);
    const c = await complaintAboutSubject();
    const open = await t.call(investigator, {
      method: 'POST',
      url: '/api/InvestigationsModule/Investigation',
      payload: {
        investigation: { complaint_id: c.id, investigator_ids: [investigator.userId], summary: 'Impairment' },
      },
    });
    expect(open.statusCode, open.body).toBe(201);
    const inv = open.json();
    expect(inv.complaint_number).toBe(c.number);

    const log = async (description: string, type: string) => {
      const res = await t.call(investigator, {
        method: 'POST',
        url: '/api/ComplaintActivityTracking',
        payload: {
          complaint_activity: {
            complaint_id: c.id,
            investigation_id: inv.id,
            complaint_activity_type_id: type,
            activity_date: '2026-11-02',
            description,
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const first = await log('Interviewed the shift supervisor', lists.interview);
    await log('Read the dispatch records of the shift', lists.records);
    expect(first.performed_by).toBe(investigator.userId);

    // A clerk without investigations.read sees no activity of the investigation, and may not log one.
    const clerkView = await t.call(clerk, {
      method: 'GET',
      url: `/api/ComplaintActivityTracking?complaint_id=${c.id}`,
    });
    expect(clerkView.json().items).toEqual([]);
    const clerkLog = await t.call(clerk, {
      method: 'POST',
      url: '/api/ComplaintActivityTracking',
      payload: {
        complaint_activity: {
          complaint_id: c.id,
          investigation_id: inv.id,
          activity_date: '2026-11-02',
          description: 'x',
        },
      },
    });
    expect(clerkLog.statusCode).toBe(403);

    const history = await t.call(investigator, {
      method: 'GET',
      url: `/api/InvestigationActivityTrackingHistory?investigation_id=${inv.id}`,
    });
    expect(history.json().items.map((a: { description: string }) => a.description)).toEqual([
      'Interviewed the shift supervisor',
      'Read the dispatch records of the shift',
    ]);
    expect(
      (
        await t.call(investigator, {
          method: 'GET',
          url: `/api/InvestigationActivityTrackingHistory/${first.id}`,
        })
      ).statusCode,
    ).toBe(200);

    const monitor = await t.call(investigator, {
      method: 'POST',
      url: '/api/ComplaintMonitoring',
      payload: {
        complaint_action: {
          complaint_id: c.id,
          complaint_monitoring_action_id: lists.probationReports,
          start_date: '2026-12-01',
          notes: 'Quarterly supervisor reports',
        },
      },
    });
    expect(monitor.statusCode, monitor.body).toBe(201);
    const monitorId = monitor.json().id;
    const done = await t.call(investigator, {
      method: 'PUT',
      url: `/api/ComplaintMonitoring/${monitorId}`,
      payload: {
        complaint_action: {
          complaint_id: c.id,
          complaint_monitoring_action_id: lists.probationReports,
          completed: true,
        },
      },
    });
    expect(done.json().completed).toBe(true);

    const suspend = await t.call(investigator, {
      method: 'PUT',
      url: `/api/InvestigationsModule/Investigation/${inv.id}`,
      payload: {
        investigation: {
          complaint_id: c.id,
          status: 'closed',
          outcome: 'suspension',
          outcome_public: true,
          outcome_date: '2026-11-20',
          findings: 'Impairment confirmed by two witnesses.',
        },
      },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(suspend.json().closed_at).toBeTruthy();
    const [after] = await t.database.db.select().from(certifications).where(eq(certifications.id, cred.id));
    expect(after?.status).toBe('suspended');

    const print = await t.call(investigator, {
      method: 'GET',
      url: `/api/InvestigationsModule/Investigation/print?id=${inv.id}`,
    });
    expect(print.statusCode).toBe(200);
    expect(print.headers['content-type']).toContain('application/pdf');
    const text = pdfToText(print.rawPayload);
    expect(text).toContain('Interviewed the shift supervisor');
    expect(text).toContain('Read the dispatch records of the shift');
    expect(text).toContain('Suspension');
    expect(text).toContain('Quarterly supervisor reports');
    const printed = await t.database.db
      .select()
      .from(complaintAccessLog)
      .where(and(eq(complaintAccessLog.investigation_id, inv.id), eq(complaintAccessLog.action, 'print')));
    expect(printed).toHaveLength(1);

    // Reading one investigation is logged against its complaint; a 404 read logs nothing.
    const read = await t.call(investigator, {
      method: 'GET',
      url: `/api/InvestigationsModule/Investigation/${inv.id}`,
    });
    expect(read.statusCode).toBe(200);
    const reads = await t.database.db
      .select()
      .from(complaintAccessLog)
      .where(
        and(
          eq(complaintAccessLog.investigation_id, inv.id),
          eq(complaintAccessLog.action, 'read-investigation'),
        ),
      );
    expect(reads.map((l) => [l.complaint_id, l.viewer_id])).toEqual([[c.id, investigator.userId]]);

    const delHistory = await t.call(investigator, {
      method: 'DELETE',
      url: `/api/InvestigationActivityTrackingHistory/${first.id}`,
    });
    expect(delHistory.statusCode).toBe(204);
    expect(
      (await t.call(investigator, { method: 'DELETE', url: `/api/ComplaintMonitoring/${monitorId}` }))
        .statusCode,
    ).toBe(204);
    const noReason = await t.call(investigator, {
      method: 'DELETE',
      url: `/api/InvestigationsModule/Investigation/${inv.id}`,
    });
    expect(noReason.statusCode).toBe(400);
    const gone = await t.call(investigator, {
      method: 'DELETE',
      url: `/api/InvestigationsModule/Investigation/${inv.id}?reason=Opened on the wrong complaint`,
    });
    expect(gone.statusCode).toBe(204);
  });

  it('answers 400, 401, 403 and 404 on investigations', async () => {
    const c = await complaintAboutSubject();
    const body = { investigation: { complaint_id: c.id } };
    const url = '/api/InvestigationsModule/Investigation';
    expect((await t.call(null, { method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await t.call(clerk, { method: 'POST', url, payload: body })).statusCode).toBe(403);
    expect((await t.call(clerk, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.call(clerk, { method: 'GET', url: `${url}/print?id=${missing}` })).statusCode).toBe(403);
    expect((await t.call(t.reviewer, { method: 'GET', url })).statusCode).toBe(403);
    const bad = await t.call(investigator, {
      method: 'POST',
      url,
      payload: { investigation: { complaint_id: c.id, outcome: 'banishment' } },
    });
    expect(bad.statusCode).toBe(400);
    const notStaff = await t.call(investigator, {
      method: 'POST',
      url,
      payload: { investigation: { complaint_id: c.id, investigator_ids: [subject.userId] } },
    });
    expect(notStaff.statusCode).toBe(400);
    expect(
      (
        await t.call(investigator, {
          method: 'POST',
          url,
          payload: { investigation: { complaint_id: missing } },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.call(investigator, { method: 'GET', url: `${url}/${missing}` })).statusCode).toBe(404);
    expect(
      (await t.call(investigator, { method: 'GET', url: `${url}/print?id=${missing}` })).statusCode,
    ).toBe(404);
    expect((await t.call(investigator, { method: 'GET', url: `${url}/print?id=nope` })).statusCode).toBe(400);
    expect(
      (await t.call(investigator, { method: 'DELETE', url: `/api/ComplaintMonitoring/${missing}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('public intake and the portal', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    complaint: {
      subject_name: 'Paramedic J. Doe',
      complainant_first_name: 'Pat',
      complainant_last_name: 'Public',
      complainant_email: 'pat@example.org',
      description: 'Rude and unsafe driving.',
      ...extra,
    },
    documents: [{ name: 'photo.png', value: PNG }],
  });
  /** A filing with the local human check answered, as the public form sends it. */
  const filing = async (extra: Record<string, unknown> = {}) => ({
    recaptchaToken: await humanCheckAnswer(t, 'complaint'),
    ...body(extra),
  });

  it('lets the public file a complaint with a document and answers its number, never the record', async () => {
    const res = await t.call(null, { method: 'POST', url: '/api/complaints/file', payload: await filing() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().number).toBeTruthy();
    expect(res.json()).not.toHaveProperty('id');
    const found = await t.call(clerk, { method: 'GET', url: `/api/Complaints?search=${res.json().number}` });
    expect(found.json().items[0].source).toBe('public');
    const complaintId = found.json().items[0].id;
    // The file waits for screening (public-attachments.test.ts), then joins the complaint's documents.
    const waiting = await t.call(clerk, {
      method: 'GET',
      url: `/api/Complaints/${complaintId}/attachments/screening`,
    });
    expect(waiting.json().map((w: { name: string }) => w.name)).toEqual(['photo.png']);
    const release = await t.call(clerk, {
      method: 'POST',
      url: `/api/Complaints/${complaintId}/attachments/${waiting.json()[0].id}/release`,
    });
    expect(release.statusCode, release.body).toBe(200);
    const docs = await t.call(clerk, { method: 'GET', url: `/api/Complaints/${complaintId}/documents` });
    expect(
      docs.json().map((d: { name: string; fromComplaint: boolean }) => [d.name, d.fromComplaint]),
    ).toEqual([['photo.png', true]]);
    expect(
      (await t.call(clerk, { method: 'GET', url: `/api/Complaints/${missing}/documents` })).statusCode,
    ).toBe(404);
    const bad = await t.call(null, {
      method: 'POST',
      url: '/api/complaints/file',
      payload: await filing({ complainant_email: 'no' }),
    });
    expect(bad.statusCode).toBe(400);
    const badFile = await t.call(null, {
      method: 'POST',
      url: '/api/complaints/file',
      payload: {
        ...(await filing()),
        documents: [{ name: 'x.exe', value: 'data:application/octet-stream;base64,TVqQAAMAAAAEAAAA' }],
      },
    });
    expect(badFile.statusCode).toBe(400);
  });

  it('refuses a filing without the human check answered, or with an answer used before', async () => {
    const none = await t.call(null, { method: 'POST', url: '/api/complaints/file', payload: body() });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('recaptchaToken');
    const once = await filing();
    const first = await t.call(null, { method: 'POST', url: '/api/complaints/file', payload: once });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await t.call(null, { method: 'POST', url: '/api/complaints/file', payload: once });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.fields).toHaveProperty('recaptchaToken');
  });

  it('refuses a filing whose reCAPTCHA check fails when the enterprise uses one', async () => {
    await t.database.db
      .update(enterprises)
      .set({ recaptcha_secret: 'secret' })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      // The verification service cannot be reached from the tests: the check fails closed.
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/complaints/file',
        payload: { ...body(), recaptchaToken: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('recaptchaToken');
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ recaptcha_secret: '' })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('shows a portal user the complaints they filed (status only), never those about them or who filed them', async () => {
    const filer = await t.createCaller([], { isStaff: false, isPortal: true });
    const filed = await t.call(filer, {
      method: 'POST',
      url: '/api/complaints/file',
      payload: await filing(),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const mine = await t.call(filer, {
      method: 'GET',
      url: `/api/Complaints/getByUserID?user_id=${filer.userId}&detail=true`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0].number).toBe(filed.json().number);
    expect(mine.json()[0]).not.toHaveProperty('complainant_last_name');
    expect(mine.json()[0]).not.toHaveProperty('description');

    const about = await complaintAboutSubject();
    const theirs = await t.call(subject, {
      method: 'GET',
      url: `/api/Complaints/getByUserID?user_id=${subject.userId}`,
    });
    expect(theirs.json()).toEqual([]);
    expect((await t.call(subject, { method: 'GET', url: `/api/Complaints/${about.id}` })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call(subject, { method: 'GET', url: `/api/Complaints/getByUserID?user_id=${filer.userId}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call(subject, { method: 'GET', url: '/api/InvestigationsModule/Investigation' })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(null, { method: 'GET', url: `/api/Complaints/getByUserID?user_id=${filer.userId}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.call(filer, { method: 'GET', url: '/api/Complaints/getByUserID?user_id=x' })).statusCode,
    ).toBe(400);

    const staffView = await t.call(clerk, {
      method: 'GET',
      url: `/api/Complaints/getByUserID?user_id=${subject.userId}&detail=true`,
    });
    expect(staffView.json().map((c: { id: string }) => c.id)).toContain(about.id);
  });
});

// A 1x1 transparent PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
