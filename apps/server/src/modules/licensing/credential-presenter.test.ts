import { randomUUID } from 'node:crypto';
import type { CredentialView } from '@licensure/contracts';
import { certifications, referenceTables } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { createTestContext, type TestContext } from '../../test/test-app';
import { presentCredential } from './credential-presenter';

describe('presentCredential', () => {
  const row = { number: 'EMT-1', status: 'active', issue_date: '2026-01-01', expiration_date: null };
  it('titles a credential by its licence, else its level, else "Credential"; writes the status in words', () => {
    expect(
      presentCredential({ ...row, license_name: 'EMS Personnel Certification', level_label: 'EMT' }),
    ).toMatchObject({ title: 'EMS Personnel Certification', level_label: 'EMT', status_label: 'Active' });
    expect(presentCredential({ ...row, license_name: null, level_label: 'EMT' }).title).toBe('EMT');
    expect(presentCredential({ ...row, license_name: ' ', level_label: null }).title).toBe('Credential');
    expect(presentCredential({ ...row, status: 'suspended' }).status_label).toBe('Suspended');
  });
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

/** The same credential as My licences, the certificate (its text) and the public lookup give it. */
async function threeViews(id: string, number: string) {
  const mine = await t.call(t.applicant, { method: 'GET', url: '/api/certifications' });
  expect(mine.statusCode).toBe(200);
  const listed = (mine.json().items as (CredentialView & { id: string })[]).find((c) => c.id === id);
  const pdf = await t.call(t.applicant, { method: 'GET', url: `/api/certifications/${id}/certificate` });
  expect(pdf.statusCode).toBe(200);
  const lookup = await t.call(null, {
    method: 'POST',
    url: '/api/PublicLookupUser',
    payload: { license_number: number },
  });
  expect(lookup.statusCode).toBe(200);
  const found = (lookup.json() as { credential: CredentialView }[]).map((r) => r.credential);
  return { listed, certificate: pdfToText(pdf.rawPayload), verified: found };
}

const viewOf = (c: CredentialView) => ({
  number: c.number,
  license_name: c.license_name,
  title: c.title,
  level_label: c.level_label,
  holder_name: c.holder_name,
  status: c.status,
  status_label: c.status_label,
  issue_date: c.issue_date,
  expiration_date: c.expiration_date,
});

describe('one credential, three places', () => {
  it('shows a credential recorded with a certification level alone the same in My licences, the certificate and /verify', async () => {
    const [level] = await t.database.db
      .insert(referenceTables.certification_levels)
      .values({ enterprise_id: t.enterpriseId, label: 'EMT Basic', code: `E${randomUUID().slice(0, 6)}` })
      .returning();
    const number = `EMT-${randomUUID().slice(0, 6).toUpperCase()}`;
    const [cert] = await t.database.db
      .insert(certifications)
      .values({
        enterprise_id: t.enterpriseId,
        user_id: t.applicant.userId,
        certification_level_id: level!.id as string,
        number,
        status: 'active',
        issue_date: '2024-01-01',
        expiration_date: '2028-01-31',
      })
      .returning();
    const { listed, certificate, verified } = await threeViews(cert!.id, number);
    expect(listed).toMatchObject({ level_label: 'EMT Basic', title: 'EMT Basic', status_label: 'Active' });
    expect(verified.map(viewOf)).toEqual([viewOf(listed!)]);
    // The certificate: titled by the level (not "Licence"), the level held and the status in words.
    expect(certificate).toContain('holds the level EMT Basic');
    expect(certificate).toContain('Status: Active');
    expect(certificate).not.toMatch(/^Licence$/m);
  });

  it('shows a credential issued through a licence with its licence, category level and dates everywhere', async () => {
    const category = randomUUID();
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: { name: `Paramedic Licence ${randomUUID().slice(0, 4)}`, entity: 'user' },
        license_categories: [{ id: category, label: 'Provider' }],
        license_category_levels: [{ label: 'Paramedic', license_category_id: category }],
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const licence = created.json();
    const number = `PM-${randomUUID().slice(0, 6).toUpperCase()}`;
    const cert = await t.call(t.admin, {
      method: 'POST',
      url: '/api/certifications',
      payload: {
        certification: {
          license_id: licence.id,
          license_category_level_id: licence.license_category_levels[0].id,
          user_id: t.applicant.userId,
          number,
          issue_date: '2026-02-01',
          expiration_date: '2028-02-29',
        },
      },
    });
    expect(cert.statusCode, cert.body).toBe(201);
    const { listed, certificate, verified } = await threeViews(cert.json().id, number);
    expect(listed).toMatchObject({
      license_name: licence.name,
      level_label: 'Paramedic',
      status_label: 'Active',
      issue_date: '2026-02-01',
      expiration_date: '2028-02-29',
    });
    expect(verified.map(viewOf)).toEqual([viewOf(listed!)]);
    expect(certificate).toContain(listed!.title);
    expect(certificate).toContain('holds the level Paramedic');
    expect(certificate).toContain('February 29, 2028');
  });
});
