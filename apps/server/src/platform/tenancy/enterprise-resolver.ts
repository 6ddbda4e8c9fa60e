import { type Db, enterprises } from '@licensure/db';
import { asc } from 'drizzle-orm';

/** The host of an enterprise's web address ("licensing.example.gov", or a URL of it), lower case. */
export function addressHost(address: string): string {
  const a = address.trim().toLowerCase();
  if (!a) return '';
  try {
    return a.includes('://') ? new URL(a).host : (a.split('/')[0] ?? '');
  } catch {
    return '';
  }
}

/**
 * The enterprise of a request that has no session: the one whose web address is the request's host,
 * else the first one. Cached briefly: enterprises are few and rarely change.
 */
export function createEnterpriseResolver(db: Db, ttlMs = 30_000) {
  let cache:
    | { at: number; byHost: Map<string, string>; hostById: Map<string, string>; fallback: string | undefined }
    | undefined;
  async function load() {
    const rows = await db
      .select({ id: enterprises.id, address: enterprises.address })
      .from(enterprises)
      .orderBy(asc(enterprises.created_at));
    const hosts = rows.map((r) => ({ id: r.id, host: addressHost(r.address) })).filter((r) => r.host);
    cache = {
      at: Date.now(),
      byHost: new Map(hosts.map((r) => [r.host, r.id])),
      hostById: new Map(hosts.map((r) => [r.id, r.host])),
      fallback: rows[0]?.id,
    };
    return cache;
  }
  const current = async () => (cache && Date.now() - cache.at < ttlMs ? cache : load());
  return {
    async resolve(host: string | undefined): Promise<string | undefined> {
      const c = await current();
      const h = host?.toLowerCase();
      return (h && (c.byHost.get(h) ?? c.byHost.get(h.split(':')[0] ?? ''))) || c.fallback;
    },
    /** The host of the enterprise's own web address; undefined when it has none. */
    async hostOf(enterpriseId: string): Promise<string | undefined> {
      return (await current()).hostById.get(enterpriseId);
    },
    /** Whether a host (with or without port) is the web address of some enterprise. */
    async isEnterpriseHost(host: string): Promise<boolean> {
      const c = await current();
      const h = host.toLowerCase();
      return c.byHost.has(h) || c.byHost.has(h.split(':')[0] ?? '');
    },
    invalidate() {
      cache = undefined;
    },
  };
}
export type EnterpriseResolver = ReturnType<typeof createEnterpriseResolver>;
