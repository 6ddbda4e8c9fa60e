import type { LicenseRequestDetail, LicenseRequestSummary } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, SHELL_QUERY_KEY } from '../../platform/session/session-provider';
import type { ShellState } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { StaffQueuePage } from './staff-queue-page';
import { StaffRequestPage } from './staff-request-page';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const LICENCE = '22222222-2222-4222-8222-222222222222';
const PROCESS = '33333333-3333-4333-8333-333333333333';
const PASSED = '44444444-4444-4444-8444-444444444444';
const SUBMITTED = '55555555-5555-4555-8555-555555555555';
const RESPONSE = '66666666-6666-4666-8666-666666666666';

const summary: LicenseRequestSummary = {
  id: REQUEST,
  license_id: LICENCE,
  license_name: 'EMS Personnel',
  user_id: '77777777-7777-4777-8777-777777777777',
  service_id: null,
  vehicle_id: null,
  subject_name: 'Avery Applicant',
  application_type_id: null,
  status_id: SUBMITTED,
  status_label: 'Submitted',
  progress: 2,
  review_state: 'submitted',
  completed_on: '2026-03-02T10:00:00.000Z',
  assigned_to: null,
  assigned_to_name: null,
  assigned_at: null,
  renews_certification_id: null,
  deleted_at: null,
  delete_reason: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

const detail: LicenseRequestDetail = {
  ...summary,
  parent_request_id: null,
  current_trigger_count: 0,
  training_validation_start: null,
  training_validation_end: null,
  application_types: [],
  charges: [],
  total_cents: 0,
  process_statuses: [],
  forms: [
    {
      form_id: crypto.randomUUID(),
      form_name: 'Application form',
      required: true,
      response_id: RESPONSE,
      progress: 2,
      completed_on: '2026-03-02T09:00:00.000Z',
    },
  ],
  history: [],
  pending: null,
  certifications: [],
};

const list = (items: unknown[]) => ({ items, total: items.length, currentPage: 1, numPerPage: 500 });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { method: string; url: URL; body: unknown }[];
let routes: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  routes = {
    'GET /api/LicenseRequests': () => json({ items: [summary], total: 45, currentPage: 1, numPerPage: 20 }),
    'GET /api/LicenseRequests/counts': () =>
      json({
        total: 3,
        statuses: [
          { status_id: SUBMITTED, label: 'Submitted', count: 2 },
          { status_id: null, label: null, count: 1 },
        ],
      }),
    'GET /api/licenses': () => json(list([{ id: LICENCE, name: 'EMS Personnel' }])),
    'GET /api/licenserequeststatuses': () => json(list([{ id: SUBMITTED, label: 'Submitted' }])),
    'GET /api/processstatuses': () =>
      json(
        list([
          {
            id: PASSED,
            process_id: PROCESS,
            process_label: 'Background check',
            label: 'Passed',
            is_final: true,
            active: true,
          },
        ]),
      ),
    [`GET /api/LicenseRequests/${REQUEST}`]: () => json(detail),
    'GET /api/Documents': () =>
      json(
        list([
          {
            id: crypto.randomUUID(),
            name: 'emt-course.pdf',
            mime_type: 'application/pdf',
            size_bytes: 2048,
            created_at: '2026-03-02T09:00:00.000Z',
          },
        ]),
      ),
    'POST /api/licenserequestprocessstatuses/processchange': () =>
      json({
        ...detail,
        process_statuses: [
          {
            process_id: PROCESS,
            process_label: 'Background check',
            process_status_id: PASSED,
            process_status_label: 'Passed',
            updated_at: '2026-03-03T10:00:00.000Z',
          },
        ],
      }),
    [`GET /api/LicenseRequests/${REQUEST}/decisionPreview`]: () =>
      json({
        license_request_id: REQUEST,
        decision: 'approve',
        state_after: 'approved',
        allowed: true,
        refusal: null,
        blocked: false,
        blockers: [],
        may_override: false,
        unpaid_cents: 0,
        credentials: [
          {
            effect: 'issued',
            certification_id: null,
            number: null,
            level_id: crypto.randomUUID(),
            level_label: 'EMT',
            category_label: 'EMS Provider',
            status_before: null,
            status_after: 'active',
            expiration_before: null,
            expiration_after: '2028-03-31',
            ce_cycle_before: null,
            ce_cycle_after: null,
            issued_after_submission: false,
            reason: 'A new EMT credential is issued.',
          },
        ],
        processes: [],
        notes: [],
      }),
    'POST /api/LicenseRequests/approve': () =>
      json({
        ...detail,
        certifications: [
          { id: crypto.randomUUID(), number: 'EMS-00041', status: 'active', expiration_date: '2028-03-31' },
        ],
      }),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler() : json({ error: { code: 'not_found', message: 'no mock' } }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const shell: ShellState = {
    status: 'signed-in',
    offline: false,
    viewer: {
      user_name: 'admin',
      first_name: null,
      last_name: null,
      is_staff: true,
      isPortal: false,
      permissions,
    },
    account: null,
    enterprise: null,
  };
  client.setQueryData(SHELL_QUERY_KEY, shell);
  const router = createMemoryRouter(
    [
      { path: '/staff/requests', element: <StaffQueuePage /> },
      { path: '/staff/requests/:id', element: <StaffRequestPage /> },
    ],
    { initialEntries: [path] },
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

describe('staff licensing pages', { timeout: 20_000 }, () => {
  it('the queue sends its filters, keeps them in the address, and counts each status in words', async () => {
    const router = renderAt('/staff/requests', ['requests.read']);
    const counts = await screen.findByRole('region', { name: 'Requests by status' });
    expect(counts.textContent).toContain('3 in all:');
    expect(within(counts).getByRole('button', { name: 'Submitted: 2' })).toBeTruthy();
    expect(within(counts).getByText('No status: 1')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Avery Applicant/ })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await screen.findByRole('option', { name: 'EMS Personnel' });
    fireEvent.change(screen.getByLabelText('Licence'), { target: { value: LICENCE } });
    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/^Search/), { target: { value: ' Avery ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?license_id=${LICENCE}&from=2026-03-01&search=Avery`),
    );
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/LicenseRequests').at(-1);
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        state: 'submitted',
        license_id: LICENCE,
        from: '2026-03-01',
        search: 'Avery',
        currentPage: '1',
        numPerPage: '20',
      });
    });
    const submittedChip = screen.getByRole('button', { name: 'Submitted: 2' });
    expect(submittedChip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(submittedChip);
    await waitFor(() => expect(router.state.location.search).toContain(`status_id=${SUBMITTED}`));
    expect(screen.getByRole('button', { name: 'Submitted: 2' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
  });

  it('the request page links the answers and documents, changes a process status and approves', async () => {
    renderAt(`/staff/requests/${REQUEST}`, ['requests.read', 'requests.review', 'requests.write']);
    const open = await screen.findByRole('link', { name: 'Open answers to Application form' });
    expect(open.getAttribute('href')).toBe(`/staff/responses/${RESPONSE}`);
    expect((await screen.findByRole('link', { name: 'emt-course.pdf' })).getAttribute('href')).toMatch(
      /^\/api\/Documents\/[0-9a-f-]{36}\/content$/,
    );
    expect(
      calls.find((c) => c.url.pathname === '/api/Documents')?.url.searchParams.get('fb_response_id'),
    ).toBe(RESPONSE);
    expect(screen.getByRole('link', { name: 'Download XML' }).getAttribute('href')).toBe(
      `/api/LicenseRequests/getXML?id=${REQUEST}`,
    );

    await screen.findByRole('option', { name: 'Background check' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Process' }), { target: { value: PROCESS } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Process status' }), { target: { value: PASSED } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Clear record' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change process status' }));
    await screen.findByText('Background check is now Passed.');
    expect(calls.find((c) => c.url.pathname.endsWith('/processchange'))?.body).toEqual({
      licenseRequestID: REQUEST,
      processID: PROCESS,
      statusID: PASSED,
      note: 'Clear record',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
    // The dialog shows what the approval will change before it happens.
    await within(dialog).findByText(/Issued: A new EMT credential, numbered on approval, expires/);
    const confirm = within(dialog).getByRole('button', { name: 'Approve and issue' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    expect((await screen.findByText(/Credentials issued:/)).textContent).toContain('EMS-00041');
  });

  it('a reader without review permission gets no review actions', async () => {
    renderAt(`/staff/requests/${REQUEST}`, ['requests.read']);
    await screen.findByRole('link', { name: 'Open answers to Application form' });
    expect(screen.queryByRole('button', { name: 'Change process status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete request' })).toBeNull();
  });
});
