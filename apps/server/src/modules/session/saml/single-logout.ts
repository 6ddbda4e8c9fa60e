import { inflateRawSync } from 'node:zlib';
import { type SamlSingleLogoutQuery, samlLogoutRefused } from '@licensure/contracts';
import { type Db, identityProviders, samlLogoutRequests, samlSessions, sessions } from '@licensure/db';
import type { Profile, SAML } from '@node-saml/node-saml';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE } from '../../../platform/auth/session-store';
import { AppError } from '../../../platform/http/errors';
import {
  CLOCK_SKEW_MS,
  type IdentityProvider,
  REQUEST_TTL_MS,
  RequestStore,
  SamlFailure,
  serviceProvider,
  spUrls,
} from './service-provider';

/** Query signature algorithms accepted (HTTP-Redirect binding); SHA-1 is refused, as for AuthnRequests. */
const SIGNATURE_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);

/** What the root element of a LogoutRequest says, read before its signature is checked. */
interface LogoutRequestHead {
  issuer: string;
  issueInstant: Date;
  destination: string | undefined;
}

export function readLogoutRequest(samlRequest: string): LogoutRequestHead {
  let xml: string;
  try {
    const deflated = Buffer.from(samlRequest, 'base64');
    xml = inflateRawSync(deflated, { maxOutputLength: 200_000 }).toString('utf8');
  } catch {
    throw new SamlFailure('SAMLRequest is not a deflated, base64 message');
  }
  const start = /<(?:[\w-]+:)?LogoutRequest\b[^>]*>/.exec(xml)?.[0];
  if (!start) throw new SamlFailure('no LogoutRequest element');
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(start)?.[1];
  const issuer = /<(?:[\w-]+:)?Issuer\b[^>]*>\s*([^<]*?)\s*<\//.exec(xml)?.[1];
  if (!issuer) throw new SamlFailure('LogoutRequest without Issuer');
  const issueInstant = new Date(attribute('IssueInstant') ?? '');
  if (Number.isNaN(issueInstant.getTime())) throw new SamlFailure('LogoutRequest without IssueInstant');
  return { issuer, issueInstant, destination: attribute('Destination') };
}

/** The LogoutRequest is recent: issued within REQUEST_TTL_MS, not in the future (clock skew allowed). */
function checkIssueInstant(issued: Date, now = Date.now()): void {
  const at = issued.getTime();
  if (at > now + CLOCK_SKEW_MS) throw new SamlFailure('LogoutRequest issued in the future');
  if (at < now - REQUEST_TTL_MS - CLOCK_SKEW_MS) throw new SamlFailure('LogoutRequest too old');
}

/** Active identity providers of the enterprise this request could come from (its issuer, or none set). */
async function candidates(db: Db, enterpriseId: string, issuer: string): Promise<IdentityProvider[]> {
  return db
    .select()
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.enterprise_id, enterpriseId),
        eq(identityProviders.active, true),
        or(eq(identityProviders.issuer, issuer), isNull(identityProviders.issuer)),
      ),
    )
    .orderBy(asc(identityProviders.created_at), asc(identityProviders.id));
}

/**
 * Remembers a LogoutRequest ID until its IssueInstant is no longer accepted; false when it was already
 * seen. The primary key makes this atomic across server processes.
 */
async function firstUse(db: Db, idpId: string, requestId: string, issued: Date): Promise<boolean> {
  await db.delete(samlLogoutRequests).where(lt(samlLogoutRequests.expires_at, sql`now()`));
  const rows = await db
    .insert(samlLogoutRequests)
    .values({
      identity_provider_id: idpId,
      id: requestId,
      expires_at: new Date(issued.getTime() + REQUEST_TTL_MS + 2 * CLOCK_SKEW_MS),
    })
    .onConflictDoNothing()
    .returning({ id: samlLogoutRequests.id });
  return rows.length > 0;
}

