import { referenceListByKey } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { RefSelect } from './ref-select';

const target = referenceListByKey.get('alert_types')!;
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const record = (n: number) => ({ id: idOf(n), label: `Type ${n}`, enterprise_id: idOf(0) });
let total: number;
let searches: string[];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  searches = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const base = `/api/${target.path}`;
    if (url.pathname.startsWith(`${base}/`)) {
      const n = Number(url.pathname.slice(-12));
      return json(record(n));
    }
    const search = url.searchParams.get('search') ?? '';
    searches.push(search);
    const per = Number(url.searchParams.get('numPerPage'));
    const all = Array.from({ length: total }, (_, i) => record(i + 1)).filter((r) =>
      r.label.toLowerCase().startsWith(`type ${search}`.trim().toLowerCase()),
    );
    return json({ items: all.slice(0, per), total: all.length, currentPage: 1, numPerPage: per });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSelect(value: string, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <RefSelect target={target} label="Alert type" name="alert_type_id" value={value} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('RefSelect', { timeout: 20_000 }, () => {
  it('offers every record of a short list in a plain select', async () => {
    total = 3;
    renderSelect('');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect((screen.getByLabelText('Alert type') as HTMLElement).tagName).toBe('SELECT');
  });

  it('searches a list longer than it loads on the server, and names the chosen record', async () => {
    total = 1200;
    const onChange = renderSelect(idOf(1100));
    const textInput = () =>
      screen.getAllByLabelText('Alert type').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(textInput()).toBeTruthy());
    const input = textInput();
    // The chosen record is not among the first matches: it is read by its id for its name.
    await waitFor(() => expect(input.value).toBe('Type 1100'));
    expect(await screen.findByText(/1200 records match; type more to narrow them/)).toBeTruthy();
    // Focused, as a user typing is (Select treats a change to an unfocused box as autofill).
    input.focus();
    fireEvent.change(input, { target: { value: '117' } });
    await waitFor(() => expect(JSON.stringify(searches)).toContain('"117"'), { timeout: 3000 });
    // The dropdown's transition keeps it hidden to jsdom's role query.
    fireEvent.click(await screen.findByRole('option', { name: 'Type 1170', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(idOf(1170));
  });
});
