import type { MyExams } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { PortalExamsPage } from './portal-exams-page';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const NEXT = '11111111-1111-4111-8111-111111111111';
const TODAY = '22222222-2222-4222-8222-222222222222';
const registration = (id: string, session_date: string): MyExams['registrations'][number] => ({
  id,
  session_id: crypto.randomUUID(),
  license_request_id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  name: 'Avery Applicant',
  attempt: 1,
  status: 'registered',
  registered_at: '2026-11-01T10:00:00.000Z',
  result_at: null,
  session_name: 'EMT psychomotor exam',
  session_date,
  start_time: '08:30',
  location: 'State EMS Training Center',
  exam_packet: 'EMT psychomotor exam',
  results: [],
});

let posts: string[];
let withdrawAnswer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = [];
  const mine: MyExams = {
    requests: [],
    registrations: [registration(NEXT, day(10)), registration(TODAY, day(0))],
  };
  withdrawAnswer = () => json({ ...mine.registrations[0], status: 'withdrawn' });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (init.method === 'POST') {
      posts.push(url.pathname);
      return withdrawAnswer();
    }
    return json(mine);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PortalExamsPage />
    </QueryClientProvider>,
  );

describe('the candidate’s own withdrawal', { timeout: 20_000 }, () => {
  it('is offered only before the session’s day, asks first, and says it is done', async () => {
    renderPage();
    const buttons = await screen.findAllByRole('button', { name: /^Withdraw from the session of/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      `Withdraw from the session of ${day(10)} at 08:30, State EMS Training Center`,
    ]);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this session?' });
    expect(dialog.textContent).toContain('does not count as a failed attempt');
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(posts).toEqual([`/api/exams/myRegistrations/${NEXT}/Withdraw`]));
    expect((await screen.findByRole('status')).textContent).toBe(
      `You have withdrawn from the session of ${day(10)} at 08:30, State EMS Training Center.`,
    );
  });

  it('shows the server’s refusal in the dialog', async () => {
    withdrawAnswer = () =>
      json({ error: { code: 'conflict', message: 'You can no longer withdraw from this session.' } }, 409);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Withdraw from the session of/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You can no longer withdraw from this session.',
    );
  });
});

describe('a failed sitting', { timeout: 20_000 }, () => {
  it('says which critical criterion was missed, not only the points', async () => {
    const failed: MyExams['registrations'][number] = {
      ...registration(crypto.randomUUID(), day(-5)),
      status: 'failed',
      results: [
        {
          skill_name: 'BVM ventilation',
          passed: false,
          points: 7,
          possible: 7,
          reasons: ['Critical criterion: Did not ventilate'],
        },
      ],
    };
    vi.stubGlobal('fetch', async () => json({ requests: [], registrations: [failed] }));
    renderPage();
    expect(
      await screen.findByText(
        'BVM ventilation: failed (7 of 7 points). Why: Critical criterion: Did not ventilate.',
      ),
    ).toBeTruthy();
  });
});
