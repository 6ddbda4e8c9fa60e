import { Pagination } from '@mantine/core';

/** Paging of a list: the page buttons, named for screen readers, and nothing when there is one page. */
export function Pager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange(page: number): void;
}) {
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getControlProps={(c) => ({ 'aria-label': `Go to ${c} page` })}
    />
  );
}
