import type { DocumentRecord } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { DocumentsPanel } from './documents-panel';

const USER = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';

function doc(over: Partial<DocumentRecord>): DocumentRecord {
  return {
    id: crypto.randomUUID(),
    name: 'file.pdf',
    description: null,
    document_type_id: null,
    candidate_id: USER,
    service_id: null,
    fb_response_id: null,
    question_id: null,
    mime_type: 'application/pdf',
    size_bytes: 2048,
    sha256: 'x',
    locked: false,
    expiration_date: null,
    expired: false,
    uploaded_by: USER,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
    ...over,
  };
}

const card = doc({
  name: 'EMT card.pdf',
  document_type_id: TYPE,
  expiration_date: '2020-01-31',
  expired: true,
});
const locked = doc({
  name: 'Licence.png',
  mime_type: 'image/png',
  locked: true,
  size_bytes: 3 * 1024 * 1024,
});

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let calls: { method: string; url: URL; body: unknown }[];
let routes: Record<string, Handler>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (items: unknown[]) => json({ items, total: items.length, currentPage: 1, numPerPage: 10 });

beforeEach(() => {
  calls = [];
  routes = {
    'GET /api/Documents': () => page([card, locked]),
    'GET /api/documenttypes': () => page([{ id: TYPE, label: 'EMT certificate' }]),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return json(
        { error: { code: 'route_not_found', message: `no mock for ${method} ${url.pathname}` } },
        404,
      );
    return handler(url, init);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPanel(canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <DocumentsPanel userId={USER} canWrite={canWrite} />
    </QueryClientProvider>,
  );
}

// Mantine tables and dialogs render slowly under happy-dom on a busy machine.
describe('DocumentsPanel', { timeout: 20_000 }, () => {
  it('lists the person’s documents with download links, type, expiry and lock in words', async () => {
    renderPanel();
    const link = await screen.findByRole('link', { name: 'EMT card.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/Documents/${card.id}/content`);
    const list = calls.find((c) => c.url.pathname === '/api/Documents');
    expect(list?.url.searchParams.get('user_id')).toBe(USER);
    const cardRow = link.closest('tr') as HTMLElement;
    expect(within(cardRow).getByText('Expired')).toBeTruthy();
    await waitFor(() => expect(within(cardRow).getByText('EMT certificate')).toBeTruthy());
    expect(within(cardRow).getByText('Unlocked')).toBeTruthy();
    expect(within(cardRow).getByText('2 KB')).toBeTruthy();
    const lockedRow = screen.getByRole('link', { name: 'Licence.png' }).closest('tr') as HTMLElement;
    expect(within(lockedRow).getByText('Locked')).toBeTruthy();
    expect(within(lockedRow).getByText('3.0 MB')).toBeTruthy();
    expect(
      (within(lockedRow).getByRole('button', { name: 'Delete Licence.png' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/Showing 1–2 of 2 documents/)).toBeTruthy();
  });

  it('says when there are no documents, and hides writing without documents.write', async () => {
    routes['GET /api/Documents'] = () => page([]);
    renderPanel(false);
    expect(await screen.findByText('No documents on record.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a document' })).toBeNull();
    expect((screen.getByRole('button', { name: /Download as zip/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('pages through the documents on the server', async () => {
    routes['GET /api/Documents'] = (url) => {
      const current = Number(url.searchParams.get('currentPage'));
      const items = Array.from({ length: current === 3 ? 5 : 10 }, (_, i) =>
        doc({ name: `p${current}-${i}.pdf` }),
      );
      return json({ items, total: 25, currentPage: current, numPerPage: 10 });
    };
    renderPanel();
    expect(await screen.findByRole('link', { name: 'p1-0.pdf' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'p2-0.pdf' })).toBeTruthy();
    expect(screen.getByText(/Showing 11–20 of 25 documents/)).toBeTruthy();
    const asked = calls
      .filter((c) => c.url.pathname === '/api/Documents')
      .map((c) => c.url.searchParams.get('currentPage'));
    expect(asked).toEqual(['1', '2']);
  });

  it('zips the selected documents', async () => {
    routes['POST /api/Core/Zip'] = () =>
      new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/zip' } });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Select EMT card.pdf'));
    fireEvent.click(screen.getByLabelText('Select Licence.png'));
    const button = screen.getByRole('button', { name: 'Download as zip (2 selected)' });
    fireEvent.click(button);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const zip = calls.find((c) => c.url.pathname === '/api/Core/Zip');
    expect(zip?.body).toEqual({ documentIds: [card.id, locked.id] });
  });

  it('shows the server’s message when the zip fails', async () => {
    routes['POST /api/Core/Zip'] = () =>
      json({ error: { code: 'not_found', message: 'Some of the documents were not found.' } }, 404);
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Select every document on this page'));
    fireEvent.click(screen.getByRole('button', { name: 'Download as zip (2 selected)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some of the documents were not found.');
  });

  it('opens the access log with readers’ names', async () => {
    routes[`GET /api/Documents/${card.id}/accesslog`] = () =>
      page([
        {
          id: crypto.randomUUID(),
          document_id: card.id,
          user_id: USER,
          user_name: 'Ada Lovelace',
          action: 'zip',
          ip: null,
          at: '2024-03-02T10:00:00.000Z',
        },
      ]);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Access log of EMT card.pdf' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Downloaded in a zip')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    routes[`DELETE /api/Documents/${card.id}`] = () => new Response(null, { status: 204 });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete EMT card.pdf' }));
    expect(await screen.findByText('Delete this document?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(/Deleted EMT card.pdf\./)).toBeTruthy();
  });

  it('unlocks a locked document with locked:false alone', async () => {
    routes[`PUT /api/Documents/${locked.id}`] = () =>
      json({ document: { ...locked, locked: false }, updated: 1 });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Licence.png' }));
    expect(await screen.findByText(/This document is locked/)).toBeTruthy();
    expect((screen.getByLabelText('Expiration date') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Locked/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ document: { locked: false } });
  });

  it('uploads for the person with progress, and shows the server’s refusal', async () => {
    const sent: { fields: [string, FormDataEntryValue][] }[] = [];
    let answer = { status: 200, body: JSON.stringify(doc({ name: 'new.pdf' })) };
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
      send(form: FormData) {
        sent.push({ fields: [...form.entries()] });
        setTimeout(() => {
          const progress = Object.assign(new Event('progress'), {
            lengthComputable: true,
            loaded: 5,
            total: 10,
          });
          this.upload.dispatchEvent(progress);
          setTimeout(() => {
            this.status = answer.status;
            this.responseText = answer.body;
            this.events.dispatchEvent(new Event('load'));
          }, 20);
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { container } = renderPanel();
    await screen.findByRole('link', { name: 'EMT card.pdf' });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['%PDF-1.4'], 'new.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Uploading new.pdf: 50%')).toBeTruthy();
    expect(await screen.findByText('Uploaded new.pdf.')).toBeTruthy();
    expect(sent[0]?.fields[0]).toEqual(['candidate_id', USER]);
    expect(sent[0]?.fields[1]?.[0]).toBe('file');

    answer = {
      status: 400,
      body: JSON.stringify({
        error: {
          code: 'validation_failed',
          message: 'This type of file is not accepted.',
          fields: { file: 'x' },
        },
      }),
    };
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'notes.txt was not uploaded: This type of file is not accepted.',
    );
  });
});
