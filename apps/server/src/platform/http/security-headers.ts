import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session-cookie';

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/** Pages of our own: everything from our origin, nothing framed, no plugins, styles may be inline. */
const sameOrigin = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'connect-src': "'self'",
  'font-src': "'self' data:",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
  'object-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
};

/**
 * The web app: scripts and styles from our own origin only (the Vite build has no inline script);
 * Mantine injects <style> tags, so inline styles are allowed; drawn signatures are data: images and
 * downloads blob: URLs; the API and the message hub are same-origin (CSP 3's 'self' covers ws/wss).
 */
export const webAppPolicy = policy({
  ...sameOrigin,
  'img-src': "'self' data: blob:",
  'manifest-src': "'self'",
  'script-src-attr': "'none'",
  'worker-src': "'self'",
});

/**
 * The web app of an enterprise that uses Google reCAPTCHA on its public forms: the widget's script
 * and frame come from Google (the origins its documentation lists), nothing else changes.
 */
export const webAppWithRecaptchaPolicy = policy({
  ...sameOrigin,
  'script-src': "'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
  'frame-src': 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
  'img-src': "'self' data: blob:",
  'manifest-src': "'self'",
  'script-src-attr': "'none'",
  'worker-src': "'self'",
});

/** The Swagger UI at /api/docs: its bundle and initializer are files, but it sets style attributes and data: icons. */
export const apiDocsPolicy = policy({ ...sameOrigin, 'img-src': "'self' data:" });

/** The local test gateway's hosted checkout pages: forms that post back to this origin, nothing else. */
export const hostedCheckoutPolicy = policy({
  ...sameOrigin,
  'img-src': "'self'",
  'script-src-attr': "'none'",
});

/** JSON answers of the API load nothing. */
export const apiPolicy = policy({
  'default-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
});

/**
 * Files the API hands out (PDFs, images, zips) opened in a tab: nothing runs, but the browser's own
 * viewer may show them (a PDF viewer is same-origin plugin content, hence object-src 'self').
 */
export const apiFilePolicy = policy({
  'default-src': "'none'",
  'img-src': "'self' data:",
  'style-src': "'unsafe-inline'",
  'object-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
});

function policyFor(url: string, contentType: string, recaptcha: boolean): string {
  const path = url.toLowerCase();
  if (path.startsWith('/api/docs')) return apiDocsPolicy;
  if (!path.startsWith('/api')) return recaptcha ? webAppWithRecaptchaPolicy : webAppPolicy;
  if (path.startsWith('/api/payments/testgateway/')) return hostedCheckoutPolicy;
  return contentType === '' || /json|text\/plain/.test(contentType) ? apiPolicy : apiFilePolicy;
}

/**
 * Cache-Control of an API answer: `no-store`, so that no browser or shared cache keeps what the API
 * said (a person's record, a session's permissions). A route's own choice stands when it already stores
 * nothing, or when it made the answer public on purpose (`public`) and the request carries no session.
 */
export function apiCacheControl(current: string | undefined, carriesSession: boolean): string {
  if (current && /\bno-store\b/i.test(current)) return current;
  if (current && !carriesSession && /\bpublic\b/i.test(current)) return current;
  return 'no-store';
}

/**
 * Security headers on every answer (API, static files, 404s, errors), set in onSend so that no path
 * through the server misses them. Written here rather than with @fastify/helmet: they are a handful of
 * fixed strings, one place chooses the policy by path, and no dependency is needed for it.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    hsts: boolean;
    /** Whether the page's enterprise uses Google reCAPTCHA (asked for the web app's pages only). */
    usesRecaptcha?: (request: FastifyRequest) => Promise<boolean>;
  },
): void {
  app.addHook('onSend', async (request, reply) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    const page = !request.url.toLowerCase().startsWith('/api') && contentType.startsWith('text/html');
    const recaptcha = page && options.usesRecaptcha ? await options.usesRecaptcha(request) : false;
    reply.header('content-security-policy', policyFor(request.url, contentType, recaptcha));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('x-permitted-cross-domain-policies', 'none');
    // The web app's own files are the same for everyone and keep their caching (web-app.ts).
    if (request.url.toLowerCase().startsWith('/api')) {
      const session = request.auth !== null || request.cookies?.[SESSION_COOKIE] !== undefined;
      const current = reply.getHeader('cache-control');
      reply.header(
        'cache-control',
        apiCacheControl(current === undefined ? undefined : String(current), session),
      );
    }
    // Only over HTTPS (secure cookies): a browser told this over plain HTTP in development would refuse it later.
    if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
