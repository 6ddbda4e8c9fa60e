import type { BasketTotals, SessionDataForPayment } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { PortalCheckoutPage } from './portal-checkout-page';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const PAYMENT = '33333333-3333-4333-8333-333333333333';

const session = (payable: SessionDataForPayment['payable']): SessionDataForPayment => ({
  user_id: '44444444-4444-4444-8444-444444444444',
  first_name: 'Avery',
  last_name: 'Applicant',
  email: null,
  gateway: 'test',
  test_payments: true,
  pay_otherwise: null,
  payable,
});
const due = [
  { license_request_id: A, license_name: 'EMT licence', due_cents: 4500 },
  { license_request_id: B, license_name: 'Paramedic licence', due_cents: 6000 },
];
const totalsOf = (items: string[]): BasketTotals => {
  const rows = due.filter((d) => items.includes(d.license_request_id));
  const sum = rows.reduce((s, r) => s + r.due_cents, 0);
  return {
    items: rows.map((r) => ({ ...r, charges_cents: r.due_cents, paid_cents: 0, voucher_cents: 0 })),
    charges: rows.map((r) => ({
      license_request_id: r.license_request_id,
      license_name: r.license_name,
      description: 'Application fee',
      quantity: 1,
      amount_cents: r.due_cents,
      paid: false,
    })),
    charges_cents: sum,
    paid_cents: 0,
    voucher_cents: 0,
    due_cents: sum,
  };
};

type Handler = (url: URL, body: unknown) => Response;
let calls: { method: string; url: URL; body: unknown }[];
let routes: Record<string, Handler>;
let posted: { action: string; fields: Record<string, string> }[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  posted = [];
  routes = {
    'GET /api/GetSessionDataForPayment': () => json(session(due)),
    'GET /api/getPaymentMethods': () => json([{ value: 'test', label: 'Card (test gateway)' }]),
    'GET /api/VoucherPay/ExistingVouchers': () => json([]),
    'GET /api/GetLicenseRequestTotals': (url) =>
      json(totalsOf((url.searchParams.get('items') ?? '').split(','))),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(url, body) : json({ error: { code: 'not_found', message: 'no mock' } }, 404);
  });
  // The browser leaves for the gateway's hosted page: record what would be posted there.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.getAttribute('action') ?? '',
      fields: Object.fromEntries([...this.querySelectorAll('input')].map((i) => [i.name, i.value])),
    });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/portal/payments/checkout', element: <PortalCheckoutPage /> }],
    {
      initialEntries: [path],
    },
  );
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PortalCheckoutPage', { timeout: 20_000 }, () => {
  it('pays only the requests in the basket, and a retry opens the same payment (one idempotency key)', async () => {
    let attempts = 0;
    routes['POST /api/preSaveCyberSource'] = () => {
      attempts += 1;
      if (attempts === 1) return json({ error: { code: 'internal', message: 'The gateway is busy.' } }, 503);
      return json({
        url: '/api/payments/testgateway/pay',
        transaction_id: PAYMENT,
        fields: { amount: '45.00', signature: 'c2lnbmVk', transaction_uuid: PAYMENT },
      });
    };
    renderPage(`/portal/payments/checkout?items=${A}&submitted=1`);
    expect(await screen.findByText('Your request was submitted')).toBeTruthy();
    const emt = await screen.findByRole('checkbox', { name: 'EMT licence: $45.00 due' });
    const medic = screen.getByRole('checkbox', { name: 'Paramedic licence: $60.00 due' });
    expect((emt as HTMLInputElement).checked).toBe(true);
    expect((medic as HTMLInputElement).checked).toBe(false);
    const table = await screen.findByRole('table', { name: 'Charges in this payment' });
    await waitFor(() => expect(table.textContent).toContain('Total to pay$45.00'));

    fireEvent.click(screen.getByRole('button', { name: 'Pay $45.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The gateway is busy.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45.00' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const opened = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/preSaveCyberSource');
    expect(opened).toHaveLength(2);
    const [first, second] = opened.map(
      (c) => c.body as { args: { items: string[]; idempotency_key: string } },
    );
    expect(first?.args.items).toEqual([A]);
    expect(second?.args.idempotency_key).toBe(first?.args.idempotency_key);
    expect(posted[0]).toEqual({
      action: '/api/payments/testgateway/pay',
      fields: { amount: '45.00', signature: 'c2lnbmVk', transaction_uuid: PAYMENT },
    });
  });

  it('adds a request to the basket and totals both', async () => {
    renderPage('/portal/payments/checkout');
    const medic = await screen.findByRole('checkbox', { name: 'Paramedic licence: $60.00 due' });
    expect((medic as HTMLInputElement).checked).toBe(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'EMT licence: $45.00 due' }));
    expect(await screen.findByRole('button', { name: 'Pay $60.00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'EMT licence: $45.00 due' }));
    expect(await screen.findByRole('button', { name: 'Pay $105.00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'EMT licence: $45.00 due' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paramedic licence: $60.00 due' }));
    expect(await screen.findByText('Choose at least one request to pay.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('says on the page that test payments take no money', async () => {
    renderPage('/portal/payments/checkout');
    expect((await screen.findByRole('note')).textContent).toContain('Test payments: no money is taken');
    routes['GET /api/GetSessionDataForPayment'] = () => json({ ...session(due), test_payments: false });
    cleanup();
    renderPage('/portal/payments/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $105.00' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('without a card gateway, says how to pay instead and offers no card payment', async () => {
    routes['GET /api/GetSessionDataForPayment'] = () =>
      json({
        ...session(due),
        gateway: null,
        test_payments: false,
        pay_otherwise: {
          message:
            'Card payments are not available. Pay by check or in person at the office; staff record it.',
          office: 'State EMS Office, 1 Capitol Way',
        },
      });
    routes['GET /api/getPaymentMethods'] = () => json([{ value: 'voucher', label: 'Voucher' }]);
    renderPage('/portal/payments/checkout');
    const notice = await screen.findByRole('status', { name: 'Card payments are not available' });
    expect(notice.textContent).toContain('Pay by check or in person at the office; staff record it.');
    expect(notice.textContent).toContain('Office: State EMS Office, 1 Capitol Way');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/preSaveCyberSource')).toBe(false);
  });

  it('says so when nothing is owed', async () => {
    routes['GET /api/GetSessionDataForPayment'] = () => json(session([]));
    renderPage('/portal/payments/checkout');
    expect(await screen.findByText(/You have no fees to pay/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });
});
