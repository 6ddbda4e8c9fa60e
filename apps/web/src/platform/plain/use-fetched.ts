import { useCallback, useEffect, useRef, useState } from 'react';

export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  /** No answer yet for any key. */
  isPending: boolean;
  isError: boolean;
  /** A request is under way (the previous key's data stays shown meanwhile). */
  isFetching: boolean;
  refetch(): void;
}

/**
 * Loads `load()` whenever `key` changes, aborting the request before; the last answer stays shown until
 * the next arrives. For the light public pages, which load no query library: the staff app and the portal
 * use TanStack Query.
 */
export function useFetched<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): Fetched<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; fetching: boolean }>({
    fetching: enabled,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request; attempt retries it
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((old) => ({ data: old.data, fetching: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, fetching: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((old) => ({ data: old.data, error, fetching: false }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, attempt]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    data: state.data,
    error: state.error,
    isPending: state.data === undefined && state.error === undefined,
    isError: state.error !== undefined,
    isFetching: enabled && state.fetching,
    refetch,
  };
}
