import { certifications, type Db, enterprises } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';

/**
 * Whether a caller may see the public fields (name, city, state) of a person: the person themselves;
 * staff who read people or administer security groups; other staff only when the public licence
 * lookup would show the person (the enterprise has it on and the person holds a credential). Portal
 * users see only themselves here: what the public may know of others they find in the public lookup,
 * which pages and rate-limits it, not by walking ids.
 */
export async function mayViewPublicPerson(
  db: Db,
  auth: AuthContext,
  enterpriseId: string,
  userId: string,
): Promise<boolean> {
  if (auth.userId === userId) return true;
  if (auth.isPortal) return false;
  if (auth.permissions.has('users.read') || auth.permissions.has('security.admin')) return true;
  const [row] = await db
    .select({ listed: sql<boolean>`true` })
    .from(certifications)
    .innerJoin(enterprises, eq(enterprises.id, certifications.enterprise_id))
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        eq(certifications.user_id, userId),
        isNull(certifications.deleted_at),
        eq(enterprises.public_lookup_enabled, true),
      ),
    )
    .limit(1);
  return row?.listed === true;
}