/** Sessions started by sign-in with these identity providers for the NameID (and SessionIndex, if named). */
async function sessionsOf(db: Db, enterpriseId: string, idpIds: string[], profile: Profile) {
  const rows = await db
    .select({ id: samlSessions.session_id })
    .from(samlSessions)
    .innerJoin(sessions, eq(sessions.id, samlSessions.session_id))
    .where(
      and(
        inArray(samlSessions.identity_provider_id, idpIds),
        eq(samlSessions.name_id, profile.nameID),
        profile.sessionIndex ? eq(samlSessions.session_index, profile.sessionIndex) : undefined,
        eq(sessions.enterprise_id, enterpriseId),
      ),
    );
  return rows.map((r) => r.id);
}

/** The raw query string as received: the redirect binding signs its encoded bytes. */
const rawQuery = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
};

/**
 * Single logout, HTTP-Redirect binding, initiated by the identity provider: checks the LogoutRequest
 * (signature over the query with the IdP's certificate, issuer, destination, time, first use), ends the
 * SAML sessions it names and answers the IdP's SLO address with a LogoutResponse (signed with
 * SAML_SP_PRIVATE_KEY): Success when sessions ended, Requester/UnknownPrincipal when none matched.
 * Anything refused ends nothing and answers 400.
 */
export async function singleLogout(
  app: FastifyInstance,
  request: FastifyRequest,
  query: SamlSingleLogoutQuery,
): Promise<{ location: string; clearCookie: boolean }> {
  const { db } = app.deps.database;
  try {
    const { SAMLRequest, SigAlg, Signature } = query;
    if (!SAMLRequest) throw new SamlFailure('no SAMLRequest');
    if (!Signature || !SigAlg) throw new SamlFailure('unsigned LogoutRequest');
    if (!SIGNATURE_ALGORITHMS.has(SigAlg)) throw new SamlFailure(`signature algorithm ${SigAlg} refused`);
    const urls = await spUrls(app, request);
    const head = readLogoutRequest(SAMLRequest);
    if (head.destination !== undefined && head.destination !== urls.logoutUrl)
      throw new SamlFailure(`Destination ${head.destination} is not ${urls.logoutUrl}`);
    checkIssueInstant(head.issueInstant);

    const verified: { idp: IdentityProvider; saml: SAML; profile: Profile }[] = [];
    const reasons: string[] = [];
    for (const idp of await candidates(db, request.enterpriseId, head.issuer)) {
      try {
        const saml = serviceProvider(app.deps.config, urls, idp, new RequestStore(db, idp.id));
        const { profile } = await saml.validateRedirectAsync({ ...query }, rawQuery(request));
        if (profile?.ID && profile.nameID) verified.push({ idp, saml, profile });
      } catch (err) {
        reasons.push(`${idp.code}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const [first] = verified;
    if (!first) throw new SamlFailure(`no identity provider verifies it (${reasons.join('; ') || 'none'})`);
    const { profile } = first;
    if (!(await firstUse(db, first.idp.id, profile.ID ?? '', head.issueInstant)))
      throw new SamlFailure(`LogoutRequest ${profile.ID} was already used`);

    const ended = await sessionsOf(
      db,
      request.enterpriseId,
      verified.map((v) => v.idp.id),
      profile,
    );
    for (const id of ended) await app.deps.sessions.end(id);
    const cookie = request.cookies[SESSION_COOKIE];
    request.log.info(
      { idp: first.idp.code, logout_request: profile.ID, sessions_ended: ended.length },
      'SAML single logout',
    );
    const location = await first.saml.getLogoutResponseUrlAsync(
      profile,
      query.RelayState ?? '',
      {},
      ended.length > 0,
    );
    return { location, clearCookie: !!cookie && ended.includes(hashToken(cookie)) };
  } catch (err) {
    if (!(err instanceof SamlFailure)) throw err;
    request.log.warn({ reason: err.message }, 'SAML single logout refused');
    throw new AppError('validation_failed', samlLogoutRefused);
  }
}
