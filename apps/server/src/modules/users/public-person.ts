import { certifications, type Db, enterprises } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';

/**
 * Whether a caller may see the public fields (name, city, state) of a person: staff who read people or
 * administer security groups, the person themselves, and otherwise only when the public licence lookup
 * would show them (the enterprise has it on and the person holds a credential).
 */
export async function mayViewPublicPerson(
  db: Db,
  auth: AuthContext,
  enterpriseId: string,
  userId: string,
): Promise<boolean> {
  if (auth.userId === userId) return true;
  if (!auth.isPortal && (auth.permissions.has('users.read') || auth.permissions.has('security.admin')))
    return true;
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
