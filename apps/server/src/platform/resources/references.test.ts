import { randomUUID } from 'node:crypto';
import { createEnterprise, licenses, referenceTables } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realRecord } from '../../test/reference-records';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const post = (path: string, body: Record<string, unknown>) =>
  t.call(t.admin, { method: 'POST', url: `/api/${path}`, payload: body });

describe('references', () => {
  it('refuse a certification level whose national registry level does not exist', async () => {
    const res = await post('CertificationLevels', {
      certification_level: { label: 'Dangling', nremt_level_id: randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('nremt_level_id');
  });

  it('refuse an application type whose licence does not exist', async () => {
    const res = await post('ApplicationTypes', {
      application_type: { label: 'Initial', license_id: randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.license_id).toMatch(/There is no licence/);
  });

  it("refuse another enterprise's record and a deleted one, and accept a live one", async () => {
    const other = await t.database.db.transaction((tx) =>
      createEnterprise(tx, { name: 'Elsewhere' }, { referenceData: false }),
    );
    const [foreign] = await t.database.db
      .insert(licenses)
      .values({ enterprise_id: other.id, name: 'Foreign', entity: 'user' })
      .returning();
    const foreignRes = await post('ApplicationTypes', {
      application_type: { label: 'Initial', license_id: foreign!.id },
    });
    expect(foreignRes.statusCode).toBe(400);
    expect(foreignRes.json().error.fields).toHaveProperty('license_id');

    const [gone] = await t.database.db
      .insert(licenses)
      .values({ enterprise_id: t.enterpriseId, name: 'Retired', entity: 'user', deleted_at: new Date() })
      .returning();
    expect(
      (await post('ApplicationTypes', { application_type: { label: 'Initial', license_id: gone!.id } }))
        .statusCode,
    ).toBe(400);

    const live = await realRecord(t, 'licenses');
    const ok = await post('ApplicationTypes', { application_type: { label: 'Initial', license_id: live } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('check every id of a list of ids, and on update only what is sent', async () => {
    const license = await realRecord(t, 'licenses');
    const level = await realRecord(t, 'licensecategorylevels');
    const bad = await post('ApplicationTypes', {
      application_type: {
        label: 'Renewal',
        license_id: license,
        license_category_levels: [level, randomUUID()],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('license_category_levels');
    const created = await post('ApplicationTypes', {
      application_type: { label: 'Renewal', license_id: license, license_category_levels: [level] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const renamed = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/ApplicationTypes/${id}`,
      payload: { application_type: { label: 'Renewal (late)' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const dangling = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/ApplicationTypes/${id}`,
      payload: { application_type: { license_id: randomUUID() } },
    });
    expect(dangling.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(referenceTables.application_types)
      .where((await import('drizzle-orm')).eq(referenceTables.application_types.id, id));
    expect(row?.license_id).toBe(license);
  });
});
