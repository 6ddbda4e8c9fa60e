import type { LicenseRequestDetail } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import type { AvailableLicence } from './licensing-api';
import { PortalRequestPage } from './portal-request-page';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const LICENCE = '22222222-2222-4222-8222-222222222222';
const TYPE = '33333333-3333-4333-8333-333333333333';
const EMT = '44444444-4444-4444-8444-444444444444';
const MEDIC = '55555555-5555-4555-8555-555555555555';
const FORM = '66666666-6666-4666-8666-666666666666';
const USER = '77777777-7777-4777-8777-777777777777';

const detail: LicenseRequestDetail = {
  id: REQUEST,
  license_id: LICENCE,
  license_name: 'EMS Personnel',
  user_id: USER,
  service_id: null,
  vehicle_id: null,
  subject_name: 'Avery Applicant',
  application_type_id: null,
  status_id: null,
  status_label: 'In progress',
  progress: 1,
  review_state: 'draft',
  completed_on: null,
  assigned_to: null,
  assigned_to_name: null,
  assigned_at: null,
  renews_certification_id: null,
  deleted_at: null,
  delete_reason: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  parent_request_id: null,
  current_trigger_count: 0,
  training_validation_start: null,
  training_validation_end: null,
  application_types: [
    {
      id: crypto.randomUUID(),
      application_type_id: TYPE,
      application_type_label: 'Initial',
      license_category_level_id: EMT,
      level_label: 'EMT',
      checked: true,
    },
  ],
  charges: [
    {
      id: crypto.randomUUID(),
      description: 'Application fee',
      quantity: 1,
      amount_cents: 123456,
      paid: false,
    },
  ],
  total_cents: 123456,
  process_statuses: [],
  forms: [
    {
      form_id: FORM,
      form_name: 'Application form',
      required: true,
      response_id: null,
      progress: null,
      completed_on: null,
    },
  ],
  history: [
    {
      id: crypto.randomUUID(),
      kind: 'created',
      at: '2026-03-01T10:00:00.000Z',
      user_name: 'Avery Applicant',
      note: null,
      status_label: 'In progress',
      process_label: null,
      process_status_label: null,
      manual_trigger: null,
      link_trigger: null,
      internal: false,
      details: null,
    },
  ],
  pending: null,
  certifications: [],
};

const licence: AvailableLicence = {
  id: LICENCE,
  name: 'EMS Personnel',
  description: null,
  entity: 'user',
  form_package_id: null,
  levels: [
    { id: EMT, label: 'EMT', category_id: crypto.randomUUID(), category_label: 'EMS provider' },
    { id: MEDIC, label: 'Paramedic', category_id: crypto.randomUUID(), category_label: 'EMS provider' },
  ],
  application_types: [{ id: TYPE, label: 'Initial', license_category_levels: [EMT, MEDIC] }],
};

type Handler = (url: URL) => Response;
let calls: { method: string; url: URL; body: unknown }[];
let routes: Record<string, Handler>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  routes = {
    [`GET /api/LicenseRequests/${REQUEST}`]: () => json(detail),
    'GET /api/licenses/available': () => json([licence]),
    [`PUT /api/LicenseRequests/${REQUEST}/applicationtypes`]: () => json(detail),
    'POST /api/LicenseRequests/submit': () =>
      json({
        success: false,
        validationError: true,
        errors: { 'Application form': 'This form has not been started.' },
      }),
    [`DELETE /api/LicenseRequests/${REQUEST}`]: () => json({ deleted: true }),
    'GET /api/LicenseRequests/mine': () => json([]),
    'POST /api/fbresponses': () => json({ id: crypto.randomUUID() }, 201),
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
  const router = createMemoryRouter(
    [
      { path: '/portal/requests/:id', element: <PortalRequestPage /> },
      { path: '/portal/requests', element: <p>My requests list</p> },
      { path: '/portal/requests/:id/forms/:formId', element: <p>Form page</p> },
    ],
    { initialEntries: [`/portal/requests/${REQUEST}`] },
  );
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('PortalRequestPage', { timeout: 20_000 }, () => {
  it('shows a checkbox per level of each application type and saves the chosen keys type%level', async () => {
    renderPage();
    const emt = await screen.findByRole('checkbox', { name: 'Initial: EMT' });
    const medic = screen.getByRole('checkbox', { name: 'Initial: Paramedic' });
    expect((emt as HTMLInputElement).checked).toBe(true);
    expect((medic as HTMLInputElement).checked).toBe(false);
    fireEvent.click(medic);
    fireEvent.click(emt);
    fireEvent.click(screen.getByRole('button', { name: 'Save application types' }));
    await screen.findByText('Application types saved.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ selections: { [`${TYPE}%${MEDIC}`]: true } });
  });

  it('shows the charges in dollars, the draft that never expires, and the history', async () => {
    renderPage();
    const charges = await screen.findByRole('table', { name: 'Charges' });
    expect(within(charges).getAllByText('$1,234.56')).toHaveLength(2);
    expect(screen.getByText(/This draft never expires/)).toBeTruthy();
    expect(screen.getByText('Started: In progress')).toBeTruthy();
    const forms = screen.getByRole('table', { name: 'Forms of this request' });
    expect(within(forms).getByText('Not started')).toBeTruthy();
    expect(within(forms).getByRole('button', { name: 'Fill in Application form' })).toBeTruthy();
  });

  it('starts a form of the request as a response linked to the request, then opens it', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Fill in Application form' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/portal/requests/${REQUEST}/forms/${FORM}`),
    );
    const body = calls.find((c) => c.url.pathname === '/api/fbresponses')?.body as {
      response: Record<string, unknown>;
      saveAnswers: boolean;
    };
    expect(body.saveAnswers).toBe(true);
    expect(body.response).toMatchObject({
      form_id: FORM,
      license_request_id: REQUEST,
      user_id: USER,
      service_id: null,
      questions: [],
    });
  });

  it("lists the server's validation errors per form when the request cannot be submitted", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The request was not submitted');
    expect(alert.textContent).toContain('Application form: This form has not been started.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ licenseRequestID: REQUEST });
  });

  it('names the missing continuing education hours, not a form to complete (issue 24 item 4)', async () => {
    routes['POST /api/LicenseRequests/submit'] = () =>
      json({
        success: false,
        validationError: true,
        errors: {
          'Continuing education':
            'EMT: 6 hours of Airway are still missing (cycle 2026-01-31 to 2028-01-31).',
        },
      });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('6 hours of Airway are still missing');
    expect(alert.textContent).not.toContain('Complete these forms first');
  });

  it('asks for the application type of a renewal submitted without one, not for a form', async () => {
    routes['POST /api/LicenseRequests/submit'] = () =>
      json({
        success: false,
        validationError: true,
        errors: { 'Application type': 'Choose the application type and level this renewal is for.' },
      });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Choose the application type and level this renewal is for.');
    expect(alert.textContent).not.toContain('Complete these forms first');
  });

  it('asks for a reason before deleting, and sends it', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete request' }));
    await within(dialog).findByText('Say why the request is deleted.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason for deleting/), {
      target: { value: 'Applied by mistake' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/requests'));
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url.searchParams.get('reason')).toBe('Applied by mistake');
  });
});
