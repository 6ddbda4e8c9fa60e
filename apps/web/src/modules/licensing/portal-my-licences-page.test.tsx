import type { CertificationOutput } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { PortalMyLicencesPage } from './portal-my-licences-page';

const credential = (over: Partial<CertificationOutput>): CertificationOutput => ({
  id: crypto.randomUUID(),
  number: 'EMT-000123',
  license_name: 'EMS Personnel Certification',
  title: 'EMS Personnel Certification',
  level_label: 'EMT',
  holder_name: 'Avery Applicant',
  status: 'active',
  status_label: 'Active',
  issue_date: '2024-01-01',
  expiration_date: '2028-01-31',
  license_id: crypto.randomUUID(),
  license_category_id: null,
  license_category_level_id: null,
  user_id: null,
  service_id: null,
  vehicle_id: null,
  certification_status_id: null,
  license_request_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function renderPage(narrow: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: narrow && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  const router = createMemoryRouter([{ path: '/portal/my-licences', element: <PortalMyLicencesPage /> }], {
    initialEntries: ['/portal/my-licences'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  const items = [
    credential({}),
    credential({
      number: 'SVC-1001',
      license_id: null,
      license_name: null,
      title: 'Credential',
      level_label: null,
    }),
  ];
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ items, total: 2, currentPage: 1, numPerPage: 100 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The next render stubs its own screen width.
  Reflect.deleteProperty(window, 'matchMedia');
});

// Mantine under happy-dom is slow on a busy machine.
describe('My licences', { timeout: 20_000 }, () => {
  it('shows each licence as a card on a narrow screen, with its actions, and no table', async () => {
    renderPage(true);
    const list = await screen.findByRole('list', { name: 'My licences' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'EMS Personnel Certification' })).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Certificate EMT-000123' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Wallet card EMT-000123' })).toBeTruthy();
    expect(
      (within(first).getByRole('button', { name: 'Renew EMT-000123' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('disables Renew only with its reason shown beside it', async () => {
    renderPage(false);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const renew = within(table).getByRole('button', { name: 'Renew SVC-1001' }) as HTMLButtonElement;
    expect(renew.disabled).toBe(true);
    const reason = document.getElementById(renew.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('it is not linked to a licence');
    expect(screen.getAllByText(/not linked to a licence/)).toHaveLength(1);
  });
});
