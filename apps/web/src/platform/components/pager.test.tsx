import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from './pager';

afterEach(cleanup);

const show = (total: number) =>
  render(
    <MantineProvider>
      <Pager total={total} value={1} onChange={() => {}} />
    </MantineProvider>,
  );

describe('Pager', () => {
  it('shows nothing for a single page', () => {
    show(1);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names its previous and next buttons', () => {
    show(3);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeTruthy();
  });
});
