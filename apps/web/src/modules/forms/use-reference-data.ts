import { useQuery } from '@tanstack/react-query';
import type { Entity } from '../../platform/resources/resource-api';
import { allReferenceRows, formsKeys } from './forms-api';
import { type PaletteItem, paletteOf } from './question-kinds';

const STALE = 60_000;

/** The rows of a reference list the builder offers as choices (none while loading or when refused). */
export function useReferenceRows(key: string, enabled = true) {
  return useQuery({
    queryKey: formsKeys.reference(key),
    queryFn: ({ signal }) => allReferenceRows(key, signal),
    staleTime: STALE,
    enabled,
  });
}

export interface Choice {
  value: string;
  label: string;
}

/** Active rows as select choices; a row already chosen stays listed even when inactive. */
export function choicesOf(rows: readonly Entity[] | undefined, keep?: string | null): Choice[] {
  return (rows ?? [])
    .filter((r) => r.active !== false || r.id === keep)
    .map((r) => ({ value: r.id, label: typeof r.label === 'string' ? r.label : r.id }));
}

export function usePalette(): { items: PaletteItem[]; loading: boolean } {
  const rows = useReferenceRows('fb_question_types');
  return { items: paletteOf(rows.data), loading: rows.isPending };
}

/** The distinct section names of the data elements, for a choice list question. */
export function useDataSections(): string[] {
  const rows = useReferenceRows('data_elements');
  const names = new Set<string>();
  for (const r of rows.data ?? [])
    if (typeof r.data_section_name === 'string') names.add(r.data_section_name);
  return [...names].sort((a, b) => a.localeCompare(b));
}
