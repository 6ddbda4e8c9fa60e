import {
  alerts,
  certifications,
  createUser,
  positions,
  servicePersonnel,
  services,
  serviceVehicles,
  vehicles,
} from '@licensure/db';
import type { TestContext } from '../../test/test-app';

/** Direct inserts for registry tests (what other modules, e.g. licensing, would create). */
export function fixtures(t: TestContext) {
  const db = t.database.db;
  const e = t.enterpriseId;
  let n = 0;
  return {
    async service(values: Partial<typeof services.$inferInsert> = {}) {
      const [s] = await db
        .insert(services)
        .values({
          enterprise_id: e,
          name: `Service ${++n} ${Math.random().toString(36).slice(2, 7)}`,
          ...values,
        })
        .returning();
      return s!;
    },
    async vehicle(values: Partial<typeof vehicles.$inferInsert> = {}, serviceId?: string) {
      const [v] = await db
        .insert(vehicles)
        .values({
          enterprise_id: e,
          serial_number: `SN-${++n}-${Math.random().toString(36).slice(2, 7)}`,
          ...values,
        })
        .returning();
      if (serviceId) await db.insert(serviceVehicles).values({ service_id: serviceId, vehicle_id: v!.id });
      return v!;
    },
    async certification(values: Partial<typeof certifications.$inferInsert>) {
      const [c] = await db
        .insert(certifications)
        .values({ enterprise_id: e, number: `LIC-${++n}`, ...values })
        .returning();
      return c!;
    },
    async alert(values: Partial<typeof alerts.$inferInsert>) {
      const [a] = await db
        .insert(alerts)
        .values({ enterprise_id: e, value: 'An alert', ...values })
        .returning();
      return a!;
    },
    async position(label: string) {
      const [p] = await db.insert(positions).values({ enterprise_id: e, label }).returning();
      return p as { id: string; label: string };
    },
    person: () => createUser(db, e),
    async roster(
      serviceId: string,
      userId: string,
      values: Partial<typeof servicePersonnel.$inferInsert> = {},
    ) {
      const [r] = await db
        .insert(servicePersonnel)
        .values({ enterprise_id: e, service_id: serviceId, user_id: userId, ...values })
        .returning();
      return r!;
    },
  };
}

/** A date N days from today (UTC), YYYY-MM-DD. */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
