import type { PublicDisciplinaryAction } from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { useFetched } from '../../platform/plain/use-fetched';

const words: Record<PublicDisciplinaryAction['outcome'], string> = {
  reprimand: 'Reprimand',
  probation: 'Probation',
  suspension: 'Suspension',
  revocation: 'Revocation',
};

/**
 * The public disciplinary actions on the credentials a verification page shows, one request for the
 * page's numbers, grouped by number (upper case) as "Suspension (21 Nov 2026)".
 */
export function usePublicDiscipline(numbers: (string | null)[]) {
  const wanted = [...new Set(numbers.filter((n): n is string => !!n))].sort();
  // Plain loading, not TanStack Query: the verification page loads no query library.
  const query = useFetched(
    wanted.join(','),
    (signal) =>
      api.get<PublicDisciplinaryAction[]>('/api/complaints/publicDiscipline', {
        query: { numbers: wanted.join(',') },
        signal,
      }),
    wanted.length > 0,
  );
  const byNumber = new Map<string, string[]>();
  for (const a of query.data ?? []) {
    const key = a.number.toUpperCase();
    const when = a.outcome_date ? ` (${new Date(`${a.outcome_date}T00:00:00`).toLocaleDateString()})` : '';
    byNumber.set(key, [...(byNumber.get(key) ?? []), `${words[a.outcome]}${when}`]);
  }
  return (number: string | null) => (number ? (byNumber.get(number.toUpperCase()) ?? []) : []);
}
