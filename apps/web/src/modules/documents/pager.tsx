import { Button, Group, Text } from '@mantine/core';

/** Previous and next page buttons with "Page 2 of 5" between them. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  return (
    <nav aria-label={label}>
      <Group gap="sm">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Text size="sm">
          Page {page} of {pages}
        </Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </Group>
    </nav>
  );
}
