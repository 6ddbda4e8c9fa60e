import { createHash, randomBytes } from 'node:crypto';
import { enterprises, passwordResetTokens } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queueMail } from '../../../platform/mail/mail-queue';
import { publicOrigin } from '../../../platform/tenancy/public-origin';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A new random token for a link, and the hash that is stored instead of it. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sha256(token) };
}

const RESET_LIFETIME_MS = 60 * 60_000;
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export interface MailedPerson {
  id: string;
  email: string;
  user_name: string | null;
}

/**
 * Mails a single-use link to choose a password (`/reset-password?token=`): a reset (valid an hour) or
 * an invitation to the portal (valid a week). Links use the configured public origin, never the request's
 * Host (docs/security.md); without one nothing is mailed and the answer is false.
 */
export async function mailPasswordLink(
  app: FastifyInstance,
  request: FastifyRequest,
  person: MailedPerson,
  kind: 'reset' | 'invite',
): Promise<boolean> {
  const { db } = app.deps.database;
  const origin = await publicOrigin(app, request);
  if (!origin) {
    request.log.error(
      { host: request.host },
      'no password link sent: set PUBLIC_URL or the enterprise web address (the request host is not trusted)',
    );
    return false;
  }
  const { token, id } = newToken();
  const lifetime = kind === 'invite' ? INVITE_LIFETIME_MS : RESET_LIFETIME_MS;
  await db
    .insert(passwordResetTokens)
    .values({ id, user_id: person.id, expires_at: new Date(Date.now() + lifetime) });
  const link = `${origin}/reset-password?token=${token}`;
  if (kind === 'reset') {
    await queueMail(app.deps, {
      enterpriseId: request.enterpriseId,
      to: person.email,
      subject: 'Reset your password',
      text: [
        `Someone asked to reset the password of the account ${person.user_name}.`,
        `To choose a new password, open ${link} within an hour.`,
        'If it was not you, ignore this message: your password stays as it is.',
      ].join('\n\n'),
    });
    return true;
  }
  const [enterprise] = await db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, request.enterpriseId));
  await queueMail(app.deps, {
    enterpriseId: request.enterpriseId,
    to: person.email,
    subject: `Your account in the portal of ${enterprise?.name ?? 'the licensing office'}`,
    text: [
      `The ${enterprise?.name ?? 'licensing office'} has opened a portal account for you, with the user name ${person.user_name}.`,
      `To choose your password, open ${link} within a week. Then sign in to the applicant portal with your user name and that password.`,
      'If you did not expect this message, you can ignore it.',
    ].join('\n\n'),
  });
  return true;
}
