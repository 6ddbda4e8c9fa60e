import type { RouteAccess } from '@licensure/contracts';

/** Who is calling: set on every request by the auth plugin (null when not signed in). */
export interface AuthContext {
  sessionId: string;
  userId: string;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  enterpriseId: string;
  isPortal: boolean;
  isStaff: boolean;
  permissions: ReadonlySet<string>;
  csrfToken: string;
  expiresAt: Date;
  idleMinutes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The tenant of the request: the signed-in user's, or the one the host name or default names. */
    enterpriseId: string;
  }
  interface FastifyContextConfig {
    /**
     * Required of every /api route: a permission key, 'public', or a named policy of
     * platform/permissions (the object-level rule: self or permission, speaks for, administers...).
     * 'authenticated' alone is refused when the route is registered (app.ts).
     */
    access?: RouteAccess | RoutePolicy;
    /** Read the session without extending its idle timer (alive checks). */
    passiveSession?: boolean;
    /**
     * false for the few writes that cannot carry our CSRF header and are protected otherwise (the SAML
     * assertion consumer: a cross-site form post, signed by the identity provider and single-use).
     */
    csrf?: boolean;
    /** Set by the resource engine on the routes it makes: the resource's path. */
    resource?: string;
  }
}

/**
 * What the route gate knows of a policy (platform/permissions/policies.ts defines them): a signed-in
 * caller passes the gate, and the handler checks the record with the policy.
 */
export interface RoutePolicy {
  readonly kind: 'policy';
  readonly name: string;
  readonly permission: string | null;
  readonly refusal: 'forbidden' | 'not_found';
}

export const isRoutePolicy = (access: unknown): access is RoutePolicy =>
  typeof access === 'object' && access !== null && (access as { kind?: unknown }).kind === 'policy';

export function can(auth: AuthContext | null, access: RouteAccess | RoutePolicy): boolean {
  if (access === 'public') return true;
  if (!auth) return false;
  if (isRoutePolicy(access)) return true;
  return access === 'authenticated' || auth.permissions.has(access);
}
