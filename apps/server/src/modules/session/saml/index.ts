import {
  samlAcsBody,
  samlLogoutBody,
  samlLogoutResult,
  samlSignInQuery,
  samlSingleLogoutQuery,
} from '@licensure/contracts';
import { enterprises, samlSessions } from '@licensure/db';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSession, hashToken, SESSION_COOKIE } from '../../../platform/auth/session-store';
import { notFound } from '../../../platform/http/errors';
import { self } from '../../../platform/permissions/policies';
import { registerResource } from '../../../platform/resources/register';
import { identityProviderResource } from './identity-providers.resources';
import { matchUser } from './match-user';
import { decodeRelayState, encodeRelayState, safeReturnPath } from './return-path';
import {
  checkDestination,
  findIdentityProvider,
  RequestStore,
  SamlFailure,
  serviceProvider,
  spUrls,
} from './service-provider';
import { singleLogout } from './single-logout';

const tags = ['session'];
export const SAML_FAILURE_PATH = '/signin?error=saml';

/** SAML 2.0 single sign-on: SP metadata, SignIn (redirect binding), ACS (POST binding), Logout. */
export async function samlRoutes(parent: FastifyInstance): Promise<void> {
  await parent.register(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const { config } = app.deps;
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.secureCookies,
    };

    // The identity provider posts a form; parsed in this scope only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    registerResource(app, identityProviderResource);

    r.get('/api/Saml20/Metadata', {
      config: { access: 'public' },
      schema: { tags, summary: 'SAML metadata of this service provider' },
      handler: async (request, reply) => {
        const urls = await spUrls(app, request);
        const xml = generateServiceProviderMetadata({
          issuer: urls.entityId,
          callbackUrl: urls.acsUrl,
          logoutCallbackUrl: urls.logoutUrl,
          identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          wantAssertionsSigned: true,
          publicCerts: config.SAML_SP_CERT ?? null,
          // Only tells node-saml that we sign: without it the certificate is left out. Never published.
          privateKey: config.SAML_SP_CERT ? config.SAML_SP_PRIVATE_KEY : undefined,
        });
        // node-saml names the POST binding for single logout; ours is HTTP-Redirect (GET Saml20/Logout).
        const redirectSlo = xml.replace(
          '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"',
          '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
        );
        return reply.type('application/samlmetadata+xml').send(redirectSlo);
      },
    });

    r.get('/api/Saml20/SignIn', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Redirect to the identity provider with an AuthnRequest',
        querystring: samlSignInQuery,
      },
      handler: async (request, reply) => {
        const { idp: code, isPortal, ReturnUrl } = request.query;
        const idp = await findIdentityProvider(db, request.enterpriseId, code);
        // An entry point saved before only http(s) was accepted (javascript:...) is never redirected to.
        if (
          !idp?.entry_point ||
          !/^https?:\/\//i.test(idp.entry_point) ||
          (isPortal ? !idp.for_portal : !idp.for_staff)
        )
          throw notFound('identity provider');
        const returnPath = safeReturnPath(ReturnUrl);
        const store = new RequestStore(db, idp.id, { isPortal, returnPath });
        const saml = serviceProvider(config, await spUrls(app, request), idp, store);
        const relayState = encodeRelayState({ idp: idp.code, isPortal, returnPath });
        const location = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
        return reply.redirect(location, 302);
      },
    });

    r.post('/api/Saml20/Acs', {
      config: { access: 'public', csrf: false },
      schema: { tags, summary: 'Assertion consumer service (HTTP-POST binding)' },
      handler: async (request, reply) => {
        try {
          const parsed = samlAcsBody.safeParse(request.body);
          if (!parsed.success) throw new SamlFailure('no SAMLResponse in the body');
          const { SAMLResponse, RelayState } = parsed.data;
          const relay = decodeRelayState(RelayState);
          if (!relay) throw new SamlFailure('missing or malformed RelayState');
          const idp = await findIdentityProvider(db, request.enterpriseId, relay.idp);
          if (!idp) throw new SamlFailure(`unknown or inactive identity provider ${relay.idp}`);
          const urls = await spUrls(app, request);
          checkDestination(SAMLResponse, urls.acsUrl);
          const store = new RequestStore(db, idp.id);
          const { profile, loggedOut } = await serviceProvider(
            config,
            urls,
            idp,
            store,
          ).validatePostResponseAsync({
            SAMLResponse,
          });
          const sent = store.found;
          if (!profile || loggedOut || !sent) throw new SamlFailure('no assertion answering our request');
          await store.removeAsync(sent.id);
          const isPortal = sent.is_portal;
          if (isPortal ? !idp.for_portal : !idp.for_staff)
            throw new SamlFailure(`identity provider ${idp.code} is not for this kind of session`);

          const user = await matchUser(db, idp, profile, isPortal);
          const [enterprise] = await db
            .select({ idle: enterprises.session_idle_minutes })
            .from(enterprises)
            .where(eq(enterprises.id, user.enterprise_id));
          const session = await createSession(db, user, isPortal, enterprise?.idle ?? 30, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          // What a LogoutRequest of the identity provider will name (single logout).
          await db.insert(samlSessions).values({
            session_id: hashToken(session.token),
            identity_provider_id: idp.id,
            name_id: profile.nameID,
            session_index: profile.sessionIndex ?? null,
          });
          reply.setCookie(SESSION_COOKIE, session.token, cookieOptions);
          request.log.info(
            { user_id: user.id, isPortal, idp: idp.code, provisioned: user.provisioned },
            'signed in with SAML',
          );
          return reply.redirect(sent.return_path ?? (isPortal ? '/portal' : '/staff'), 302);
        } catch (err) {
          request.log.warn(
            { reason: err instanceof Error ? err.message : String(err) },
            'SAML sign-in refused',
          );
          return failed(reply);
        }
      },
    });

    // Single logout from the identity provider (HTTP-Redirect binding): public, the IdP's signature over
    // the query authenticates it; see single-logout.ts. Without a valid LogoutRequest: 400, nothing ends.
    r.get('/api/Saml20/Logout', {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Single logout: the identity provider's signed LogoutRequest ends that person's SAML sessions",
        querystring: samlSingleLogoutQuery,
      },
      handler: async (request, reply) => {
        const { location, clearCookie } = await singleLogout(app, request, request.query);
        if (clearCookie) reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return reply.redirect(location, 302);
      },
    });

    // A POST with the session's CSRF token (checked by the auth plugin): a link or an image on another
    // site cannot sign anyone out. Only the local session ends; the IdP session stays.
    r.post('/api/Saml20/Logout', {
      config: { access: self() },
      schema: {
        tags,
        summary: 'End the session; redirect (303) to ReturnUrl, or answer JSON with redirect=false',
        body: samlLogoutBody,
        response: { 200: samlLogoutResult },
      },
      handler: async (request, reply) => {
        await app.deps.sessions.end(request.auth!.sessionId);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        const { redirect, ReturnUrl } = request.body ?? {};
        if (!redirect) return { loggedOut: true as const };
        return reply.redirect(safeReturnPath(ReturnUrl) ?? '/signin', 303);
      },
    });
  });
}

function failed(reply: FastifyReply) {
  return reply.redirect(SAML_FAILURE_PATH, 302);
}
