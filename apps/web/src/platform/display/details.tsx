import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** "None" for screen readers, a dash on screen. */
export function Empty() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>None</VisuallyHidden>
    </>
  );
}

export function orEmpty(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <Empty /> : value;
}

/** A record's fields as a description list (label, value). */
export function DetailList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="read-only-fields">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd className="pre-line">{orEmpty(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
