import { Button, Group, Text } from '@mantine/core';

/** How many pages `total` rows make, `numPerPage` a page (at least one). */
export const pagesOf = (total: number, numPerPage: number) => Math.max(1, Math.ceil(total / numPerPage));

/**
 * Previous and next page of a server-paged list, "Page 2 of 5" between them, in a navigation landmark
 * named `label`. `pages` is null while the last page is not known yet (a search that answers a page at
 * a time): "Page 2", and Next stays on.
 */
export function PageSteps({
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
    <nav aria-label={label} className={className}>
      <Group gap="sm">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Text size="sm">{pages === null ? `Page ${page}` : `Page ${page} of ${pages}`}</Text>
        <Button
          variant="default"
          size="xs"
          disabled={pages !== null && page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </Button>
      </Group>
    </nav>
  );
}
