import type { FormOutput } from '@licensure/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../../platform/theme/theme';
import { stubMatchMedia } from '../../test/render';
import { BuilderScreen, type BuilderScreenProps } from './form-builder-page';

type Handler = (method: string, url: URL, body: unknown) => { status: number; body?: unknown } | undefined;

const empty = { items: [], total: 0, currentPage: 1, numPerPage: 500 };
let handler: Handler;
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  stubMatchMedia();
  // happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path: url.pathname, body });
      // Reference lists answer empty pages: the palette falls back to the standard question kinds.
      const answer =
        handler(method, url, body) ?? (method === 'GET' ? { status: 200, body: empty } : undefined);
      if (!answer) return new Response('{}', { status: 404 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBuilder(props: Partial<BuilderScreenProps> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/staff/forms/:id',
        element: <BuilderScreen saved={null} canWrite onCreated={() => undefined} {...props} />,
      },
    ],
    { initialEntries: ['/staff/forms/new'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const savedForm = (overrides: Partial<FormOutput> = {}): FormOutput => ({
  id: '11111111-1111-4111-8111-111111111111',
  enterprise_id: '22222222-2222-4222-8222-222222222222',
  name: 'Initial application',
  description: null,
  form_type_id: null,
  document_type_id: null,
  active: true,
  applicant_access: 'edit',
  pages: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Page 1',
      groups: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          title: 'Contact',
          description: null,
          spot_check: false,
          populate_entity: null,
          questions: [],
        },
      ],
    },
  ],
  conditions: [],
  reimbursement_rules: [],
  version: 1,
  has_responses: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

// Mantine and dnd-kit under happy-dom are slow on a small machine: a few seconds a test.
describe('the form builder screen', { timeout: 30_000 }, () => {
  it('adds a question from the palette and shows the server’s field errors at the question', async () => {
    handler = (method, url) =>
      method === 'POST' && url.pathname === '/api/fbforms'
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation_failed',
                message: 'There is no element.',
                fields: {
                  'pages.0.groups.0.questions.0.element_id': 'There is no form element with this id.',
                },
              },
            },
          }
        : undefined;
    renderBuilder();
    fireEvent.change(screen.getByLabelText('Form name'), { target: { value: 'Initial application' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Short text' }));
    const label = screen.getByLabelText(/Question label/) as HTMLTextAreaElement;
    expect(label.value).toBe('Short text');
    fireEvent.change(label, { target: { value: 'Full name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('The form was not saved');
    expect(summary.textContent).toContain(
      'Page “Page 1”, Group 1, question “Full name”: There is no form element with this id.',
    );
    const element = screen.getByLabelText(/^Element/);
    expect(element.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('There is no form element with this id.', { selector: 'p, div' })).toBeTruthy();

    const sent = requests.find((r) => r.method === 'POST')?.body as { form: FormOutput };
    expect(sent.form.name).toBe('Initial application');
    expect(sent.form.pages[0]?.groups[0]?.questions[0]).toMatchObject({
      kind: 'short_text',
      label: 'Full name',
    });

    // Editing the field clears its error.
    fireEvent.change(element, { target: { value: '' } });
    expect(element.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('stops a save the contract would refuse, before asking the server', async () => {
    handler = () => undefined;
    renderBuilder();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Short text' }));
    fireEvent.change(screen.getByLabelText(/Question label/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('The form: Name is required');
    expect(summary.textContent).toContain('question “Untitled question”: Label is required');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    // The link of a problem selects the question and shows its field with the message.
    fireEvent.click(within(summary).getByRole('button', { name: /question “Untitled question”/ }));
    expect((screen.getByLabelText(/Question label/) as HTMLElement).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('is read-only for a reader: nothing can be added, moved, removed or edited, and nothing saved', async () => {
    handler = () => undefined;
    const saved = savedForm();
    const question = { id: '55555555-5555-4555-8555-555555555555', kind: 'short_text', label: 'Full name' };
    const group = { ...saved.pages[0]!.groups[0]!, questions: [question] };
    renderBuilder({
      saved: { ...saved, pages: [{ ...saved.pages[0]!, groups: [group] }] } as FormOutput,
      canWrite: false,
    });
    expect(screen.getByText('You may look at this form but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    for (const name of [/^Add /, /^Move /, /^Remove/, /^Drag /, /Delete page/])
      expect(screen.queryAllByRole('button', { name }), String(name)).toEqual([]);
    expect(screen.getByLabelText('Form name').closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByLabelText('Active') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    // The reader may still open a question to read its properties, which cannot be changed.
    fireEvent.click(screen.getByRole('button', { name: 'Edit question Full name' }));
    const label = screen.getByLabelText(/Question label/) as HTMLTextAreaElement;
    expect(label.value).toBe('Full name');
    expect(label.closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText('All changes are saved.')).toBeTruthy();
  });

  it('creates the form, moves to its address and says which version was saved', async () => {
    handler = (method, url, body) =>
      method === 'POST' && url.pathname === '/api/fbforms'
        ? { status: 201, body: { ...savedForm(), ...(body as { form: object }).form, version: 1 } }
        : undefined;
    const onCreated = vi.fn();
    const router = renderBuilder({ onCreated });
    fireEvent.change(screen.getByLabelText('Form name'), { target: { value: 'Initial application' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved — version 1')).toBeTruthy();
    expect(screen.getByText('Version 1')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/staff/forms/${savedForm().id}`));
    expect(onCreated).toHaveBeenCalledWith(savedForm().id);
    expect(screen.getByText('All changes are saved.')).toBeTruthy();
  });

  it('says that saving a form with responses starts the next version, and sends what it read', async () => {
    handler = (method, url, body) =>
      method === 'PUT' && url.pathname === `/api/fbforms/${savedForm().id}`
        ? { status: 200, body: { ...savedForm(), ...(body as { form: object }).form, version: 3 } }
        : undefined;
    renderBuilder({ saved: savedForm({ version: 2, has_responses: true }) });
    expect(
      screen.getByText(
        'This form has responses: saving starts version 3; existing responses keep version 2.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Form name'), { target: { value: 'Initial application 2026' } });
    expect(screen.getByText('You have changes that are not saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved — version 3')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'PUT')?.body as {
      form: { name: string; updated_at: string };
    };
    expect(sent.form).toMatchObject({
      name: 'Initial application 2026',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });
});
