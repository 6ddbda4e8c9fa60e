/**
 * What bench/list-endpoint.ts lists: the resource a bench URL names, the SQL our list statements run
 * for it, and the rows the scoped mode adds (a portal user's credentials among many).
 */
import { listQuery, referenceLists } from '@licensure/contracts';
import { certifications, type Db, licenses, referenceTables, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { certificationResource } from '../apps/server/src/modules/licensing/certification.resources';
import type { AuthContext } from '../apps/server/src/platform/auth/context';
import { fromFieldSpec } from '../apps/server/src/platform/resources/from-field-spec';
import { createListStatements } from '../apps/server/src/platform/resources/list-statements';
import type { Resource } from '../apps/server/src/platform/resources/types';

/** A word-like label per row, in an order unrelated to insertion, so sorting by label does real work. */
export const benchLabel = (i: number) =>
  `${(Math.imul(i + 1, 2654435761) >>> 0).toString(36)} element ${i + 1}`;

/**
 * Scoped mode: one licence and `rows` credentials, one in twenty held by the demo applicant, so the
 * portal user's row scope selects a few hundred of thousands.
 */
export async function addCredentials(db: Db, enterpriseId: string, rows: number) {
  const [applicant] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, 'applicant'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, 'admin'));
  const [license] = await db
    .insert(licenses)
    .values({ enterprise_id: enterpriseId, name: 'Bench licence', entity: 'user' })
    .returning();
  for (let start = 0; start < rows; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(rows, start + 1000); i++)
      batch.push({
        enterprise_id: enterpriseId,
        license_id: license!.id,
        user_id: i % 20 === 0 ? applicant!.id : admin!.id,
        number: benchLabel(i),
        issue_date: '2026-01-01',
        expiration_date: '2028-01-31',
      });
    await db.insert(certifications).values(batch);
  }
}

/** The resource a bench URL lists: the scoped credentials, or a reference list. */
export function benchResource(pathname: string): Resource {
  if (pathname.toLowerCase() === '/api/certifications') return certificationResource;
  const spec = referenceLists.find((s) => `/api/${s.path}`.toLowerCase() === pathname.toLowerCase());
  if (!spec) throw new Error(`BENCH_PATH ${pathname} is neither a reference list nor /api/certifications`);
  return fromFieldSpec(spec, referenceTables[spec.key as keyof typeof referenceTables]);
}

/** The SQL our list handler runs for the bench URL, from the server's own list statements. */
export function listSql(
  db: Db,
  resource: Resource,
  enterpriseId: string,
  auth: AuthContext | null,
  search: URLSearchParams,
) {
  const input = Object.fromEntries(search);
  const q = { ...input, ...listQuery.parse(input) };
  return createListStatements(db, resource).sqlFor(enterpriseId, auth, q);
}
