import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { PortalFormsPage } from './portal-forms-page';

const form = (name: string, description: string | null) => ({
  id: crypto.randomUUID(),
  name,
  description,
  version: 1,
  applicant_access: 'edit',
});

beforeEach(() => {
  const available = [
    form('Change of address', 'Tell us where you live now'),
    form('Continuing education', 'Hours of training'),
  ];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const body =
      url.pathname === '/api/fbforms/available'
        ? available
        : { items: [], total: 0, currentPage: 1, numPerPage: 10 };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the applicant’s forms list', () => {
  it('finds a form by words of its name or description', async () => {
    const router = createMemoryRouter([{ path: '/portal/forms', element: <PortalFormsPage /> }], {
      initialEntries: ['/portal/forms'],
    });
    renderWithMantine(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByLabelText('Search forms'), { target: { value: 'training' } });
    expect(screen.getByText('1 of 2 forms match “training”.')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('button', { name: 'Start Continuing education' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Start Change of address' })).toBeNull();
  });
});
