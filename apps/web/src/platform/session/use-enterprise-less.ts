import type { enterpriseLess } from '@licensure/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api/client';

export type EnterpriseLess = z.infer<typeof enterpriseLess>;

/** The enterprise's public face (name, sign-in text); needs no session. */
export function useEnterpriseLess() {
  return useQuery({
    queryKey: ['enterpriseLess'],
    queryFn: ({ signal }) => api.get<EnterpriseLess>('/api/enterpriseLess', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
