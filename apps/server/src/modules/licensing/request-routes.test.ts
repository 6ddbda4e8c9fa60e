import { randomUUID } from 'node:crypto';
import { certifications, domainEvents, licenseRequestHistory, licenseRequests } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expirationDate } from './expiration';
import {
  approve,
  choose,
  completeForm,
  emt,
  initialType,
  licenseId,
  other,
  paramedic,
  passed,
  processId,
  renewalType,
  setupRequestRoutesTests,
  start,
  submit,
  t,
} from './request-routes-test-setup';
import { enterpriseToday } from './rule-routes';

setupRequestRoutesTests();

describe('a licence request from application to credential', () => {
  it('applies, submits, is reviewed and approved, and issues a numbered credential', async () => {
    const created = await start(t.applicant);
    expect(created.statusCode).toBe(201);
    const req = created.json();
    expect(req).toMatchObject({ progress: 1, user_id: t.applicant.userId, status_label: 'In progress' });
    expect(req.forms).toEqual([
      expect.objectContaining({ form_name: 'Initial application form', response_id: null }),
    ]);

    // Keys are GUID%GUID; others are ignored.
    const chosen = await choose(t.applicant, req.id, {
      [`${initialType}%${emt}`]: true,
      [`${initialType}%${paramedic}`]: false,
      junk: true,
      [`${initialType}`]: true,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().application_types).toEqual([
      expect.objectContaining({ application_type_label: 'Initial', level_label: 'EMT', checked: true }),
    ]);

    // The form is not completed: success false, validationError true, nothing submitted.
    const early = await submit(t.applicant, req.id);
    expect(early.json()).toMatchObject({ success: false, validationError: true });
    expect(early.json().errors['Initial application form']).toMatch(/not been started/);
    const [still] = await t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, req.id));
    expect(still?.progress).toBe(1);
    expect(still?.completed_on).toBeNull();

    await completeForm(req.id, t.applicant.userId);
    const done = await submit(t.applicant, req.id);
    expect(done.json()).toMatchObject({ success: true, request: { progress: 2, status_label: 'Submitted' } });
    expect(done.json().request.completed_on).not.toBeNull();

    const detail = (
      await t.call(t.applicant, { method: 'GET', url: `/api/LicenseRequests/${req.id}` })
    ).json();
    expect(
      detail.charges.map((c: { description: string; amount_cents: number }) => [
        c.description,
        c.amount_cents,
      ]),
    ).toEqual([
      ['Application fee', 5000],
      ['Per level', 1000],
    ]);
    expect(detail.total_cents).toBe(6000);
    // Submitted: the applicant can no longer change it.
    expect((await choose(t.applicant, req.id, {})).statusCode).toBe(409);

    // Review: a process change with a note; trigger names are stored, nothing else happens.
    const change = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: {
        licenseRequestID: req.id,
        processID: processId,
        statusID: passed,
        note: 'Clear',
        manualTrigger: 'Notify applicant',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().process_statuses).toEqual([
      expect.objectContaining({ process_label: 'Background check', process_status_label: 'Passed' }),
    ]);
    const processEntry = change.json().history.find((h: { kind: string }) => h.kind === 'process');
    expect(processEntry).toMatchObject({
      note: 'Clear',
      manual_trigger: 'Notify applicant',
      process_status_label: 'Passed',
    });

    const queue = await t.call(t.admin, {
      method: 'GET',
      url: `/api/LicenseRequests?license_id=${licenseId}&process_status_id=${passed}`,
    });
    expect(queue.json().items.map((i: { id: string }) => i.id)).toEqual([req.id]);
    const counts = await t.call(t.admin, {
      method: 'GET',
      url: `/api/LicenseRequests/counts?license_id=${licenseId}`,
    });
    expect(counts.json().statuses).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: 'Submitted', count: 1 })]),
    );

    const approved = await approve(req.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status_label).toBe('Approved');
    const [cert] = approved.json().certifications;
    expect(cert.number).toBe('EMS-00041');
    const today = await enterpriseToday(t.database.db, t.enterpriseId);
    expect(cert.expiration_date).toBe(expirationDate(today, 24, 'end_of_month'));
    expect(approved.json().history.at(-1)).toMatchObject({ kind: 'issued' });
    expect(approved.json().history.at(-1).note).toContain('EMS-00041');
    // Each step recorded a domain event in its own transaction, in order.
    const recorded = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.object_id, req.id))
      .orderBy(domainEvents.seq);
    expect(recorded.map((e) => e.name)).toEqual([
      'licenseRequest.created',
      'licenseRequest.submitted',
      'licenseRequest.processChanged',
      'request.approved',
    ]);
    expect(recorded[3]).toMatchObject({ entity: 'license_requests', actor_id: t.admin.userId });
    const [issuedEvent] = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.object_id, cert.id));
    expect(issuedEvent).toMatchObject({ name: 'certification.issued', payload: { number: 'EMS-00041' } });

    // Renewal from the held credential keeps the number and extends from the old expiry.
    const renewal = (await start(t.applicant, { renews_certification_id: cert.id })).json();
    await choose(t.applicant, renewal.id, { [`${renewalType}%${emt}`]: true });
    await completeForm(renewal.id, t.applicant.userId);
    const renewed = await submit(t.applicant, renewal.id);
    expect(renewed.json().success).toBe(true);
    const renewalDetail = (
      await t.call(t.admin, { method: 'GET', url: `/api/LicenseRequests/${renewal.id}` })
    ).json();
    expect(renewalDetail.charges.map((c: { description: string }) => c.description)).toContain('Renewal fee');
    const second = (await approve(renewal.id)).json().certifications[0];
    expect(second.number).toBe('EMS-00041');
    const [d] = second.expiration_date.split('-').map(Number);
    expect(d).toBe(Number(cert.expiration_date.slice(0, 4)) + 2);
  });

  it('gives unique numbers to concurrent approvals', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, () => t.createCaller([], { isStaff: false, isPortal: true })),
    );
    const ids: string[] = [];
    for (const p of people) {
      const req = (await start(p)).json();
      await choose(p, req.id, { [`${initialType}%${paramedic}`]: true });
      await completeForm(req.id, p.userId);
      expect((await submit(p, req.id)).json().success).toBe(true);
      ids.push(req.id);
    }
    const results = await Promise.all(ids.map((id) => approve(id)));
    const numbers = results.map((r) => r.json().certifications[0].number as string);
    expect(new Set(numbers).size).toBe(ids.length);
    const rows = await t.database.db
      .select()
      .from(certifications)
      .where(eq(certifications.license_id, licenseId));
    expect(new Set(rows.map((c) => c.number)).size).toBe(rows.length);
  });

  it('keeps a portal user out of another person’s request', async () => {
    const req = (await start(t.applicant)).json();
    expect((await t.call(other, { method: 'GET', url: `/api/LicenseRequests/${req.id}` })).statusCode).toBe(
      404,
    );
    expect((await choose(other, req.id, {})).statusCode).toBe(404);
    expect((await submit(other, req.id)).statusCode).toBe(404);
    expect(
      (await t.call(other, { method: 'DELETE', url: `/api/LicenseRequests/${req.id}?reason=mine` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(other, {
          method: 'GET',
          url: `/api/LicenseRequests/getByUserID?user_id=${t.applicant.userId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await start(other, { user_id: t.applicant.userId })).statusCode).toBe(403);
    const mine = await t.call(other, { method: 'GET', url: '/api/LicenseRequests/mine' });
    expect(mine.json().map((r: { id: string }) => r.id)).not.toContain(req.id);
    const open = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/LicensingModule/LicenseRequest?license_id=${licenseId}`,
    });
    expect(open.json()?.id).toBeDefined();
  });

  it('deletes with a reason, keeping the request and the reason', async () => {
    const req = (await start(t.applicant)).json();
    expect(
      (await t.call(t.applicant, { method: 'DELETE', url: `/api/LicenseRequests/${req.id}` })).statusCode,
    ).toBe(400);
    const del = await t.call(t.applicant, {
      method: 'DELETE',
      url: `/api/LicenseRequests/${req.id}?reason=Applied%20by%20mistake`,
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/LicenseRequests/${req.id}` })).statusCode,
    ).toBe(404);
    const kept = (await t.call(t.admin, { method: 'GET', url: `/api/LicenseRequests/${req.id}` })).json();
    expect(kept.delete_reason).toBe('Applied by mistake');
    const history = await t.database.db
      .select()
      .from(licenseRequestHistory)
      .where(eq(licenseRequestHistory.license_request_id, req.id));
    expect(history.map((h) => h.kind)).toEqual(['created', 'deleted']);
  });

  it('exports XML, training dates and the trigger count', async () => {
    const req = (await start(t.applicant)).json();
    const xml = await t.call(t.admin, { method: 'GET', url: `/api/LicenseRequests/getXML?id=${req.id}` });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<license_name>EMS Personnel</license_name>');
    expect(xml.body).toMatch(/^<\?xml version="1.0"/);
    const dates = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/LicenseRequests/getTrainingValidationDates?id=${req.id}`,
    });
    expect(dates.json().end > dates.json().start).toBe(true);
    const count = await t.call(t.admin, {
      method: 'POST',
      url: '/api/LicenseRequests/setCurrentTriggerCount',
      payload: { licenseRequestID: req.id, count: 3 },
    });
    expect(count.json().count).toBe(3);
    const [row] = await t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, req.id));
    expect(row?.current_trigger_count).toBe(3);
  });

  it('answers 400, 401, 403 and 404', async () => {
    expect((await start(t.applicant, { license_id: randomUUID() })).json().error.fields).toHaveProperty([
      'license_id',
    ]);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/LicenseRequests',
          payload: { license_request: {} },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/LicenseRequests', payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/LicenseRequests' })).statusCode).toBe(403);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/LicenseRequests/approve',
          payload: { licenseRequestID: randomUUID() },
        })
      ).statusCode,
    ).toBe(403);
    expect((await approve(randomUUID())).statusCode).toBe(404);
    const draft = (await start(t.applicant)).json();
    expect((await approve(draft.id)).statusCode).toBe(409);
    expect(
      (await choose(t.applicant, draft.id, { [`${initialType}%${randomUUID()}`]: true })).json().error.fields,
    ).toHaveProperty(['selections']);
    const badStatus = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserequestprocessstatuses/processchange',
      payload: { licenseRequestID: draft.id, processID: processId, statusID: randomUUID() },
    });
    expect(badStatus.json().error.fields).toHaveProperty(['statusID']);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/LicenseRequests/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/LicenseRequests/getXML?id=x' })).statusCode,
    ).toBe(400);
  });
});
