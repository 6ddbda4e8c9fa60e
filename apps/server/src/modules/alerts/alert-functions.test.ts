import { alert_types, alerts, dataChangeLog } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import { createAlert, createAlerts } from './create-alert';
import { retireAlerts } from './retire-alerts';

let t: TestContext;
let typeId: string;
let otherTypeId: string;
beforeAll(async () => {
  t = await createTestContext();
  // Every enterprise starts with the standard alert types.
  const types = await t.database.db
    .select()
    .from(alert_types)
    .where(eq(alert_types.enterprise_id, t.enterpriseId));
  const a = types.find((x) => x.label === 'Credential expiring');
  const b = types.find((x) => x.label === 'Open deficiency');
  typeId = a!.id;
  otherTypeId = b!.id;
});
afterAll(async () => t?.close());

const changes = (id: string) =>
  t.database.db
    .select()
    .from(dataChangeLog)
    .where(and(eq(dataChangeLog.entity, 'alerts'), eq(dataChangeLog.object_id, id)));

describe('createAlert and retireAlerts (for trigger actions and scheduled tasks)', () => {
  it('creates an alert once while it is open, retires it, and logs both in the change log', async () => {
    const person = await fixtures(t).person();
    const input = {
      enterpriseId: t.enterpriseId,
      user_id: person.id,
      alert_type_id: typeId,
      value: 'Credential expires in 60 days',
      actorId: t.admin.userId,
    };
    const first = await t.database.db.transaction((tx) => createAlert(tx, input));
    expect(first.created).toBe(true);
    const again = await t.database.db.transaction((tx) => createAlert(tx, input));
    expect(again).toEqual({ id: first.id, created: false });
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, first.id));
    expect(row).toMatchObject({
      user_id: person.id,
      source: 'trigger',
      created_by: t.admin.userId,
      retired_at: null,
    });

    // Another type on the same person is not touched by retiring this one.
    const other = await t.database.db.transaction((tx) =>
      createAlert(tx, { ...input, alert_type_id: otherTypeId, source: 'task' }),
    );
    const retired = await t.database.db.transaction((tx) =>
      retireAlerts(tx, { enterpriseId: t.enterpriseId, user_id: person.id, alert_type_id: typeId }),
    );
    expect(retired).toBe(1);
    expect(
      await t.database.db.transaction((tx) =>
        retireAlerts(tx, { enterpriseId: t.enterpriseId, user_id: person.id, alert_type_id: typeId }),
      ),
    ).toBe(0);
    const [after] = await t.database.db.select().from(alerts).where(eq(alerts.id, first.id));
    expect(after!.retired_at).toBeInstanceOf(Date);
    const [stillOpen] = await t.database.db.select().from(alerts).where(eq(alerts.id, other.id));
    expect(stillOpen!.retired_at).toBeNull();
    expect((await changes(first.id)).map((c) => c.action)).toEqual(['create', 'update']);

    // Once retired, the same alert may be raised again.
    const reopened = await t.database.db.transaction((tx) => createAlert(tx, input));
    expect(reopened.created).toBe(true);
    expect(reopened.id).not.toBe(first.id);
  });

  it('retires only the alerts of the named credential when one is named', async () => {
    const f = fixtures(t);
    const service = await f.service();
    const base = { enterpriseId: t.enterpriseId, service_id: service.id, alert_type_id: typeId };
    const certA = '11111111-1111-4111-8111-111111111111';
    const certB = '22222222-2222-4222-8222-222222222222';
    await t.database.db.transaction(async (tx) => {
      await createAlert(tx, { ...base, certification_id: certA, value: 'A expiring' });
      await createAlert(tx, { ...base, certification_id: certB, value: 'B expiring' });
    });
    const n = await t.database.db.transaction((tx) => retireAlerts(tx, { ...base, certification_id: certA }));
    expect(n).toBe(1);
    const open = await t.database.db.select().from(alerts).where(eq(alerts.service_id, service.id));
    expect(open.filter((a) => !a.retired_at).map((a) => a.certification_id)).toEqual([certB]);
  });

  it('refuses a subject that is not exactly one person, service or vehicle', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        createAlert(tx, { enterpriseId: t.enterpriseId, alert_type_id: typeId, value: 'Nobody' }),
      ),
    ).rejects.toThrow(/exactly one person, service or vehicle/);
  });

  it('creates many at once, skipping repeats of open alerts and of each other, each in the change log', async () => {
    const f = fixtures(t);
    const people = await Promise.all([f.person(), f.person(), f.person()]);
    const open = await t.database.db.transaction((tx) =>
      createAlert(tx, {
        enterpriseId: t.enterpriseId,
        user_id: people[0]!.id,
        alert_type_id: typeId,
        value: 'x',
      }),
    );
    const inputs = [...people, people[1]!].map((p) => ({
      enterpriseId: t.enterpriseId,
      user_id: p.id,
      alert_type_id: typeId,
      value: 'Expiring soon',
      source: 'task' as const,
    }));
    const ids = await t.database.db.transaction((tx) => createAlerts(tx, inputs));
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(open.id);
    for (const id of ids) expect(await changes(id)).toHaveLength(1);
  });
});
