import { type Db, enterprises } from '@licensure/db';
import { asc } from 'drizzle-orm';

/**
 * The enterprise of a request that has no session: the one whose web address is the request's host,
 * else the first one. Cached briefly: enterprises are few and rarely change.
 */
export function createEnterpriseResolver(db: Db, ttlMs = 30_000) {
  let cache: { at: number; byHost: Map<string, string>; fallback: string | undefined } | undefined;
  async function load() {
    const rows = await db
      .select({ id: enterprises.id, address: enterprises.address })
      .from(enterprises)
      .orderBy(asc(enterprises.created_at));
    cache = {
      at: Date.now(),
      byHost: new Map(rows.filter((r) => r.address).map((r) => [r.address.toLowerCase(), r.id])),
      fallback: rows[0]?.id,
    };
    return cache;
  }
  return {
    async resolve(host: string | undefined): Promise<string | undefined> {
      const c = cache && Date.now() - cache.at < ttlMs ? cache : await load();
      const h = host?.toLowerCase();
      return (h && (c.byHost.get(h) ?? c.byHost.get(h.split(':')[0] ?? ''))) || c.fallback;
    },
    invalidate() {
      cache = undefined;
    },
  };
}
export type EnterpriseResolver = ReturnType<typeof createEnterpriseResolver>;
