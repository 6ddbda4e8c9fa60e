import { counties, type Db, services, states, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/http/errors';

// The day and the current-link rule are the permissions' own, so access and listings agree.
export { currentLink, today } from '../../platform/permissions/roster';

export const tags = ['registry'];
export const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
export const serviceIdQuery = z.object({ service_id: z.uuid({ message: 'service_id must be a valid id' }) });

/** A live (not deleted) service of the enterprise, or 404. */
export async function findService(db: Db | Tx, enterpriseId: string, id: string) {
  const [s] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at)));
  if (!s) throw notFound('service');
  return s;
}

/** The service named by an input field: 400 naming the field when it is not a live service. */
export async function requireService(db: Db | Tx, enterpriseId: string, id: string, field = 'service_id') {
  const [s] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, id), eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at)));
  if (!s) throw badRequest({ [field]: `There is no service ${id}.` });
}

/** 400 naming `field` when a county FIPS code is not a known county. */
export async function requireCounties(db: Db | Tx, fips: readonly string[], field: string) {
  const wanted = [...new Set(fips)];
  if (wanted.length === 0) return;
  const found = await db.select({ fips: counties.fips }).from(counties).where(inArray(counties.fips, wanted));
  const known = new Set(found.map((c) => c.fips));
  const missing = wanted.find((f) => !known.has(f));
  if (missing) throw badRequest({ [field]: `There is no county with FIPS code ${missing}.` });
}

export const pageOf = <T>(items: T[], total: number, q: { currentPage: number; numPerPage: number }) => ({
  items,
  total,
  currentPage: q.currentPage,
  numPerPage: q.numPerPage,
});

/** A two-letter state code that exists (geo_states), upper-cased; 400 naming state_code otherwise. */
export async function stateCodeOf(db: Db | Tx, code: string): Promise<string> {
  const c = code.toUpperCase();
  const [s] = await db.select({ a: states.abbreviation }).from(states).where(eq(states.abbreviation, c));
  if (!s) throw badRequest({ state_code: `There is no state ${code}.` });
  return c;
}
