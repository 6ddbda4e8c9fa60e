import { type Db, user_statuses, users } from '@licensure/db';
import type { Profile } from '@node-saml/node-saml';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordChange } from '../../../platform/audit/record-change';
import { type IdentityProvider, SamlFailure } from './service-provider';

export interface MatchedUser {
  id: string;
  enterprise_id: string;
  provisioned: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function attribute(profile: Profile, name: string | null): string | null {
  if (!name) return null;
  const v = profile[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
}

/**
 * The user a validated assertion signs in (docs/saml.md): the e-mail address (the configured
 * attribute, else the NameID) matched case-insensitively against users.email in the identity
 * provider's enterprise, not deleted; staff sign-in takes staff users only. Without a match, a portal
 * person is created when the identity provider allows it; staff users are never created.
 */
export async function matchUser(
  db: Db,
  idp: IdentityProvider,
  profile: Profile,
  isPortal: boolean,
): Promise<MatchedUser> {
  const email = idp.email_attribute ? attribute(profile, idp.email_attribute) : profile.nameID?.trim();
  if (!email || !EMAIL.test(email) || email.length > 320)
    throw new SamlFailure('no e-mail address in the assertion');

  const candidates = await db
    .select({
      id: users.id,
      enterprise_id: users.enterprise_id,
      is_staff: users.is_staff,
      status_locked: user_statuses.locked,
    })
    .from(users)
    .leftJoin(user_statuses, eq(user_statuses.id, users.user_status_id))
    .where(
      and(
        eq(users.enterprise_id, idp.enterprise_id),
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deleted_at),
        isPortal ? undefined : eq(users.is_staff, true),
      ),
    )
    .limit(2);

  if (candidates.length > 1) throw new SamlFailure(`more than one user has the e-mail address ${email}`);
  const user = candidates[0];
  if (user) {
    if (user.status_locked) throw new SamlFailure(`user ${user.id} is locked`);
    await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
    return { id: user.id, enterprise_id: user.enterprise_id, provisioned: false };
  }

  if (!isPortal) throw new SamlFailure(`no staff user has the e-mail address ${email}`);
  if (!idp.provision_users) throw new SamlFailure(`no user has the e-mail address ${email}`);

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        enterprise_id: idp.enterprise_id,
        user_name: email,
        email,
        first_name: attribute(profile, idp.first_name_attribute),
        last_name: attribute(profile, idp.last_name_attribute),
        is_staff: false,
        last_login_at: new Date(),
      })
      .returning({ id: users.id, enterprise_id: users.enterprise_id });
    if (!created) throw new SamlFailure('the person was not created');
    await recordChange(
      tx,
      { userId: null, enterpriseId: idp.enterprise_id },
      {
        entity: 'users',
        objectId: created.id,
        action: 'create',
        after: { email, is_staff: false, source: `saml:${idp.code}` },
      },
    );
    return { ...created, provisioned: true };
  });
}
