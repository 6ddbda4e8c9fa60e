import { type ResourceSpec, referenceListByKey, referenceLists } from '@licensure/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** A reference list's spec, known to the web app without asking, by key or path. */
export function knownSpec(name: string): ResourceSpec | undefined {
  const lower = name.toLowerCase();
  return referenceListByKey.get(name) ?? referenceLists.find((s) => s.path.toLowerCase() === lower);
}

/**
 * How to show a resource on the generic pages: a reference list's own spec, or the description the
 * server gives of any other resource declared on its engine (`GET /api/resources/{path}`).
 */
export function useResourceSpec(name: string) {
  const known = knownSpec(name);
  return useQuery({
    queryKey: ['resource-spec', name.toLowerCase()],
    queryFn: ({ signal }) =>
      known ? known : api.get<ResourceSpec>(`/api/resources/${encodeURIComponent(name)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
