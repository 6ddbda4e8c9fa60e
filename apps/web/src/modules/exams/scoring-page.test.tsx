import { type ExamFormResponseOutput, formDefinition, type ScoringSheet } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { ScoringPage } from './scoring-page';

const SESSION = '11111111-1111-4111-8111-111111111111';
const CANDIDATE = '22222222-2222-4222-8222-222222222222';
const STATION = '33333333-3333-4333-8333-333333333333';
const FB_FORM = '44444444-4444-4444-8444-444444444444';
const REMARKS = '55555555-5555-4555-8555-555555555555';
const RESPONSE = '66666666-6666-4666-8666-666666666666';

const sheet: ScoringSheet = {
  session: {
    id: SESSION,
    number: 'EX-0001',
    name: 'Psychomotor',
    session_date: '2026-12-10',
    start_time: '08:30',
    location_id: null,
    location: null,
    exam_type_id: null,
    exam_type: null,
    status_id: null,
    status: null,
    exam_packet_id: crypto.randomUUID(),
    exam_packet: 'EMT psychomotor exam',
    capacity: 4,
    registered: 1,
    coordinator_ids: [],
    examiner_ids: [],
    notes: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  },
  forms: [{ id: STATION, name: 'Station A', fb_form_id: FB_FORM, skills: [] }],
  candidates: [
    {
      id: CANDIDATE,
      session_id: SESSION,
      license_request_id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      name: 'Avery Applicant',
      attempt: 1,
      status: 'registered',
      registered_at: '2026-11-02T10:00:00.000Z',
      result_at: null,
      results: [],
    },
  ],
};
const form = {
  ...formDefinition.parse({
    name: 'Station A observations',
    pages: [
      {
        id: crypto.randomUUID(),
        title: 'Observations',
        groups: [
          {
            id: crypto.randomUUID(),
            title: 'At the station',
            questions: [{ id: REMARKS, kind: 'short_text', label: 'Examiner remarks', required: true }],
          },
        ],
      },
    ],
  }),
  id: FB_FORM,
  version: 1,
};

let saved: ExamFormResponseOutput['response'];
let puts: unknown[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const current = (): ExamFormResponseOutput => ({
  exam_form_id: STATION,
  candidate_id: CANDIDATE,
  form,
  response: saved,
});

beforeEach(() => {
  saved = null;
  puts = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === `/api/ExamSessions/${SESSION}/Scoring`) return json(sheet);
    if (url.pathname === `/api/ExamSessions/${SESSION}/Candidates/${CANDIDATE}/Forms/${STATION}`) {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as {
          answers: { question_id: string; value: string }[];
          complete: boolean;
        };
        puts.push(body);
        saved = {
          id: RESPONSE,
          progress: body.complete ? 2 : 1,
          completed_on: null,
          answers: body.answers.map((a) => ({
            question_id: a.question_id,
            value: a.value,
            signature: null,
            document_id: null,
            file_name: null,
            document_type: null,
          })),
        };
      }
      return json(current());
    }
    return json({ error: { code: 'not_found', message: 'no mock' } }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/staff/exams/sessions/:id/score', element: <ScoringPage /> }], {
    initialEntries: [`/staff/exams/sessions/${SESSION}/score`],
  });
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function chooseCandidate() {
  const input = await screen.findByRole('combobox', { name: 'Candidate' });
  input.focus();
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: /Avery Applicant/, hidden: true }));
}

describe('the scoring screen with an exam form’s form-builder form', { timeout: 20_000 }, () => {
  it('renders the form for the chosen candidate and saves the examiner’s answers', async () => {
    renderPage();
    await chooseCandidate();
    const section = await screen.findByRole('region', { name: 'Station A: Station A observations' });
    const remarks = await within(section).findByRole('textbox', { name: /Examiner remarks/ });
    fireEvent.change(remarks, { target: { value: 'Good seal, calm.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Complete the form' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      answers: [expect.objectContaining({ question_id: REMARKS, value: 'Good seal, calm.' })],
      complete: true,
    });
    expect(await within(section).findByText('Complete')).toBeTruthy();
  });

  it('shows the saved answers again when reopened', async () => {
    saved = {
      id: RESPONSE,
      progress: 1,
      completed_on: null,
      answers: [
        {
          question_id: REMARKS,
          value: 'Hesitated at the airway.',
          signature: null,
          document_id: null,
          file_name: null,
          document_type: null,
        },
      ],
    };
    renderPage();
    await chooseCandidate();
    const section = await screen.findByRole('region', { name: 'Station A: Station A observations' });
    const remarks = (await within(section).findByRole('textbox', {
      name: /Examiner remarks/,
    })) as HTMLInputElement;
    expect(remarks.value).toBe('Hesitated at the airway.');
    expect(within(section).getByText('Draft')).toBeTruthy();
  });
});
