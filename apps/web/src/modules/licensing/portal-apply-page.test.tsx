import type { LicenseRequestSummary } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, SHELL_QUERY_KEY } from '../../platform/session/session-provider';
import type { ShellState } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import type { AvailableLicence } from './licensing-api';
import { PortalApplyPage } from './portal-apply-page';

const USER = '11111111-1111-4111-8111-111111111111';
const PERSON_LICENCE = '22222222-2222-4222-8222-222222222222';
const SERVICE_LICENCE = '33333333-3333-4333-8333-333333333333';
const SERVICE = '44444444-4444-4444-8444-444444444444';
const DRAFT = '55555555-5555-4555-8555-555555555555';
const NEW_REQUEST = '66666666-6666-4666-8666-666666666666';

const licence = (id: string, name: string, entity: string): AvailableLicence => ({
  id,
  name,
  description: null,
  entity,
  form_package_id: null,
  levels: [],
  application_types: [],
});

const draft = {
  id: DRAFT,
  license_id: PERSON_LICENCE,
  progress: 1,
  deleted_at: null,
  service_id: null,
  vehicle_id: null,
} as unknown as LicenseRequestSummary;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: { method: string; url: URL; body: unknown }[];
let mineRows: LicenseRequestSummary[];
const heldCredential = {
  id: crypto.randomUUID(),
  license_id: PERSON_LICENCE,
  service_id: null,
  vehicle_id: null,
  number: 'EMT-000123',
  status: 'active',
  status_label: 'Active',
  expiration_date: '2028-01-31',
};

beforeEach(() => {
  calls = [];
  mineRows = [draft];
  const routes: Record<string, (url: URL) => Response> = {
    'GET /api/licenses/available': () =>
      json([
        licence(PERSON_LICENCE, 'EMS Personnel', 'user'),
        licence(SERVICE_LICENCE, 'Ambulance service', 'service'),
      ]),
    'GET /api/LicenseRequests/mine': () => json(mineRows),
    'GET /api/certifications': () =>
      json({ items: [heldCredential], total: 1, currentPage: 1, numPerPage: 100 }),
    'GET /api/services/getbyuserid': () =>
      json([
        { id: SERVICE, name: 'County EMS', is_administrator: true },
        { id: crypto.randomUUID(), name: 'Not mine to run', is_administrator: false },
      ]),
    'GET /api/LicensingModule/LicenseRequest': (url) =>
      json(url.searchParams.get('license_id') === PERSON_LICENCE && mineRows.length > 0 ? draft : null),
    'POST /api/LicenseRequests': () => json({ id: NEW_REQUEST }, 201),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(url) : json({ error: { code: 'not_found', message: 'no mock' } }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const shell: ShellState = {
    status: 'signed-in',
    offline: false,
    viewer: {
      user_name: 'applicant',
      first_name: null,
      last_name: null,
      is_staff: false,
      isPortal: true,
      permissions: [],
    },
    account: { id: USER } as never,
    enterprise: null,
  };
  client.setQueryData(SHELL_QUERY_KEY, shell);
  const router = createMemoryRouter(
    [
      { path: '/portal/licences', element: <PortalApplyPage /> },
      { path: '/portal/requests/:id', element: <p>Request page</p> },
    ],
    { initialEntries: ['/portal/licences'] },
  );
  renderWithMantine(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('PortalApplyPage', { timeout: 20_000 }, () => {
  it('resumes the open draft of a licence instead of starting a second request', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resume application for EMS Personnel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/portal/requests/${DRAFT}`));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('warns before applying for a licence already held, and applies only when asked again', async () => {
    mineRows = [];
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for EMS Personnel' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('You already hold EMS Personnel');
    expect(warning.textContent).toContain('EMT-000123 (Active');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Apply anyway for EMS Personnel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/portal/requests/${NEW_REQUEST}`));
  });

  it('finds a licence by the words searched', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText('Search licences'), { target: { value: 'ambulance' } });
    expect(screen.getByText('1 of 2 licences match “ambulance”.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'EMS Personnel' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ambulance service' })).toBeTruthy();
  });

  it("starts a service's licence for a service the applicant administers", async () => {
    const router = renderPage();
    const apply = await screen.findByRole('button', { name: 'Apply for Ambulance service' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    const select = await screen.findByLabelText('Service applying for Ambulance service');
    expect(screen.queryByRole('option', { name: 'Not mine to run' })).toBeNull();
    expect(
      calls.find((c) => c.url.pathname === '/api/services/getbyuserid')?.url.searchParams.get('user_id'),
    ).toBe(USER);
    fireEvent.change(select, { target: { value: SERVICE } });
    fireEvent.click(apply);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/portal/requests/${NEW_REQUEST}`));
    const lookup = calls.find((c) => c.url.pathname === '/api/LicensingModule/LicenseRequest');
    expect(lookup?.url.searchParams.get('service_id')).toBe(SERVICE);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      license_request: { license_id: SERVICE_LICENCE, service_id: SERVICE },
    });
  });
});
