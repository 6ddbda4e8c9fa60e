/** One page of results; total is null when the API answers only the rows of the page asked for. */
export interface SearchPage<T> {
  items: T[];
  total: number | null;
  currentPage: number;
  numPerPage: number;
}

/** A page from an answer that is either a bare array of that page's rows or a `{items,total,...}` page. */
export function searchPageOf<T>(
  body: T[] | { items: T[]; total: number; currentPage: number; numPerPage: number } | null | undefined,
  currentPage: number,
  numPerPage: number,
): SearchPage<T> {
  if (!body) return { items: [], total: 0, currentPage, numPerPage };
  if (!Array.isArray(body)) return body;
  // A short page is the last one, so the total is known; a full one may have more after it.
  const total = body.length < numPerPage ? (currentPage - 1) * numPerPage + body.length : null;
  return { items: body, total, currentPage, numPerPage };
}

/** A page cut from every row the API answered at once. */
export function slicePage<T>(all: readonly T[], currentPage: number, numPerPage: number): SearchPage<T> {
  const start = (currentPage - 1) * numPerPage;
  return { items: all.slice(start, start + numPerPage), total: all.length, currentPage, numPerPage };
}
