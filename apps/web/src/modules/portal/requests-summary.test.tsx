import type { LicenseRequestSummary } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { refreshAfterRequestChange } from '../licensing/licensing-api';
import { paymentsKeys } from '../payments/payments-api';
import { RequestsSummary } from './requests-summary';

const request = (id: string, over: Partial<LicenseRequestSummary>): LicenseRequestSummary => ({
  id,
  license_id: crypto.randomUUID(),
  license_name: 'EMS Personnel Certification',
  user_id: crypto.randomUUID(),
  service_id: null,
  vehicle_id: null,
  subject_name: 'Avery Applicant',
  application_type_id: null,
  status_id: null,
  status_label: 'Submitted',
  progress: 2,
  review_state: 'submitted',
  completed_on: '2026-11-01T10:00:00.000Z',
  assigned_to: null,
  assigned_to_name: null,
  assigned_at: null,
  renews_certification_id: null,
  deleted_at: null,
  delete_reason: null,
  created_at: '2026-10-30T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const APPROVED = '11111111-1111-4111-8111-111111111111';
const ASKED = '22222222-2222-4222-8222-222222222222';
let mine: LicenseRequestSummary[];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify(mine), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSummary = () =>
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RequestsSummary />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the portal home’s requests', () => {
  it('lists first what needs the applicant, by its review state, and never calls decided requests submitted', async () => {
    mine = [
      request(APPROVED, { review_state: 'approved', status_label: 'Approved', license_name: 'EMT' }),
      request(ASKED, { review_state: 'info_requested', license_name: 'Paramedic' }),
    ];
    renderSummary();
    const action = await screen.findByRole('list', { name: 'Needs your action' });
    const link = within(action).getByRole('link', { name: /Paramedic: More information requested/ });
    expect(link.getAttribute('href')).toBe(`/portal/requests/${ASKED}`);
    const body = document.body.textContent ?? '';
    expect(body).not.toMatch(/no requests in progress/);
    expect(body).not.toMatch(/submitted\./i);
    expect(body).toContain('1 approved');
    expect(body.indexOf('Needs your action')).toBeLessThan(body.indexOf('1 approved'));
  });

  it('says when nothing needs the applicant and what waits for review', async () => {
    mine = [request(APPROVED, { review_state: 'submitted' })];
    renderSummary();
    expect(await screen.findByText('Nothing needs your action.')).toBeTruthy();
    expect(document.body.textContent).toContain('1 awaiting review');
  });
});

describe('after a request changes (submitted, answered)', () => {
  it('what it owes is fetched again: the fees and the alerts, not only the request', async () => {
    const client = new QueryClient();
    client.setQueryData(paymentsKeys.session(), { payable: [] });
    client.setQueryData(['alerts', 'count'], 0);
    client.setQueryData(['licensing', 'mine'], []);
    await refreshAfterRequestChange(client);
    // What it owes is never shown from before the change ("Nothing to pay" until a reload).
    expect(client.getQueryData(paymentsKeys.session())).toBeUndefined();
    expect(client.getQueryState(['alerts', 'count'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['licensing', 'mine'])?.isInvalidated).toBe(true);
  });
});
