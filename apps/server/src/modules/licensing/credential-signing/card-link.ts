import type { CredentialView } from '@licensure/contracts';
import { enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../../platform/tenancy/public-origin';
import { SigningKeyUnavailableError } from './key-vault';
import { type Issuer, signStatement, statementOf } from './sign-statement';
import { currentSigningKey } from './signing-keys';

/** Who issues the enterprise's cards: its public web address (or its id as a URN when it has none) and name. */
export async function issuerOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Issuer & { origin: string }> {
  const origin = (await publicOrigin(app, request)) ?? '';
  const [enterprise] = await app.deps.database.db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, request.enterpriseId));
  return { id: origin || `urn:uuid:${request.enterpriseId}`, name: enterprise?.name ?? '', origin };
}

/**
 * The address a card's QR code opens: `/verify?token=<signed statement>` on the public origin, so the
 * card proves itself offline and `/verify` adds the live status. Without a way to open signing keys
 * (no SSN_KEY: bare test servers only, main.ts always has one) the card links by number as before.
 */
export async function cardLink(
  app: FastifyInstance,
  request: FastifyRequest,
  credential: CredentialView,
): Promise<{ url: string; lookupUrl: string; token: string | null; enterpriseName: string }> {
  const issuer = await issuerOf(app, request);
  const byNumber = `${issuer.origin}/verify?number=${encodeURIComponent(credential.number)}`;
  try {
    const key = await currentSigningKey(app.deps.database.db, app.deps.config.SSN_KEY, request.enterpriseId);
    const token = await signStatement(key, statementOf(issuer, credential));
    return {
      url: `${issuer.origin}/verify?token=${token}`,
      lookupUrl: byNumber,
      token,
      enterpriseName: issuer.name,
    };
  } catch (err) {
    if (!(err instanceof SigningKeyUnavailableError)) throw err;
    request.log.warn('credential signing is not configured (no SSN_KEY): the card links by number');
    return { url: byNumber, lookupUrl: byNumber, token: null, enterpriseName: issuer.name };
  }
}
