import { useCallback, useSyncExternalStore } from 'react';

// The address's query string as state, without a router: the light public pages change it with
// history.pushState and follow back and forward (popstate).

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}
const snapshot = () => window.location.search;

/** The current search parameters, and a setter that adds a history entry. */
export function useUrlSearch(): [URLSearchParams, (next: URLSearchParams) => void] {
  const search = useSyncExternalStore(subscribe, snapshot);
  const set = useCallback((next: URLSearchParams) => {
    const query = next.toString();
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    notify();
  }, []);
  return [new URLSearchParams(search), set];
}

/**
 * A search page's criteria in the address (as platform/list/search-state.ts keeps them with the
 * router): each field under its own name, plus `page`.
 */
export function useUrlSearchState<K extends string>(fields: readonly K[]) {
  const [params, setParams] = useUrlSearch();
  const criteria = Object.fromEntries(fields.map((f) => [f, params.get(f)?.trim() ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = (next: Record<K, string>) => {
    const out = new URLSearchParams();
    for (const f of fields) if (next[f].trim()) out.set(f, next[f].trim());
    setParams(out);
  };
  const goToPage = (n: number) => {
    const out = new URLSearchParams(params);
    if (n <= 1) out.delete('page');
    else out.set('page', String(n));
    setParams(out);
  };
  return { params, criteria, page, search, goToPage };
}
