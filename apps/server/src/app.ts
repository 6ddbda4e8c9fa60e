import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { opsRoutes, registerHealthRoutes } from './platform/ops/health-routes';
import { registerMaintenanceJobs } from './platform/ops/maintenance-jobs';
import { type AppMetrics, createAppMetrics } from './platform/ops/metrics/app-metrics';
import { enterRequest, requestIdMixin, requestIdOf } from './platform/ops/request-context';
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
  /** The engine resource's path (config.resource), for the route map. */
  resource?: string;
  /** Where the route was registered, `file:line` under the repository (`npm run routes`). */
  source?: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The first frame of the current stack in the project's own code, past the app and the engine: the
 * `r.get(...)` of a hand-written route, the `registerResource(...)` of an engine one.
 */
function registrationSite(): string | undefined {
  const stack = new Error().stack?.split('\n') ?? [];
  for (const line of stack.slice(1)) {
    const m = /\(?(?:file:\/\/)?(\/[^():]+\.tsx?):(\d+):\d+\)?$/.exec(line.trim());
    if (!m?.[1] || m[1].includes('node_modules')) continue;
    const file = path.relative(repoRoot, m[1]);
    if (/apps\/server\/src\/(app\.ts|platform\/resources\/register\.ts)$/.test(file)) continue;
    return `${file}:${m[2]}`;
  }
  return undefined;
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
      metrics: AppMetrics;
    };
    registeredRoutes: RegisteredRoute[];
    /** The resources declared on the engine, by lower-case path (what GET /api/resources/{path} describes). */
    resources: Map<string, Resource>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const logger = deps.logger ?? { level: deps.config.LOG_LEVEL };
  const app = Fastify({
    // Every line written for a job or event a request caused carries the request's id (requestIdMixin).
    logger:
      typeof logger === 'object' && !('child' in logger) ? { mixin: requestIdMixin, ...logger } : logger,
    genReqId: requestIdOf,
    requestIdLogLabel: 'requestId',
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
  const metrics = createAppMetrics(deps.database, jobs);
  app.decorate('deps', { ...deps, resolver, hub, sessions, files, jobs, events, metrics });
  // The request's id goes with what it causes (jobs, events, mail): see platform/ops/request-context.
  // preValidation again, because a body's parsing ends in the socket's async context, not the request's.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    enterRequest(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => enterRequest(request.id, done));
  metrics.observeRequests(app);
  if (deps.startJobs !== false) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.decorate('resources', new Map<string, Resource>());

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; the payloads are built by explicit presenters and sent as JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Health and metrics, outside /api, are guarded like the API's routes.
    const guarded = route.url.startsWith('/api') || opsRoutes.includes(route.url);
    if (!guarded || methods.every((m) => m === 'HEAD')) return;
    // The API reference pages are public by design.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access)
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access (a permission, a policy or 'public')`,
      );
    // Signed in says nothing about whose record: name the policy (platform/permissions/policies.ts).
    if (access === 'authenticated')
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares 'authenticated' alone: name its policy (platform/permissions/policies.ts)`,
      );
    const source = registrationSite();
    for (const method of methods)
      if (method !== 'HEAD')
        app.registeredRoutes.push({
          method,
          url: route.url,
          access,
          declared: !!route.config?.resource,
          resource: route.config?.resource,
          source,
        });
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
  registerHealthRoutes(app);
  await registerMaintenanceJobs(app);
  await serveWebApp(app, deps.config.WEB_DIST);
  app.addHook('onClose', async () => hub.close());
  return app;
}
