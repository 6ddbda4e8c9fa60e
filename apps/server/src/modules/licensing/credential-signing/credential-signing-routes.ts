import {
  credentialJwksPath,
  credentialSigningKeyOutput,
  credentialVerification,
  credentialVerificationInput,
  verifiableCredentialMediaType,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/audit/record-change';
import { AppError } from '../../../platform/http/errors';
import { speaksForHolder } from '../../../platform/permissions/policies';
import { canSeal, signingNotConfigured } from './key-vault';
import { ensureSigningKeys, listSigningKeys, publishedKeys, rotateSigningKey } from './signing-keys';
import { verifiableCredentialOf } from './verifiable-credential';
import { verifyStatement } from './verify-statement';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const jwk = z.object({
  kty: z.string(),
  crv: z.string(),
  x: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
});

/**
 * Signed credentials (issue 27 item 7): the published keys, the check `/verify` makes of a card's
 * token, the staff's key rotation, and a holder's Verifiable Credential download.
 */
export async function credentialSigningRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const ssnKey = () => app.deps.config.SSN_KEY;

  app.addHook('onReady', async () => {
    if (!canSeal(ssnKey())) return;
    const made = await ensureSigningKeys(db, ssnKey());
    if (made > 0) app.log.info({ made }, 'made credential signing keys');
  });

  // Outside /api, like the web app's files: anyone may read it, and no session is loaded for it, so the
  // enterprise is the one whose web address the request names (as for a signed-out visitor).
  r.get(credentialJwksPath, {
    config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'The public keys that verify this office’s signed credentials (JWKS, RFC 7517)',
      response: { 200: z.object({ keys: z.array(jwk) }) },
    },
    handler: async (request, reply) => {
      const enterpriseId = await app.deps.resolver.resolve(request.hostname);
      const keys = enterpriseId ? await publishedKeys(db, enterpriseId) : [];
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .type('application/jwk-set+json')
        .send({ keys });
    },
  });

  r.post('/api/credentials/verify', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        'Checks a card’s signed statement (compact JWS) against the published keys and the credential’s live status',
      body: credentialVerificationInput,
      response: { 200: credentialVerification },
    },
    handler: async (request) => verifyStatement(db, request.enterpriseId, request.body.token),
  });

  r.get('/api/credential-signing-keys', {
    config: { access: 'enterprise.read' },
    schema: {
      tags,
      summary: 'The office’s credential signing keys: current, retired, and until when each stays published',
      response: { 200: z.array(credentialSigningKeyOutput) },
    },
    handler: async (request) => listSigningKeys(db, request.enterpriseId),
  });

  r.post('/api/credential-signing-keys/rotate', {
    config: { access: 'enterprise.write' },
    schema: {
      tags,
      summary:
        'Retires the current signing key (still published until the cards it signed expire) and makes a new one',
      response: { 200: z.array(credentialSigningKeyOutput) },
    },
    handler: async (request) => {
      if (!canSeal(ssnKey())) throw new AppError('conflict', signingNotConfigured);
      await db.transaction((tx) => rotateSigningKey(tx, ssnKey(), actorOf(request)));
      return listSigningKeys(db, request.enterpriseId);
    },
  });

  r.get('/api/certifications/:id/vc', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'The credential as a W3C Verifiable Credential 2.0 secured as a JWS (application/vc+jwt), for a digital wallet',
      params: idParams,
    },
    handler: async (request, reply) => {
      const { number, jwt } = await verifiableCredentialOf(app, request, request.params.id);
      const name = `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.vc.jwt`;
      return reply
        .type(verifiableCredentialMediaType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(jwt);
    },
  });
}
