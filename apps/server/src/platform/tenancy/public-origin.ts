import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a Host header value or URL host names this machine: exactly `localhost`, `127.0.0.1` or
 * `[::1]`, with at most a numeric port. Parsed with URL and compared whole, so that user info
 * (`localhost:1@evil.example`), a path or any other trailing text is refused rather than cut off.
 */
export function isLoopbackHost(host: string): boolean {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (!LOOPBACK.has(url.hostname)) return false;
  // The URL parser normalises (0x7f.1 -> 127.0.0.1, drops :80): the text itself must be the name and port.
  const given = host.toLowerCase();
  return given === url.host || given === `${url.hostname}:80`;
}

/**
 * The server's own address from its configuration (`http://localhost:PORT`; HOST when it is a loopback
 * name), the public origin outside production when PUBLIC_URL is not set. Never from a request.
 */
export function ownAddress(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = config.HOST.includes(':') && !config.HOST.startsWith('[') ? `[${config.HOST}]` : config.HOST;
  return `http://${isLoopbackHost(host) ? host.toLowerCase() : 'localhost'}:${config.PORT}`;
}

/**
 * The origin that links in mail, PDFs, QR codes and SAML addresses point to. Never the request's Host
 * header: anyone can send any Host, and a reset link must not lead to the sender's site.
 * 1. the web address of the request's enterprise, when it has one (staff configure it);
 * 2. PUBLIC_URL;
 * 3. outside production only: the server's own address (ownAddress).
 * Null when none applies (production without PUBLIC_URL): the caller sends no link (and logs why).
 */
export async function publicOrigin(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const { config, resolver } = app.deps;
  const configured = config.PUBLIC_URL?.replace(/\/+$/, '');
  const production = config.NODE_ENV === 'production';
  const scheme = configured ? new URL(configured).protocol : production ? 'https:' : 'http:';
  const own = await resolver.hostOf(request.enterpriseId);
  if (own) return `${scheme}//${own}`;
  if (configured) return configured;
  return production ? null : ownAddress(config);
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
