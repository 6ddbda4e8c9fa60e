import { type Db, identityProviders, samlRequests } from '@licensure/db';
import { type CacheProvider, SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import { publicOrigin } from '../../../platform/tenancy/public-origin';

export type IdentityProvider = typeof identityProviders.$inferSelect;
export type SamlRequestRow = typeof samlRequests.$inferSelect;

/** How long an AuthnRequest may wait for its answer. */
export const REQUEST_TTL_MS = 10 * 60_000;
export const CLOCK_SKEW_MS = 60_000;

export class SamlFailure extends Error {}

/**
 * Entity id and ACS address of this service provider, on the public origin (the enterprise's web
 * address, else PUBLIC_URL; the request's origin only on this machine outside production), never on
 * whatever Host a request names.
 */
export async function spUrls(app: FastifyInstance, request: FastifyRequest) {
  const origin = await publicOrigin(app, request);
  if (!origin) throw new SamlFailure('PUBLIC_URL is not configured and the request host is not trusted');
  return {
    entityId: `${origin}/api/Saml20/Metadata`,
    acsUrl: `${origin}/api/Saml20/Acs`,
    logoutUrl: `${origin}/api/Saml20/Logout`,
  };
}

/**
 * Request ids kept in the database, so any server process can check InResponseTo; single use, scoped
 * to one identity provider, and expiring. `found` is the row of the request answered.
 */
export class RequestStore implements CacheProvider {
  found: SamlRequestRow | null = null;

  constructor(
    private readonly db: Db,
    private readonly idpId: string,
    private readonly pending?: { isPortal: boolean; returnPath: string | null },
  ) {}

  async saveAsync(key: string, value: string) {
    if (!this.pending) throw new SamlFailure('no pending request to save');
    await this.db.delete(samlRequests).where(lt(samlRequests.expires_at, sql`now()`));
    await this.db.insert(samlRequests).values({
      id: key,
      identity_provider_id: this.idpId,
      is_portal: this.pending.isPortal,
      return_path: this.pending.returnPath,
      expires_at: new Date(Date.now() + REQUEST_TTL_MS),
    });
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string) {
    const [row] = await this.db
      .select()
      .from(samlRequests)
      .where(
        and(
          eq(samlRequests.id, key),
          eq(samlRequests.identity_provider_id, this.idpId),
          gt(samlRequests.expires_at, sql`now()`),
        ),
      );
    if (!row) return null;
    this.found = row;
    return row.created_at.toISOString();
  }

  async removeAsync(key: string | null) {
    if (!key) return null;
    const [row] = await this.db
      .delete(samlRequests)
      .where(and(eq(samlRequests.id, key), eq(samlRequests.identity_provider_id, this.idpId)))
      .returning({ id: samlRequests.id });
    return row?.id ?? null;
  }
}

/** A node-saml service provider talking to one identity provider. */
export function serviceProvider(
  config: Config,
  urls: Awaited<ReturnType<typeof spUrls>>,
  idp: IdentityProvider,
  store: RequestStore,
): SAML {
  if (!idp.certificate) throw new SamlFailure(`identity provider ${idp.code} has no certificate`);
  const algorithm = idp.signature_algorithm === 'sha512' ? 'sha512' : 'sha256';
  const options: SamlConfig = {
    callbackUrl: urls.acsUrl,
    issuer: urls.entityId,
    audience: urls.entityId,
    entryPoint: idp.entry_point ?? undefined,
    // Where LogoutResponses go (node-saml falls back to the entry point).
    logoutUrl: idp.logout_url ?? undefined,
    idpCert: idp.certificate,
    idpIssuer: idp.issuer ?? undefined,
    wantAssertionsSigned: idp.want_assertions_signed,
    wantAuthnResponseSigned: idp.want_response_signed,
    signatureAlgorithm: algorithm,
    identifierFormat: idp.name_id_format,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: store,
  };
  if (config.SAML_SP_PRIVATE_KEY) {
    options.privateKey = config.SAML_SP_PRIVATE_KEY;
    options.publicCert = config.SAML_SP_CERT;
  }
  return new SAML(options);
}

/** The active identity provider of an enterprise by its code (case-insensitive). */
export async function findIdentityProvider(
  db: Db,
  enterpriseId: string,
  code: string,
): Promise<IdentityProvider | null> {
  const [idp] = await db
    .select()
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.enterprise_id, enterpriseId),
        sql`lower(${identityProviders.code}) = lower(${code})`,
        eq(identityProviders.active, true),
      ),
    )
    .limit(1);
  return idp ?? null;
}

/** The Destination of a Response, when it names one, must be our ACS. */
export function checkDestination(samlResponse: string, acsUrl: string): void {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const start = /<(?:[\w-]+:)?Response\b[^>]*>/.exec(xml)?.[0];
  if (!start) throw new SamlFailure('no Response element');
  const destination = /\sDestination\s*=\s*["']([^"']*)["']/.exec(start)?.[1];
  if (destination !== undefined && destination !== acsUrl)
    throw new SamlFailure(`Destination ${destination} is not ${acsUrl}`);
}
