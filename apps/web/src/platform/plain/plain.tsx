import { type ReactNode, useEffect } from 'react';
import { errorMessage } from '../api/errors';
import './plain.css';

// Page parts in plain elements and CSS (plain.css), for the public pages that load no component library:
// they look and read like their Mantine counterparts in platform/components.

function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Licensure`;
  }, [title]);
}

export function PlainPageHeader({ title, description }: { title: string; description?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="plain-page-header">
      <h1>{title}</h1>
      {description ? <p className="plain-dimmed">{description}</p> : null}
    </div>
  );
}

export function PlainLoading({ label }: { label: string }) {
  return (
    <p role="status" className="plain-loading">
      <span className="plain-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function PlainError({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="plain-alert">
      <p className="plain-alert-title">{title}</p>
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="plain-button plain-button-small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Previous and next page, "Page 2 of 5" between them, in a navigation landmark named `label`. */
export function PlainPageSteps({
  label,
  page,
  pages,
  onPage,
  className,
}: {
  label: string;
  page: number;
  pages: number | null;
  onPage(page: number): void;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`plain-row ${className ?? ''}`}>
      <button
        type="button"
        className="plain-button plain-button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <span>{pages === null ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      <button
        type="button"
        className="plain-button plain-button-small"
        disabled={pages !== null && page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
