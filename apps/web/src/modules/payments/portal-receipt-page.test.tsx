import type { TransactionOutput } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { PortalReceiptPage } from './portal-receipt-page';

const ID = '33333333-3333-4333-8333-333333333333';
const payment = (method: string, method_label: string): TransactionOutput => ({
  id: ID,
  user_id: null,
  payer_name: 'Avery Applicant',
  kind: 'payment',
  method,
  method_label,
  state: 'settled',
  transaction_status_id: null,
  transaction_status: 'Paid',
  amount_cents: 4500,
  currency: 'USD',
  reference_number: 'TEST123',
  receipt_number: 'RCPT-2026-000042',
  refund_of_id: null,
  refunded_cents: 0,
  voucher_id: null,
  note: null,
  license_request_ids: [],
  settled_at: '2026-03-04T05:06:07.000Z',
  created_at: '2026-03-04T05:06:07.000Z',
  updated_at: '2026-03-04T05:06:07.000Z',
});

function renderReceipt(t: TransactionOutput) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify(t), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/portal/payments/receipt/:id', element: <PortalReceiptPage /> }],
    {
      initialEntries: [`/portal/payments/receipt/${ID}`],
    },
  );
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalReceiptPage', { timeout: 20_000 }, () => {
  it('says a test gateway payment took no money', async () => {
    renderReceipt(payment('test', 'Card (test gateway)'));
    expect((await screen.findByRole('note')).textContent).toContain('Test payments: no money is taken');
  });

  it('says nothing of the kind for a real payment', async () => {
    renderReceipt(payment('cybersource', 'Card (CyberSource)'));
    expect(await screen.findByText('Card (CyberSource)')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the receipt number people read, not the payment id', async () => {
    renderReceipt(payment('cybersource', 'Card (CyberSource)'));
    expect(await screen.findByText('RCPT-2026-000042')).toBeTruthy();
    expect(screen.queryByText(ID)).toBeNull();
  });
});
