import { randomUUID } from 'node:crypto';
import { referenceTables, servicePersonnel, services } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let other: Caller;
let licenseId: string;
let serviceLicenseId: string;
let levelId: string;

beforeAll(async () => {
  t = await createTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  const [auto] = await t.database.db
    .insert(referenceTables.autonumbers)
    .values({
      enterprise_id: t.enterpriseId,
      label: 'Cert numbers',
      prefix: 'P-',
      next_number: 7,
      padding: 4,
    })
    .returning();
  const category = randomUUID();
  const lic = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: { name: 'Paramedic Licence', entity: 'user', autonumber_id: auto!.id },
      license_categories: [{ id: category, label: 'Provider' }],
      license_category_levels: [{ label: 'Paramedic', license_category_id: category }],
    },
  });
  licenseId = lic.json().id;
  levelId = lic.json().license_category_levels[0].id;
  serviceLicenseId = (
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: { license: { name: 'Service Licence', entity: 'service' } },
    })
  ).json().id;
});
afterAll(() => t?.close());

describe('certifications', () => {
  it('enters, lists, changes and deletes a credential; the holder sees it in their licences', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/certifications',
      payload: {
        certification: {
          license_id: licenseId,
          license_category_level_id: levelId,
          user_id: t.applicant.userId,
          issue_date: '2026-01-15',
          expiration_date: '2028-01-31',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const cert = created.json();
    expect(cert).toMatchObject({
      number: 'P-0007',
      level_label: 'Paramedic',
      license_name: 'Paramedic Licence',
      status: 'active',
    });

    const mine = await t.call(t.applicant, { method: 'GET', url: '/api/certifications' });
    expect(mine.json().items.map((c: { id: string }) => c.id)).toEqual([cert.id]);
    expect((await t.call(other, { method: 'GET', url: '/api/certifications' })).json().items).toEqual([]);
    expect((await t.call(other, { method: 'GET', url: `/api/certifications/${cert.id}` })).statusCode).toBe(
      404,
    );

    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/certifications/${cert.id}`,
      payload: { certification: { license_id: licenseId, user_id: t.applicant.userId, status: 'suspended' } },
    });
    expect(put.json()).toMatchObject({ status: 'suspended', number: 'P-0007' });
    const list = await t.call(t.admin, {
      method: 'GET',
      url: `/api/certifications?license_id=${licenseId}&status=suspended`,
    });
    expect(list.json().total).toBe(1);
    const noReason = await t.call(t.admin, { method: 'DELETE', url: `/api/certifications/${cert.id}` });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect(
      (
        await t.call(t.admin, {
          method: 'DELETE',
          url: `/api/certifications/${cert.id}?reason=${encodeURIComponent('Entered in error')}`,
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/certifications/${cert.id}` })).statusCode).toBe(
      404,
    );
    // Kept, not erased: the row stays with its reason, and the change log holds the deletion.
    const { certifications } = await import('@licensure/db');
    const { eq } = await import('drizzle-orm');
    const [kept] = await t.database.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(kept?.deleted_at).toBeInstanceOf(Date);
    expect(kept?.delete_reason).toBe('Entered in error');
    const log = await t.call(t.admin, {
      method: 'GET',
      url: `/api/DataChangeLog?entity=certifications&object_id=${cert.id}`,
    });
    expect((log.json().items as { action: string }[]).map((e) => e.action)).toContain('delete');
    const relisted = await t.call(t.admin, {
      method: 'GET',
      url: `/api/certifications?license_id=${licenseId}`,
    });
    expect((relisted.json().items as { id: string }[]).map((c) => c.id)).not.toContain(cert.id);
  });

  it('renders a certificate and a wallet card whose QR code opens the public verification', async () => {
    const cert = (
      await t.call(t.admin, {
        method: 'POST',
        url: '/api/certifications',
        payload: {
          certification: {
            license_id: licenseId,
            user_id: t.applicant.userId,
            number: 'PM-123',
            expiration_date: '2027-06-30',
          },
        },
      })
    ).json();
    const pdf = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/certifications/${cert.id}/certificate`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain('Paramedic Licence');
    expect(text).toContain('PM-123');
    expect(text).toContain('June 30, 2027');
    expect(text).toMatch(/verify\?number=PM-123/);
    const card = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/certifications/${cert.id}/certificate?format=card`,
    });
    expect(pdfToText(card.rawPayload)).toContain('No. PM-123');
    const url = await t.call(t.applicant, { method: 'GET', url: `/api/certifications/${cert.id}/verifyurl` });
    expect(url.json().url).toMatch(/^http:\/\/[^/]+\/verify\?number=PM-123$/);
    expect(
      (await t.call(other, { method: 'GET', url: `/api/certifications/${cert.id}/certificate` })).statusCode,
    ).toBe(404);
  });

  it('lets a service administrator see the service’s credentials', async () => {
    const [service] = await t.database.db
      .insert(services)
      .values({ enterprise_id: t.enterpriseId, name: 'Cert County EMS' })
      .returning();
    await t.database.db.insert(servicePersonnel).values({
      enterprise_id: t.enterpriseId,
      service_id: service!.id,
      user_id: other.userId,
      is_administrator: true,
    });
    const cert = (
      await t.call(t.admin, {
        method: 'POST',
        url: '/api/certifications',
        payload: { certification: { license_id: serviceLicenseId, service_id: service!.id, number: 'S-1' } },
      })
    ).json();
    expect(
      (await t.call(other, { method: 'GET', url: `/api/certifications/${cert.id}` })).json().holder_name,
    ).toBe('Cert County EMS');
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/certifications/${cert.id}` })).statusCode,
    ).toBe(404);
    // Staff who read the registry see services' and vehicles' credentials too.
    const registryReader = await t.createCaller(['registry.read']);
    const listed = await t.call(registryReader, {
      method: 'GET',
      url: `/api/certifications?service_id=${service!.id}`,
    });
    expect(listed.json().items.map((c: { id: string }) => c.id)).toEqual([cert.id]);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const post = (certification: unknown, caller = t.admin) =>
      t.call(caller, { method: 'POST', url: '/api/certifications', payload: { certification } });
    expect((await post({ license_id: licenseId })).json().error.fields).toHaveProperty(['user_id']);
    expect(
      (await post({ license_id: randomUUID(), user_id: t.applicant.userId })).json().error.fields,
    ).toHaveProperty(['license_id']);
    expect(
      (await post({ license_id: serviceLicenseId, service_id: randomUUID() })).json().error.fields,
    ).toHaveProperty(['service_id']);
    expect(
      (await post({ license_id: serviceLicenseId, service_id: randomUUID() }, t.applicant)).statusCode,
    ).toBe(403);
    expect(
      (await post({ license_id: licenseId, user_id: t.applicant.userId, status: 'lost' })).statusCode,
    ).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/certifications' })).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/certifications/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/certifications/${randomUUID()}`,
          payload: { certification: { license_id: licenseId, user_id: t.applicant.userId } },
        })
      ).statusCode,
    ).toBe(404);
  });
});
