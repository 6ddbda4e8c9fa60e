import { type Db, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EnterpriseResolver } from '../../platform/tenancy/enterprise-resolver';

const TTL_MS = 60_000;

/**
 * Whether the enterprise of a page uses Google reCAPTCHA (it has a secret), remembered for a minute each:
 * every page load of the web app asks, to allow the widget in its content security policy.
 */
export function recaptchaUsage(db: Db, resolver: EnterpriseResolver, now = () => Date.now()) {
  const known = new Map<string, { uses: boolean; at: number }>();
  return async (request: FastifyRequest): Promise<boolean> => {
    // A page is not an API route: its enterprise is the one of the address it was asked at.
    const enterpriseId = await resolver.resolve(request.hostname);
    if (!enterpriseId) return false;
    const hit = known.get(enterpriseId);
    if (hit && now() - hit.at < TTL_MS) return hit.uses;
    const [row] = await db
      .select({ secret: enterprises.recaptcha_secret })
      .from(enterprises)
      .where(eq(enterprises.id, enterpriseId));
    const uses = !!row?.secret;
    if (known.size > 1000) known.clear();
    known.set(enterpriseId, { uses, at: now() });
    return uses;
  };
}
