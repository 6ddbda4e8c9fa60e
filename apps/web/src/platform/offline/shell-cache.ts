import type { Account, Enterprise } from '@licensure/contracts';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

/** Where the shell keeps what it needs to open without the server. */
export interface ShellCache {
  getAccount(): Promise<Account | null>;
  getEnterprise(): Promise<Enterprise | null>;
  saveAccount(account: Account): Promise<void>;
  saveEnterprise(enterprise: Enterprise): Promise<void>;
  clear(): Promise<void>;
}

export const CACHE_DATABASE = 'LICENSURE';
export const CACHE_STORE = 'cache';

let store: UseStore | null = null;
function licensureStore(): UseStore {
  store ??= createStore(CACHE_DATABASE, CACHE_STORE);
  return store;
}

// IndexedDB may be missing or refuse (private windows, tests): the cache then simply holds nothing.
async function safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch {
    return fallback;
  }
}

export const idbShellCache: ShellCache = {
  getAccount: () => safely(async () => (await get<Account>('account', licensureStore())) ?? null, null),
  getEnterprise: () =>
    safely(async () => (await get<Enterprise>('enterprise', licensureStore())) ?? null, null),
  saveAccount: (account) => safely(() => set('account', account, licensureStore()), undefined),
  saveEnterprise: (enterprise) => safely(() => set('enterprise', enterprise, licensureStore()), undefined),
  clear: () => safely(() => clear(licensureStore()), undefined),
};

/** An in-memory cache with the same behaviour, for tests. */
export function memoryShellCache(initial: { account?: Account; enterprise?: Enterprise } = {}): ShellCache {
  let account = initial.account ?? null;
  let enterprise = initial.enterprise ?? null;
  return {
    getAccount: async () => account,
    getEnterprise: async () => enterprise,
    saveAccount: async (value) => {
      account = value;
    },
    saveEnterprise: async (value) => {
      enterprise = value;
    },
    clear: async () => {
      account = null;
      enterprise = null;
    },
  };
}
