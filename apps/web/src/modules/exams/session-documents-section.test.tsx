import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import type { SessionDocument } from './exams-api';
import { SessionDocumentsSection } from './session-documents-section';

const SESSION = '11111111-1111-4111-8111-111111111111';
const PLAN = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';
const doc = (id: string, name: string): SessionDocument => ({
  id,
  name,
  mime_type: 'application/pdf',
  size_bytes: 2048,
  created_at: '2026-11-20T10:00:00.000Z',
});

let stored: SessionDocument[];
let calls: { method: string; path: string; body: unknown }[];
const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  stored = [doc(PLAN, 'Station plan.pdf')];
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === 'POST') {
      stored = [doc(NEW, 'Sign-in sheet.pdf'), ...stored];
      return json(stored);
    }
    if (method === 'DELETE') {
      stored = stored.filter((d) => !url.pathname.endsWith(d.id));
      return new Response(null, { status: 204 });
    }
    return json(stored);
  });
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private events = new EventTarget();
    open() {}
    setRequestHeader() {}
    addEventListener(type: string, fn: EventListener) {
      this.events.addEventListener(type, fn);
    }
    send() {
      setTimeout(() => {
        this.status = 200;
        this.responseText = JSON.stringify({ ...doc(NEW, 'Sign-in sheet.pdf') });
        this.events.dispatchEvent(new Event('load'));
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSection = (canWrite: boolean) =>
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionDocumentsSection sessionId={SESSION} canWrite={canWrite} />
    </QueryClientProvider>,
  );

describe('the documents of a session', { timeout: 20_000 }, () => {
  it('uploads a file and attaches it to the session, listing it with a download link', async () => {
    const { container } = renderSection(true);
    const plan = await screen.findByRole('link', { name: 'Download Station plan.pdf' });
    expect(plan.getAttribute('href')).toBe(`/api/ExamSessions/${SESSION}/Documents/${PLAN}/content`);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Sign-in sheet.pdf')] } });
    expect(await screen.findByRole('link', { name: 'Download Sign-in sheet.pdf' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/ExamSessions/${SESSION}/Documents`,
      body: { document_id: NEW },
    });
    expect(await screen.findByText('Uploaded Sign-in sheet.pdf.')).toBeTruthy();
  });

  it('removes a document only after confirming', async () => {
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Station plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the document?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Station plan.pdf' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `/api/ExamSessions/${SESSION}/Documents/${PLAN}`,
      ]),
    );
    expect(await screen.findByText('No document is attached to this session.')).toBeTruthy();
    expect(screen.getByText('Station plan.pdf was removed from the session.')).toBeTruthy();
  });

  it('offers readers the links only', async () => {
    renderSection(false);
    expect(await screen.findByRole('link', { name: 'Download Station plan.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove|Upload/ })).toBeNull();
  });
});
