import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageSteps, pagesOf } from './page-steps';

afterEach(cleanup);

const show = (page: number, pages: number | null, went: number[] = []) =>
  render(
    <MantineProvider>
      <PageSteps label="Pages of forms" page={page} pages={pages} onPage={(p) => went.push(p)} />
    </MantineProvider>,
  );
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('PageSteps', () => {
  it('says where the list is and steps either way, inside a named landmark', () => {
    const went: number[] = [];
    show(2, 5, went);
    expect(screen.getByRole('navigation', { name: 'Pages of forms' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 5')).toBeTruthy();
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('Next page'));
    expect(went).toEqual([1, 3]);
  });

  it('stops at either end, and keeps Next on while the last page is not known', () => {
    show(1, 1);
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(true);
    cleanup();
    show(3, null);
    expect(screen.getByText('Page 3')).toBeTruthy();
    expect(button('Next page').disabled).toBe(false);
  });

  it('counts pages, at least one', () => {
    expect([pagesOf(0, 25), pagesOf(25, 25), pagesOf(26, 25)]).toEqual([1, 1, 2]);
  });
});
