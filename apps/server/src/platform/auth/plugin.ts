import '@fastify/cookie';
import { EMPTY_ENTERPRISE_ID, messages } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors';
import type { EnterpriseResolver } from '../tenancy/enterprise-resolver';
import { can } from './context';
import type { SessionCache } from './session-cache';
import { SESSION_COOKIE, touchSession } from './session-store';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Loads the session of every request, resolves its enterprise, and enforces the route's declared
 * access and CSRF protection, before the body is validated (so a stranger learns nothing from a 400).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; resolver: EnterpriseResolver; sessions: SessionCache }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('enterpriseId', EMPTY_ENTERPRISE_ID);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return; // not an API route (static files, not-found handler)
      const token = request.cookies[SESSION_COOKIE];
      const auth = token ? await opts.sessions.get(token) : null;
      request.auth = auth;
      request.enterpriseId =
        auth?.enterpriseId ?? (await opts.resolver.resolve(request.hostname)) ?? EMPTY_ENTERPRISE_ID;
      request.log = request.log.child({ user_id: auth?.userId, enterprise_id: request.enterpriseId });
      if (!can(auth, access)) {
        if (!auth) throw new AppError('unauthenticated', messages.notSignedIn);
        throw new AppError('forbidden', messages.forbidden);
      }
      if (
        auth &&
        !SAFE_METHODS.has(request.method) &&
        request.routeOptions.config.csrf !== false &&
        request.headers['x-csrf-token'] !== auth.csrfToken
      ) {
        throw new AppError(
          'csrf_failed',
          'The request is missing its CSRF token. Reload the page and try again.',
        );
      }
      if (auth && !request.routeOptions.config.passiveSession)
        auth.expiresAt = await touchSession(opts.db, auth);
    });
  },
);
