import { useSearchParams } from 'react-router';

/**
 * The criteria of a search page live in the address (so back, reload and shared links keep them):
 * each field under its own name, plus `page` and `per`. A search runs only once a criterion is given.
 */
export function useSearchState<K extends string>(fields: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const criteria = Object.fromEntries(fields.map((f) => [f, params.get(f)?.trim() ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const hasCriteria = fields.some((f) => criteria[f] !== '');

  const search = (next: Record<K, string>) => {
    const out = new URLSearchParams();
    for (const f of fields) if (next[f].trim()) out.set(f, next[f].trim());
    setParams(out);
  };
  const goToPage = (n: number) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (n <= 1) out.delete('page');
      else out.set('page', String(n));
      return out;
    });
  return { criteria, page, hasCriteria, search, goToPage };
}

/** Only the criteria that were given, so the server does not see empty strings. */
export function nonEmpty<K extends string>(criteria: Record<K, string>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== '')) as Partial<
    Record<K, string>
  >;
}
