import { type ResourceSpec, referenceListByKey } from '@licensure/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormField, FormValues } from './form-values';
import { entityTitle, resourceApi, resourceKeys } from './resource-api';

function RefName({ target, id }: { target: ResourceSpec; id: string }) {
  const sortBy = target.fields.some((f) => f.name === 'label') ? 'label' : target.defaultSort;
  // The same query as the edit form's picker, so the two share the cache.
  const params = { currentPage: 1, numPerPage: 500, sortBy, reverse: false, search: '' };
  const choices = useQuery({
    queryKey: resourceKeys.list(target, params),
    queryFn: ({ signal }) => resourceApi.list(target, params, signal),
    staleTime: 60_000,
  });
  const found = choices.data?.items.find((item) => item.id === id);
  return <>{found ? entityTitle(target, found) : id}</>;
}

function Value({ field, value }: { field: FormField; value: FormValues[string] | undefined }) {
  if (field.kind === 'bool') return <>{value === true ? 'Yes' : 'No'}</>;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return <>(none)</>;
  const target = field.kind === 'uuid' && field.ref ? referenceListByKey.get(field.ref) : undefined;
  if (target) return <RefName target={target} id={text} />;
  return <span className="pre-line">{text}</span>;
}

/** The fields of a record as a description list, for users who may read but not change it. */
export function ReadOnlyFields({ fields, values }: { fields: readonly FormField[]; values: FormValues }) {
  return (
    <dl className="read-only-fields">
      {fields.map((field) => (
        <div key={field.name}>
          <dt>{field.label}</dt>
          <dd>
            <Value field={field} value={values[field.name]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
