import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files under /assets/ carry a content hash in their name: a changed file is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and the service worker are revalidated on every load, so that a new release takes effect. */
export const REVALIDATE = 'no-cache';

const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

function cacheControlFor(file: string): string | undefined {
  // With `preCompressed` the file sent may be `index.html.br`: decide by the file it stands for.
  const served = file.replace(COMPRESSED_SUFFIX, '');
  const name = path.basename(served);
  if (name.endsWith('.html') || name === 'sw.js') return REVALIDATE;
  if (path.basename(path.dirname(served)) === 'assets') return IMMUTABLE;
  return undefined;
}

/**
 * Serves the built web app at / with the single-page fallback; API misses stay JSON 404s. The build
 * writes `.br` and `.gz` beside each file (apps/web/vite.config.ts); the one the client accepts is sent
 * as it is. A missing /assets/ file is a 404, not the page: a stale chunk must fail as a script.
 */
export async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The files of dist/.vite (the build's manifest) are not for browsers.
    allowedPath: (pathname) => !pathname.startsWith('/.'),
    setHeaders: (reply, file) => {
      const cacheControl = cacheControlFor(file);
      if (cacheControl) reply.header('cache-control', cacheControl);
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile('index.html');
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const file = request.url.split('?')[0] ?? '/';
    if (file.toLowerCase().startsWith('/api')) {
      return reply.status(404).send({
        error: {
          code: 'route_not_found',
          message: `There is no such API route. (${request.method} ${file})`,
        },
      });
    }
    if (path.extname(file)) {
      if (!file.startsWith('/.') && existsSync(path.join(dist, file))) return reply.sendFile(file.slice(1));
      if (file.startsWith('/assets/')) {
        return reply.status(404).send({ error: { code: 'not_found', message: 'There is no such file.' } });
      }
    }
    return sendIndex(reply);
  });
}
