import type { WebSocket } from '@fastify/websocket';
import { isSessionAliveQuery, loginInput, messages, sessionInfo } from '@licensure/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadSession, SESSION_COOKIE, touchSession } from '../../platform/auth/session-store';
import { AppError, unauthenticated } from '../../platform/http/errors';
import { self } from '../../platform/permissions/policies';
import { isTrustedOrigin } from '../../platform/tenancy/public-origin';
import { presentSession } from './present-session';
import { samlRoutes } from './saml';
import { SignInThrottled, signIn } from './sign-in';

const tags = ['session'];

export async function sessionModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);
  await samlRoutes(app);

  r.post('/api/auth/login', {
    config: { access: 'public', rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Sign in with a user name and password',
      body: loginInput,
      response: { 200: sessionInfo },
    },
    handler: async (request, reply) => {
      const { user_name, password, isPortal } = request.body;
      const session = await signIn(db, {
        enterpriseId: request.enterpriseId,
        userName: user_name,
        password,
        isPortal,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }).catch((err: unknown) => {
        if (err instanceof SignInThrottled) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      });
      const auth = await loadSession(db, session.token);
      if (!auth) throw unauthenticated();
      reply.setCookie(SESSION_COOKIE, session.token, cookieOptions);
      request.log.info({ user_id: auth.userId, isPortal }, 'signed in');
      return presentSession(auth);
    },
  });

  r.post('/api/auth/logout', {
    config: { access: 'public' },
    schema: { tags, summary: 'Sign out and end the session' },
    handler: async (request, reply) => {
      if (request.auth) await app.deps.sessions.end(request.auth.sessionId);
      clearCookie(reply);
      return reply.status(204).send();
    },
  });

  r.put('/api/session/checkin', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'Extend the idle timer of the session',
      response: { 200: z.object({ expires_at: z.string() }) },
    },
    handler: async (request) => {
      const auth = request.auth!;
      const expiresAt = await touchSession(db, auth, true);
      return { expires_at: expiresAt.toISOString() };
    },
  });

  r.get('/api/CheckSession', {
    config: { access: self(), passiveSession: true },
    schema: { tags, summary: 'The current session, without extending it', response: { 200: sessionInfo } },
    handler: async (request) => presentSession(request.auth!),
  });

  r.put('/api/expireSession', {
    config: { access: self() },
    schema: { tags, summary: 'Expire the current session now' },
    handler: async (request, reply) => {
      await app.deps.sessions.expire(request.auth!.sessionId);
      clearCookie(reply);
      return reply.status(204).send();
    },
  });

  r.get('/api/IsSessionAlive', {
    config: { access: 'public', passiveSession: true },
    schema: {
      tags,
      summary:
        'Whether the caller has a live session (of the portal kind when isPortal is given); null on error',
      querystring: isSessionAliveQuery,
      response: { 200: z.boolean().nullable() },
    },
    handler: async (request) => {
      try {
        const auth = request.auth;
        if (!auth) return false;
        const { isPortal } = request.query;
        return isPortal === undefined || auth.isPortal === isPortal;
      } catch (err) {
        request.log.warn({ err }, 'IsSessionAlive failed');
        return null;
      }
    },
  });

  r.get('/api/utils/getcookiename', {
    config: { access: 'public' },
    schema: { tags, summary: 'Name of the session cookie', response: { 200: z.string() } },
    handler: async (_request, reply) => reply.type('application/json').send(JSON.stringify(SESSION_COOKIE)),
  });

  r.delete('/api/Core/Auth/Sessioncookie', {
    config: { access: 'public' },
    schema: { tags, summary: 'End the session and delete its cookie' },
    handler: async (request, reply) => {
      if (request.auth) await app.deps.sessions.end(request.auth.sessionId);
      clearCookie(reply);
      return reply.status(204).send();
    },
  });

  app.get(
    '/api/messageHub',
    {
      config: { access: self() },
      websocket: true,
      schema: { tags, summary: 'WebSocket delivering ReceiveMessage events to the signed-in user' },
      // The upgrade rides on the session cookie, which a page of any site would send too: only pages
      // of our own origins may open it (cross-site WebSocket hijacking).
      preValidation: async (request: FastifyRequest) => {
        if (!(await isTrustedOrigin(app, request, request.headers.origin))) {
          request.log.warn({ origin: request.headers.origin }, 'messageHub refused a foreign origin');
          throw new AppError('forbidden', messages.forbidden);
        }
      },
    },
    async (socket: WebSocket, request: FastifyRequest) => {
      const detach = await app.deps.hub.attach(request.auth!.userId, socket);
      socket.on('close', detach);
      socket.send(JSON.stringify({ type: 'Connected' }));
    },
  );
}
