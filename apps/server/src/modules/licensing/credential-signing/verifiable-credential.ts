import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/errors';
import { presentCredential } from '../credential-presenter';
import { visibleCertification } from '../visible-certification';
import { issuerOf } from './card-link';
import { SigningKeyUnavailableError, signingNotConfigured } from './key-vault';
import { signVerifiableCredential, statementOf } from './sign-statement';
import { currentSigningKey } from './signing-keys';

/** A credential the caller may see as a W3C Verifiable Credential 2.0 (vc+jwt), for a wallet. */
export async function verifiableCredentialOf(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<{ number: string; jwt: string }> {
  const { db } = app.deps.database;
  const credential = presentCredential(await visibleCertification(db, request, id));
  const issuer = await issuerOf(app, request);
  try {
    const key = await currentSigningKey(db, app.deps.config.SSN_KEY, request.enterpriseId);
    const verifyUrl = `${issuer.origin}/verify?number=${encodeURIComponent(credential.number)}`;
    const jwt = await signVerifiableCredential(key, statementOf(issuer, credential), verifyUrl);
    return { number: credential.number, jwt };
  } catch (err) {
    if (!(err instanceof SigningKeyUnavailableError)) throw err;
    throw new AppError('conflict', signingNotConfigured);
  }
}
