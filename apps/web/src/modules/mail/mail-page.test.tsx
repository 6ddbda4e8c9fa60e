import type { MailDetail } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { MailPage } from './mail-page';

const ID = '11111111-1111-4111-8111-111111111111';
const failed: MailDetail = {
  id: ID,
  from_address: 'Licensure <no-reply@localhost>',
  to_address: 'pat@example.org',
  subject: 'Welcome to Test State EMS, Pat',
  status: 'failed',
  attempts: 5,
  error: '451 Try again later',
  created_at: '2026-11-01T10:00:00.000Z',
  sent_at: null,
  cc: [],
  bcc: [],
  reply_to: [],
  text_body: 'Dear Pat,\n\nwelcome.',
  html_body: '<p>Dear Pat,</p><script>parent.document.title = "owned"</script><img src=x onerror="alert(1)">',
  last_attempt_at: '2026-11-01T10:05:00.000Z',
  correspondence_id: null,
  retryable: true,
};
let current: MailDetail;
let retries = 0;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  current = failed;
  retries = 0;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === `/api/mail/${ID}/retry` && init.method === 'POST') {
      retries++;
      current = { ...failed, status: 'sent', attempts: 6, error: null, retryable: false };
      return json(current);
    }
    if (url.pathname === `/api/mail/${ID}`) return json(current);
    return json({ error: { code: 'not_found', message: 'no mock' } }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/staff/mail/:id', element: <MailPage /> }], {
    initialEntries: [`/staff/mail/${ID}`],
  });
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('MailPage', () => {
  it('shows the HTML body only inside a frame sandboxed with no permission at all', async () => {
    renderPage();
    const frame = await screen.findByTitle("The mail's HTML body");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Dear Pat,</p>');
    // Nothing of the body reaches this page's own DOM.
    expect(document.querySelector('body > div script, main script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('451 Try again later')).toBeTruthy();
    expect(screen.getByText(/Dear Pat,\s+welcome\./)).toBeTruthy();
  });

  it('sends a failed mail again', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(retries).toBe(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send it again' })).toBeNull());
    expect(screen.getByText('Sent')).toBeTruthy();
  });
});
