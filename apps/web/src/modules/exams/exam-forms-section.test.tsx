import type { ExamFormOutput } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, SHELL_QUERY_KEY } from '../../platform/session/session-provider';
import type { ShellState } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { ExamFormsSection } from './exam-forms-section';

const SKILL = '11111111-1111-4111-8111-111111111111';
const STATION = '22222222-2222-4222-8222-222222222222';
const OBSERVATIONS = '33333333-3333-4333-8333-333333333333';
const station: ExamFormOutput = {
  id: STATION,
  name: 'Station A',
  description: 'Airway',
  active: true,
  skill_ids: [SKILL],
  fb_form_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const list = (items: unknown[]) => ({ items, total: items.length, currentPage: 1, numPerPage: 500 });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let puts: { path: string; body: unknown }[];
beforeEach(() => {
  puts = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push({ path: url.pathname, body });
      return json({ ...station, ...body.exam_form });
    }
    if (url.pathname === '/api/EXForms') return json(list([station]));
    if (url.pathname === '/api/EXSkill') return json(list([{ id: SKILL, name: 'BVM ventilation' }]));
    if (url.pathname === '/api/fbforms')
      return json(list([{ id: OBSERVATIONS, name: 'Station observations' }]));
    return json(list([]));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(permissions: string[]) {
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
  renderWithMantine(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <ExamFormsSection canWrite={permissions.includes('exams.write')} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('exam forms and their form-builder form', { timeout: 20_000 }, () => {
  it('links a form-builder form to an exam form, keeping its other values', async () => {
    renderSection(['exams.read', 'exams.write', 'forms.read']);
    const select = await screen.findByRole('combobox', { name: 'Form-builder form of Station A' });
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    await waitFor(() => expect(select.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(
      await within(listbox).findByRole('option', { name: 'Station observations', hidden: true }),
    );
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: `/api/EXForms/${STATION}`,
      body: {
        exam_form: { name: 'Station A', description: 'Airway', skill_ids: [SKILL], fb_form_id: OBSERVATIONS },
      },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Station A: form-builder form set.');
  });

  it('shows the link as text to those who cannot change it', async () => {
    renderSection(['exams.read']);
    const table = await screen.findByRole('table', { name: 'Exam forms' });
    expect(await within(table).findByRole('cell', { name: 'None' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
