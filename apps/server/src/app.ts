import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { RouteAccess } from '@licensure/contracts';
import type { Database } from '@licensure/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerModules } from './modules';
import { recaptchaUsage } from './modules/enterprise/uses-recaptcha';
import type { RoutePolicy } from './platform/auth/context';
import { authPlugin } from './platform/auth/plugin';
import { createSessionCache, type SessionCache } from './platform/auth/session-cache';
import { createEventBus, type EventBus } from './platform/events/event-bus';
import { createLocalDiskStorage } from './platform/files/local-disk';
import type { FileStorage } from './platform/files/storage';
import { registerErrorHandling } from './platform/http/errors';
import { registerInputGuards } from './platform/http/input-guards';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { serveWebApp } from './platform/http/web-app';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { createMessageHub, type MessageHub } from './platform/realtime/message-hub';
import { registerResourceDescriptions } from './platform/resources/describe-routes';
import { registerReferenceChecks } from './platform/resources/references';
import type { Resource } from './platform/resources/types';
import { createEnterpriseResolver, type EnterpriseResolver } from './platform/tenancy/enterprise-resolver';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | RoutePolicy | undefined;
  /** Made by the resource engine from a declaration, not written by hand. */
  declared: boolean;
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files are kept; local disk under DATA_DIR/files when not given. */
  files?: FileStorage;
  /** Start the job queue when the app is ready (default); false: it starts on first use (tests). */
  startJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps & {
      resolver: EnterpriseResolver;
      hub: MessageHub;
      sessions: SessionCache;
      files: FileStorage;
      jobs: JobQueue;
      events: EventBus;
    };
    registeredRoutes: RegisteredRoute[];
    /** The resources declared on the engine, by lower-case path (what GET /api/resources/{path} describes). */
    resources: Map<string, Resource>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 2 * 1024 * 1024,
  });
  const resolver = createEnterpriseResolver(deps.database.db);
  const hub = createMessageHub(deps.database.notifier, app.log);
  const sessions = createSessionCache(deps.database.db, deps.database.notifier);
  await sessions.listen();
  const files = deps.files ?? createLocalDiskStorage(path.join(deps.config.DATA_DIR, 'files'));
  const jobs = createJobQueue(deps.database, app.log.child({ part: 'jobs' }));
  const events = createEventBus(deps.database, jobs, app.log.child({ part: 'events' }));
  app.decorate('deps', { ...deps, resolver, hub, sessions, files, jobs, events });
  if (deps.startJobs !== false) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.decorate('resources', new Map<string, Resource>());

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; the payloads are built by explicit presenters and sent as JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api') || methods.every((m) => m === 'HEAD')) return;
    // The API reference pages are public by design.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access)
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access (permission, 'authenticated' or 'public')`,
      );
    for (const method of methods)
      if (method !== 'HEAD')
        app.registeredRoutes.push({ method, url: route.url, access, declared: !!route.config?.resource });
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    hsts: deps.config.secureCookies,
    usesRecaptcha: recaptchaUsage(deps.database.db, resolver),
  });
  registerInputGuards(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(websocket);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Licensure API',
        version: '1.0.0',
        description: 'Licensure and regulatory management platform',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'licensure_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(authPlugin, { db: deps.database.db, resolver, sessions });
  registerResourceDescriptions(app);
  registerReferenceChecks(app);
  await registerModules(app);
  await serveWebApp(app, deps.config.WEB_DIST);
  app.addHook('onClose', async () => hub.close());
  return app;
}
