import type { FastifyInstance, FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header value or URL host ("example.org:8443" -> "example.org"). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

export const isLoopbackHost = (host: string) => LOOPBACK.has(hostName(host));

/**
 * The origin that links in mail, PDFs, QR codes and SAML addresses point to. Never the request's Host
 * header as such: anyone can send any Host, and a reset link must not lead to the sender's site.
 * 1. the web address of the request's enterprise, when it has one (staff configure it);
 * 2. PUBLIC_URL;
 * 3. outside production only: the request's own origin when its host is this machine (localhost).
 * Null when none applies: the caller sends no link (and logs why).
 */
export async function publicOrigin(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const { config, resolver } = app.deps;
  const configured = config.PUBLIC_URL?.replace(/\/+$/, '');
  const scheme = configured
    ? new URL(configured).protocol
    : config.NODE_ENV === 'production'
      ? 'https:'
      : `${request.protocol}:`;
  const own = await resolver.hostOf(request.enterpriseId);
  if (own) return `${scheme}//${own}`;
  if (configured) return configured;
  if (config.NODE_ENV !== 'production' && isLoopbackHost(request.host))
    return `${request.protocol}://${request.host}`;
  return null;
}

/**
 * Whether a browser page at `origin` may open our WebSocket (which rides on the session cookie): the
 * page is on the host the request was sent to (the host the cookie belongs to), or on PUBLIC_URL, or on
 * an enterprise's web address; outside production also any page on this machine when the server is
 * reached on this machine (the Vite dev server proxies from another port). Browsers always send Origin
 * with a WebSocket; a request without one does not come from a web page and carries no ambient risk.
 */
export async function isTrustedOrigin(
  app: FastifyInstance,
  request: FastifyRequest,
  origin: string | undefined,
): Promise<boolean> {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.host.toLowerCase();
  if (host === request.host.toLowerCase()) return true;
  const { config, resolver } = app.deps;
  if (config.PUBLIC_URL && new URL(config.PUBLIC_URL).host.toLowerCase() === host) return true;
  if (await resolver.isEnterpriseHost(host)) return true;
  return config.NODE_ENV !== 'production' && isLoopbackHost(host) && isLoopbackHost(request.host);
}
