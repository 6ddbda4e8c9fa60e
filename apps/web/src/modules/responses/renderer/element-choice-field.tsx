import type { FormQuestion } from '@licensure/contracts';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { errorMessage } from '../../../platform/api/errors';

export interface DataElement {
  id: string;
  label: string;
}

interface Page<T> {
  items: T[];
}

/** The choices of an element question: the data elements of its section, in display order. */
export function useDataElements(section: string | null | undefined) {
  return useQuery({
    queryKey: ['lookups', 'dataelements', section],
    enabled: !!section,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const body = await api.get<Page<DataElement> | DataElement[]>('/api/dataelements', {
        query: { data_section_name: section, numPerPage: 500 },
        signal,
      });
      return Array.isArray(body) ? body : body.items;
    },
  });
}

type ElementChoiceFieldProps = Omit<NativeSelectProps, 'value' | 'onChange' | 'data'> & {
  question: FormQuestion;
  value: string;
  onChange(value: string): void;
};

/** A choice list fed by data elements (`dataelements?data_section_name=…`); stores the element's id. */
export function ElementChoiceField({ question, value, onChange, error, ...common }: ElementChoiceFieldProps) {
  const elements = useDataElements(question.data_section_name);
  const loadError = elements.isError
    ? `The choices could not be loaded: ${errorMessage(elements.error)}`
    : undefined;
  const missing = !question.data_section_name ? 'This question has no list of choices.' : undefined;
  return (
    <NativeSelect
      {...common}
      error={error ?? loadError ?? missing}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        {
          value: '',
          label: elements.isPending && question.data_section_name ? 'Loading choices…' : 'Choose…',
        },
        ...(elements.data ?? []).map((e) => ({ value: e.id, label: e.label })),
      ]}
      maw={480}
    />
  );
}
