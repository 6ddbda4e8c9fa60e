import { Button, Group, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  total: number;
  numPerPage: number;
  label: string;
  onPage(page: number): void;
}

/** Previous and next page of a server-paged list, with "Page 2 of 5". */
export function Pager({ page, total, numPerPage, label, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / numPerPage));
  return (
    <nav aria-label={label}>
      <Group gap="sm">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Text size="sm">{`Page ${page} of ${pages}`}</Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </Group>
    </nav>
  );
}
