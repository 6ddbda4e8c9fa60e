import type { ResourceSpec } from '@licensure/contracts';
import type { ListParams } from './resource-api';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The list state lives in the address (page, per, sort, dir, q) so that back and reload keep it. */
export function readListParams(params: URLSearchParams, spec: ResourceSpec): ListParams {
  const per = positiveInt(params.get('per'), DEFAULT_PAGE_SIZE);
  return {
    currentPage: positiveInt(params.get('page'), 1),
    numPerPage: (PAGE_SIZES as readonly number[]).includes(per) ? per : DEFAULT_PAGE_SIZE,
    sortBy: params.get('sort') || spec.defaultSort,
    reverse: params.get('dir') === 'desc',
    search: params.get('q') ?? '',
  };
}

/** Clicking a column header: sort by it ascending, or flip the direction when it is already the sort. */
export function nextSort(current: ListParams, field: string): { sortBy: string; reverse: boolean } {
  if (current.sortBy === field) return { sortBy: field, reverse: !current.reverse };
  return { sortBy: field, reverse: false };
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Writes changes into the search params; null removes a parameter. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
