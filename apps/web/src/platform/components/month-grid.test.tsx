import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { MonthGrid, monthRange, shiftMonth, weeksOf } from './month-grid';

afterEach(cleanup);

describe('weeksOf', () => {
  it('lays a month out in weeks starting on Monday', () => {
    // December 2026 starts on a Tuesday and has 31 days.
    const weeks = weeksOf(2026, 12);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  });

  it('knows February of a leap year', () => {
    const days = weeksOf(2028, 2).flat().filter(Boolean);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2028-02-29');
  });
});

describe('monthRange and shiftMonth', () => {
  it('give the first and last day, and step across the turn of the year', () => {
    expect(monthRange(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(2026, 11)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth(2026, 6, -1)).toEqual({ year: 2026, month: 5 });
  });
});

describe('MonthGrid', () => {
  it('puts each entry on its day as a link with its accessible name', async () => {
    const grid = (
      <MonthGrid
        year={2026}
        month={12}
        title="December 2026"
        entries={[
          {
            id: 'a',
            date: '2026-12-03',
            label: '08:30 Station A',
            to: '/a',
            accessibleName: 'Station A, 3 Dec',
          },
          { id: 'b', date: '2026-12-31', label: 'Year end', to: '/b' },
        ]}
      />
    );
    const router = createMemoryRouter([{ path: '/', element: grid }], { initialEntries: ['/'] });
    renderWithMantine(<RouterProvider router={router} />);
    const table = await screen.findByRole('table', { name: 'Calendar of December 2026' });
    const a = within(table).getByRole('link', { name: 'Station A, 3 Dec' });
    expect(a.getAttribute('href')).toBe('/a');
    expect(a.textContent).toBe('08:30 Station A');
    expect(a.closest('td')?.textContent).toMatch(/^3/);
    const b = within(table).getByRole('link', { name: 'Year end' });
    expect(b.closest('td')?.textContent).toMatch(/^31/);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });
});
