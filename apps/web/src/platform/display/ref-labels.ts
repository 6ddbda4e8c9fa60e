import { type ReferenceListKey, referenceListByKey } from '@licensure/contracts';
import { useQuery } from '@tanstack/react-query';
import { entityTitle, resourceApi, resourceKeys } from '../resources/resource-api';

/**
 * Labels of a reference list by id (certification levels, positions), for records that carry only the
 * id. The same query as the generic forms' pickers, so they share the cache.
 */
export function useRefLabels(key: ReferenceListKey): (id: string | null | undefined) => string | null {
  const spec = referenceListByKey.get(key);
  const sortBy = spec?.fields.some((f) => f.name === 'label') ? 'label' : (spec?.defaultSort ?? 'created_at');
  const params = { currentPage: 1, numPerPage: 500, sortBy, reverse: false, search: '' };
  const list = useQuery({
    queryKey: spec ? resourceKeys.list(spec, params) : ['resource', key, 'missing'],
    queryFn: ({ signal }) => (spec ? resourceApi.list(spec, params, signal) : Promise.reject(new Error(key))),
    enabled: !!spec,
    staleTime: 60_000,
  });
  return (id) => {
    if (!id || !spec) return null;
    const found = list.data?.items.find((item) => item.id === id);
    return found ? entityTitle(spec, found) : null;
  };
}
