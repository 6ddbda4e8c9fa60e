import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, SHELL_QUERY_KEY } from '../../platform/session/session-provider';
import type { ShellState } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { StaffRecordPaymentPage } from './staff-record-payment-page';
import { StaffVouchersPage } from './staff-vouchers-page';
import { emptyVoucher, voucherFromDraft } from './voucher-issue-form';

const PERSON = '77777777-7777-4777-8777-777777777777';
const REQ_A = '11111111-1111-4111-8111-111111111111';
const REQ_B = '22222222-2222-4222-8222-222222222222';
const PAYMENT = '33333333-3333-4333-8333-333333333333';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const person = { id: PERSON, first_name: 'Avery', last_name: 'Applicant', email: 'avery@example.test' };

let calls: { method: string; url: URL; body: unknown }[];
let routes: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  routes = {
    'POST /api/users/search': () => json([person]),
    'GET /api/payments/payable': () =>
      json({
        user_id: PERSON,
        person_name: 'Avery Applicant',
        payable: [
          {
            license_request_id: REQ_A,
            license_name: 'EMT',
            review_state: 'submitted',
            created_at: '2026-03-01T10:00:00.000Z',
            charges_cents: 6000,
            due_cents: 6000,
          },
          {
            license_request_id: REQ_B,
            license_name: 'Paramedic',
            review_state: 'submitted',
            created_at: '2026-03-02T10:00:00.000Z',
            charges_cents: 4500,
            due_cents: 2500,
          },
        ],
      }),
    'POST /api/directPayment': () => json({ id: PAYMENT }),
    'GET /api/vouchers': () => json({ items: [], total: 0, currentPage: 1, numPerPage: 25 }),
    'POST /api/vouchers': () => json({ id: crypto.randomUUID() }, 201),
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
      user_name: 'cashier',
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
      { path: '/staff/payments/record', element: <StaffRecordPaymentPage /> },
      { path: '/staff/payments/vouchers', element: <StaffVouchersPage /> },
      { path: '/staff/payments/:id', element: <p>Payment page</p> },
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

const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

describe('recording a payment by picking the payer and their requests', { timeout: 20_000 }, () => {
  it('finds the person, ticks a request, and records a check for what it owes', async () => {
    const router = renderAt('/staff/payments/record', ['payments.read', 'payments.write']);
    expect(screen.queryByLabelText(/request id/i)).toBeNull();
    fireEvent.change(await screen.findByLabelText('Find the payer, by last name'), {
      target: { value: 'App' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Avery Applicant' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?person=${PERSON}`));
    const group = await screen.findByRole('group', { name: 'Requests this payment is for' });
    expect(within(group).getByLabelText('Paramedic: $25.00 due of $45.00')).toBeTruthy();

    // Nothing ticked: the payment is not sent.
    fireEvent.change(screen.getByLabelText(/Check number/), { target: { value: 'CHK-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Choose at least one request this payment is for.')).toBeTruthy();
    expect(posted('/api/directPayment')).toHaveLength(0);

    fireEvent.click(within(group).getByLabelText('Paramedic: $25.00 due of $45.00'));
    expect((screen.getByLabelText(/Amount received/) as HTMLInputElement).value).toBe('25.00');
    fireEvent.change(screen.getByLabelText(/Check number/), { target: { value: 'CHK-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/staff/payments/${PAYMENT}`));
    expect(posted('/api/directPayment')[0]?.body).toMatchObject({
      payment: { items: [REQ_B], method: 'check', amount_cents: 2500, reference_number: 'CHK-77' },
    });
  });

  it('is forbidden without payments.write', async () => {
    renderAt('/staff/payments/record', ['payments.read']);
    expect(await screen.findByText(/permission/i)).toBeTruthy();
    expect(screen.queryByLabelText('Find the payer, by last name')).toBeNull();
  });
});

describe('issuing a voucher', { timeout: 20_000 }, () => {
  it('checks the draft field by field', () => {
    expect(voucherFromDraft(emptyVoucher).errors).toMatchObject({
      code: expect.any(String),
      amount_cents: expect.any(String),
    });
    expect(
      voucherFromDraft({ ...emptyVoucher, code: 'SPRING', pays: 'share', percent: '150' }).errors,
    ).toEqual({
      percent: 'Enter a whole percent from 1 to 100.',
    });
    expect(voucherFromDraft({ ...emptyVoucher, code: 'SPRING', dollars: '10', uses: '0' }).errors).toEqual({
      max_uses: 'Enter how many times it may be used: 1 or more.',
    });
    expect(
      voucherFromDraft({ ...emptyVoucher, code: ' SPRING ', pays: 'share', percent: '15', uses: '3' })
        .voucher,
    ).toEqual({ code: 'SPRING', percent: 15, max_uses: 3 });
  });

  it('issues a voucher for one person found by name, and shows the server naming a field', async () => {
    routes['POST /api/vouchers'] = () =>
      json({ error: { code: 'conflict', message: 'taken', fields: { code: 'This code is taken.' } } }, 409);
    renderAt('/staff/payments/vouchers', ['payments.read', 'payments.write']);
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: 'HARDSHIP-1' } });
    fireEvent.change(screen.getByLabelText(/Amount \(dollars\)/), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText(/Number of uses/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2099-12-31' } });
    fireEvent.click(screen.getByLabelText('One person'));
    fireEvent.click(screen.getByRole('button', { name: 'Issue voucher' }));
    expect(await screen.findByText('Find and choose the person the voucher is for.')).toBeTruthy();
    expect(posted('/api/vouchers')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Find the person, by last name'), { target: { value: 'App' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Issue to Avery Applicant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Issue voucher' }));
    expect(await screen.findByText('This code is taken.')).toBeTruthy();
    expect(posted('/api/vouchers')[0]?.body).toEqual({
      voucher: {
        code: 'HARDSHIP-1',
        amount_cents: 4000,
        max_uses: 2,
        expires_on: '2099-12-31',
        user_id: PERSON,
      },
    });

    routes['POST /api/vouchers'] = () => json({ id: crypto.randomUUID() }, 201);
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: 'HARDSHIP-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue voucher' }));
    expect(await screen.findByText('Voucher HARDSHIP-2 was issued.')).toBeTruthy();
  });
});
