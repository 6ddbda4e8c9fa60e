import { certifications, licenses } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { mapRowsFlat } from './fast-rows';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('mapRowsFlat', () => {
  it('maps a flat selection as drizzle does: dates, timestamps, arrays, json, nulls and sql columns', async () => {
    const { db } = t.database;
    const [license] = await db
      .insert(licenses)
      .values({ enterprise_id: t.enterpriseId, name: 'Fast rows licence', entity: 'user' })
      .returning();
    await db.insert(certifications).values([
      {
        enterprise_id: t.enterpriseId,
        license_id: license!.id,
        user_id: t.admin.userId,
        number: 'FR-1',
        issue_date: '2026-01-01',
        expiration_date: '2028-01-31',
        field_values: { a: [1, 'two'] },
        deleted_at: new Date('2026-02-03T04:05:06.789Z'),
      },
      { enterprise_id: t.enterpriseId, license_id: license!.id, user_id: t.admin.userId, number: 'FR-2' },
    ]);
    const select = () =>
      db
        .select({
          id: certifications.id,
          number: certifications.number,
          issue_date: certifications.issue_date,
          attribute_ids: certifications.attribute_ids,
          field_values: certifications.field_values,
          deleted_at: certifications.deleted_at,
          created_at: certifications.created_at,
          license_name: sql<string>`(select ${licenses.name} from ${licenses} where ${licenses.id} = ${certifications.license_id})`,
          n: sql<number>`length(${certifications.number})`.mapWith(Number),
        })
        .from(certifications)
        .where(eq(certifications.license_id, sql.placeholder('license')))
        .orderBy(certifications.number);
    const drizzles = await select().prepare('fast_rows_drizzle').execute({ license: license!.id });
    const fast = mapRowsFlat(select().prepare('fast_rows_fast'));
    const ours = await fast.execute({ license: license!.id });
    expect(ours).toEqual(drizzles);
    expect(ours[0]!.deleted_at).toEqual(new Date('2026-02-03T04:05:06.789Z'));
    expect(ours[0]!.created_at).toBeInstanceOf(Date);
    expect(ours[1]!.issue_date).toBeNull();
    expect(ours[0]!.field_values).toEqual({ a: [1, 'two'] });
    expect(ours[0]!.n).toBe(4);
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(drizzles[0]!));
  });

  it('leaves a nested selection to drizzle', () => {
    const prepared = t.database.db
      .select({ c: { id: certifications.id } })
      .from(certifications)
      .prepare('fast_rows_nested');
    expect((mapRowsFlat(prepared) as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    );
  });
});
