import type { LicenseOutput } from '@licensure/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../../platform/theme/theme';
import { stubMatchMedia } from '../../test/render';
import { LicenceEditor } from './licence-editor-page';

type Answer = { status: number; body?: unknown };
const empty = { items: [], total: 0, currentPage: 1, numPerPage: 500 };
let answerOf: (method: string, path: string, body: unknown) => Answer | undefined;
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  stubMatchMedia();
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
      const answer =
        answerOf(method, url.pathname, body) ?? (method === 'GET' ? { status: 200, body: empty } : undefined);
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

function renderEditor(stored: LicenseOutput | null = null) {
  const router = createMemoryRouter(
    [
      {
        path: '/staff/licences/:id',
        element: <LicenceEditor stored={stored} canWrite onSaved={() => undefined} />,
      },
    ],
    { initialEntries: ['/staff/licences/new'] },
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

const alertOf = () => screen.findByRole('alert');

describe('licence editor', () => {
  it('checks the payload before sending and lists each problem', async () => {
    answerOf = () => undefined;
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Save licence' }));
    const alert = await alertOf();
    expect(within(alert).getByRole('button', { name: 'General: Licence name' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByLabelText(/Licence name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends one payload with a new category and its level, and shows the server 400 on the level', async () => {
    answerOf = (method, path) =>
      method === 'POST' && path === '/api/licenses'
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation_failed',
                message: 'Choose a category of this licence.',
                fields: {
                  'license_category_levels.0.license_category_id': 'Choose a category of this licence.',
                },
              },
            },
          }
        : undefined;
    renderEditor();
    fireEvent.change(screen.getByLabelText(/Licence name/), { target: { value: 'EMS' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Categories & levels' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    fireEvent.change(screen.getByLabelText(/Category 1 name/), { target: { value: 'Clinical' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add level to Clinical' }));
    fireEvent.change(screen.getByLabelText(/Clinical level 1 name/), { target: { value: 'EMT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save licence' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.method === 'POST')?.body as {
      license: { name: string };
      license_categories: { id: string; label: string }[];
      license_category_levels: { license_category_id: string; label: string; months_valid: number }[];
      license_rules: unknown[];
    };
    expect(sent.license.name).toBe('EMS');
    expect(sent.license_categories[0]?.label).toBe('Clinical');
    expect(sent.license_category_levels[0]).toMatchObject({
      label: 'EMT',
      months_valid: 24,
      license_category_id: sent.license_categories[0]?.id,
    });
    expect(sent.license_rules).toEqual([]);

    const alert = await alertOf();
    expect(within(alert).getByRole('button', { name: 'Level 1 (EMT)' })).toBeTruthy();
    expect(within(alert).getByText(/Choose a category of this licence/)).toBeTruthy();
    // The message shows beside the level's name, on the tab that holds it.
    expect(screen.getByRole('tab', { name: /Categories & levels \(1 problem\)/ })).toBeTruthy();
    expect(screen.getByLabelText(/Clinical level 1 name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before removing a category and removes its levels with it', async () => {
    answerOf = () => undefined;
    renderEditor();
    fireEvent.click(screen.getByRole('tab', { name: 'Categories & levels' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    fireEvent.change(screen.getByLabelText(/Category 1 name/), { target: { value: 'Clinical' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add level to Clinical' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove category 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/“Clinical” and its 1 level will be removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove category' }));
    await waitFor(() => expect(screen.queryByLabelText(/Category 1 name/)).toBeNull());
    expect(screen.getByText('This licence has no categories yet.')).toBeTruthy();
  });
});
