import type { ExamSessionOutput } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, SHELL_QUERY_KEY } from '../../platform/session/session-provider';
import type { ShellState } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { SessionCalendarPage } from './session-calendar-page';

const session = (over: Partial<ExamSessionOutput>): ExamSessionOutput => ({
  id: crypto.randomUUID(),
  number: 'EX-0001',
  name: 'EMT psychomotor exam',
  session_date: '2026-12-10',
  start_time: '08:30',
  location_id: null,
  location: 'State EMS Training Center',
  exam_type_id: null,
  exam_type: null,
  status_id: null,
  status: null,
  exam_packet_id: crypto.randomUUID(),
  exam_packet: 'EMT psychomotor exam',
  capacity: 10,
  registered: 3,
  coordinator_ids: [],
  examiner_ids: [],
  notes: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

let requests: URL[];
beforeEach(() => {
  requests = [];
  const december = session({});
  const january = session({
    number: 'EX-0002',
    session_date: '2027-01-05',
    start_time: null,
    location: null,
  });
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url);
    const from = url.searchParams.get('from') ?? '';
    const items = [december, january].filter((s) => s.session_date.startsWith(from.slice(0, 7)));
    return new Response(JSON.stringify({ items, total: items.length, currentPage: 1, numPerPage: 500 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
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
      user_name: 'coordinator',
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
    [{ path: '/staff/exams/sessions/calendar', element: <SessionCalendarPage /> }],
    {
      initialEntries: [path],
    },
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

describe('the exam session calendar', { timeout: 20_000 }, () => {
  it('asks for the month’s date range, links each session by name, date and place, and steps months', async () => {
    const router = renderAt('/staff/exams/sessions/calendar?month=2026-12', ['exams.read']);
    const table = await screen.findByRole('table', { name: 'Calendar of December 2026' });
    const link = await within(table).findByRole('link', {
      name: 'EX-0001 EMT psychomotor exam, 2026-12-10 at 08:30, State EMS Training Center (3 of 10 seats taken)',
    });
    expect(link.textContent).toBe('08:30 EX-0001 EMT psychomotor exam');
    expect(link.closest('td')?.textContent).toMatch(/^10/);
    const first = requests.find((u) => u.pathname === '/api/ExamSessions');
    expect(first?.searchParams.get('from')).toBe('2026-12-01');
    expect(first?.searchParams.get('to')).toBe('2026-12-31');
    expect(screen.getByRole('status').textContent).toBe('1 session in December 2026.');
    expect(screen.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Next month: January 2027' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=2027-01'));
    const next = await screen.findByRole('table', { name: 'Calendar of January 2027' });
    expect(
      await within(next).findByRole('link', { name: /^EX-0002 EMT psychomotor exam, 2027-01-05 \(/ }),
    ).toBeTruthy();
    expect(requests.at(-1)?.searchParams.get('to')).toBe('2027-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month: December 2026' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=2026-12'));
  });

  it('is refused without exams.read', async () => {
    renderAt('/staff/exams/sessions/calendar', ['requests.read']);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/ExamSessions')).toHaveLength(0);
  });
});
