import { type LicenseRequestSummary, progress, reviewStateLabels } from '@licensure/contracts';

/** The key of one application type and level chosen in a request: two GUIDs joined by `%`. */
export const selectionKey = (typeId: string, levelId: string): string => `${typeId}%${levelId}`;

/** The selections body of PUT LicenseRequests/{id}/applicationtypes from the chosen pairs. */
export function selectionsOf(
  chosen: Iterable<{ application_type_id: string; license_category_level_id: string }>,
): Record<string, true> {
  const selections: Record<string, true> = {};
  for (const c of chosen) selections[selectionKey(c.application_type_id, c.license_category_level_id)] = true;
  return selections;
}

/** Adds or removes one key of a set of chosen keys, returning a new set. */
export function toggleSelection(keys: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(keys);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** An amount of cents in dollars: 12345 → "$123.45". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A request's progress in words (never by colour alone). */
export function requestProgressLabel(p: number): string {
  if (p >= progress.submitted) return 'Submitted';
  if (p === progress.inProgress) return 'Draft';
  return 'Not started';
}

/** Where a request stands for its applicant: the words, and whether it waits for them. */
export interface RequestStanding {
  label: string;
  /** The applicant's turn: a draft to finish and submit, corrections to make, information to give. */
  needsAction: boolean;
  /** Decided (approved, denied) or withdrawn: nothing more happens to it. */
  final: boolean;
}

/**
 * The one reading of a request's state that the portal shows (home, My requests, the request): its
 * review state, never its progress alone (an approved request is not "submitted").
 */
export function requestStanding(
  r: Pick<LicenseRequestSummary, 'deleted_at' | 'progress' | 'review_state'>,
): RequestStanding {
  if (r.deleted_at) return { label: 'Deleted', needsAction: false, final: true };
  const state = r.progress < progress.submitted && r.review_state === 'submitted' ? 'draft' : r.review_state;
  switch (state) {
    case 'draft':
      return { label: 'Draft: not submitted yet', needsAction: true, final: false };
    case 'returned':
    case 'info_requested':
      return { label: reviewStateLabels[state], needsAction: true, final: false };
    case 'submitted':
      return { label: reviewStateLabels.submitted, needsAction: false, final: false };
    default:
      return { label: reviewStateLabels[state], needsAction: false, final: true };
  }
}

/** The state of one form of a request, and the word of the button that opens it. */
export function formState(f: { response_id: string | null; progress: number | null }): {
  label: string;
  action: 'Fill in' | 'Resume' | 'View';
} {
  if (!f.response_id) return { label: 'Not started', action: 'Fill in' };
  if ((f.progress ?? 0) >= progress.submitted) return { label: 'Completed', action: 'View' };
  return { label: 'Draft', action: 'Resume' };
}

/** The review queue's filters as the screen holds them (empty string: no filter). */
export interface QueueFilters {
  /** Review state (`all` for every one); by default the requests awaiting review. */
  state: string;
  /** `me`, `none` or a reviewer's id. */
  assigned_to: string;
  created_by: string;
  license_id: string;
  status_id: string;
  process_status_id: string;
  from: string;
  to: string;
  /** Decided (approved or denied) from / to: set by the dashboard's links, kept by the filter form. */
  decided_from: string;
  decided_to: string;
  search: string;
  page: number;
}

export const DEFAULT_QUEUE_STATE = 'submitted';

export const emptyQueueFilters: QueueFilters = {
  state: DEFAULT_QUEUE_STATE,
  assigned_to: '',
  created_by: '',
  license_id: '',
  status_id: '',
  process_status_id: '',
  from: '',
  to: '',
  decided_from: '',
  decided_to: '',
  search: '',
  page: 1,
};

export const QUEUE_PAGE_SIZE = 20;

const filterKeys = [
  'state',
  'assigned_to',
  'created_by',
  'license_id',
  'status_id',
  'process_status_id',
  'from',
  'to',
  'decided_from',
  'decided_to',
  'search',
] as const;

/**
 * The query of GET LicenseRequests (and, without paging, of its counts): only the filters that are set,
 * trimmed.
 */
export function queueQuery(filters: QueueFilters, paged = true): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const key of filterKeys) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  if (query.state === 'all') delete query.state;
  if (paged) {
    query.currentPage = filters.page;
    query.numPerPage = QUEUE_PAGE_SIZE;
  }
  return query;
}

/** The same filters as the address's query string (so a filtered queue can be bookmarked). */
export function queueSearchParams(filters: QueueFilters): string {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key].trim();
    if (value && !(key === 'state' && value === DEFAULT_QUEUE_STATE)) params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** The filters read back from the address's query string. */
export function queueFiltersFrom(params: URLSearchParams): QueueFilters {
  const page = Number(params.get('page') ?? '1');
  const filters: QueueFilters = {
    ...emptyQueueFilters,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  for (const key of filterKeys) filters[key] = params.get(key) ?? '';
  if (!filters.state) filters.state = DEFAULT_QUEUE_STATE;
  return filters;
}

/** Whole days a request has waited since it was submitted (or started), for the queue's Age column. */
export function ageInDays(r: { completed_on: string | null; created_at: string }, now = new Date()): number {
  const since = Date.parse(r.completed_on ?? r.created_at);
  return Math.max(0, Math.floor((now.getTime() - since) / 86_400_000));
}

export const ageLabel = (days: number) => (days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`);

/** A request status named with its licence, so that statuses of several licences can be told apart. */
export function statusOptionLabel(
  status: { label: string; license_id?: string | null },
  licences: readonly { id: string; name: string }[],
): string {
  const licence = licences.find((l) => l.id === status.license_id);
  return licence ? `${licence.name}: ${status.label}` : status.label;
}
