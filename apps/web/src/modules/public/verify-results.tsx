import { formatDate } from '../../platform/display/format';
import type { SearchPage } from '../../platform/list/search-page';
import { PlainError, PlainLoading, PlainPageSteps } from '../../platform/plain/plain';
import type { Fetched } from '../../platform/plain/use-fetched';
import { usePublicDiscipline } from '../complaints/public-discipline';
import type { LicenceRow } from './public-lookup-api';

/** One licence found: who holds it and what it is, each fact labelled (and printed as shown). */
function LicenceCard({ row, index, discipline }: { row: LicenceRow; index: number; discipline: string[] }) {
  const headingId = `verify-licence-${index}`;
  const facts: [string, string | null][] = [
    ['Licence', row.licence],
    ['Level', row.level],
    ['Licence number', row.number],
    ['Status', row.status],
    ['Issued', row.issue_date ? formatDate(row.issue_date) : null],
    ['Expires', row.expiration_date ? formatDate(row.expiration_date) : null],
    ['City and state', row.place || null],
    ['Public disciplinary action', discipline.length > 0 ? discipline.join('; ') : null],
  ];
  return (
    <article className="plain-paper verify-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{row.name}</h2>
      <dl className="verify-facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </article>
  );
}

interface VerifyResultsProps {
  hasCriteria: boolean;
  query: Fetched<SearchPage<LicenceRow>>;
  page: number;
  onPage(page: number): void;
}

/**
 * The licences a lookup found, as cards: they read the same on a phone, on a wide screen and on paper,
 * and need no table (the public page stays small).
 */
export function VerifyResults({ hasCriteria, query, page, onPage }: VerifyResultsProps) {
  const data = hasCriteria ? query.data : undefined;
  const disciplineOf = usePublicDiscipline((data?.items ?? []).map((r) => r.number));
  let summary = 'Enter a name or a licence number to search.';
  if (data && data.total === 0) summary = 'No licences match the search.';
  else if (data && data.items.length === 0) summary = 'No more licences match the search.';
  else if (data) {
    const first = (data.currentPage - 1) * data.numPerPage + 1;
    const last = first + data.items.length - 1;
    summary =
      data.total === null
        ? `Showing licences ${first}–${last}; there may be more on the next page.`
        : `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'licence' : 'licences'}.`;
  }
  const morePages = !!data && (data.total === null || data.total > data.numPerPage || data.currentPage > 1);
  const lastPage = data?.total == null ? null : Math.max(1, Math.ceil(data.total / data.numPerPage));
  return (
    <section className="plain-stack-sm" aria-label="Search results">
      <p role="status" style={{ margin: 0 }}>
        {summary}
        {query.isFetching && data ? ' Updating…' : ''}
      </p>
      {hasCriteria && query.isPending ? <PlainLoading label="Searching licences…" /> : null}
      {hasCriteria && query.isError ? (
        <PlainError error={query.error} title="The search failed" onRetry={query.refetch} />
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="plain-stack-sm" aria-busy={query.isFetching || undefined}>
          {data.items.map((row, i) => (
            <LicenceCard key={row.key} row={row} index={i} discipline={disciplineOf(row.number)} />
          ))}
        </div>
      ) : null}
      {morePages ? (
        <PlainPageSteps
          label="Result pages"
          className="verify-no-print"
          page={page}
          pages={lastPage}
          onPage={onPage}
        />
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="plain-row verify-no-print">
          <button type="button" className="plain-button" onClick={() => window.print()}>
            Print this page
          </button>
        </div>
      ) : null}
    </section>
  );
}
