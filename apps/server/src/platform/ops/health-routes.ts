import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkReadiness } from './readiness';

/**
 * Load balancers and orchestrators call these every few seconds: public, cheap, and kept out of the
 * access log (logLevel warn silences Fastify's per-request lines; errors are still logged).
 */
const quiet = { logLevel: 'warn' as const };

/** The operations routes outside /api; the route guards check them as they check the API's. */
export const opsRoutes: readonly string[] = ['/healthz', '/readyz', '/metrics'];

/** GET /healthz, GET /readyz and GET /metrics (token-protected) on the app's own port. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/healthz',
    { ...quiet, config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );

  app.get(
    '/readyz',
    { ...quiet, config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const r = await checkReadiness(app.deps.database, app.deps.jobs);
      reply.header('cache-control', 'no-store');
      reply.code(r.ready ? 200 : 503);
      return r.ready
        ? { status: 'ready', checks: r.checks }
        : { status: 'not ready', failing: r.failing, checks: r.checks };
    },
  );

  app.get(
    '/metrics',
    { ...quiet, config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      // Without METRICS_TOKEN the app's port does not serve metrics (METRICS_PORT may).
      const token = app.deps.config.METRICS_TOKEN;
      if (!token) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
      if (!bearerMatches(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply
          .code(401)
          .send({ error: { code: 'unauthenticated', message: 'A metrics token is needed' } });
      }
      return sendMetrics(app, reply);
    },
  );
}

export async function sendMetrics(app: FastifyInstance, reply: FastifyReply) {
  const { contentType, body } = await app.deps.metrics.scrape();
  reply.header('cache-control', 'no-store');
  return reply.type(contentType).send(body);
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
