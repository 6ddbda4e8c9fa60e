import { messages } from '@licensure/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render';
import { FormRenderer } from './form-renderer';
import type { FormRendererProps, SaveOutcome } from './renderer-types';
import { ids, testForm } from './test-form';

const originalTz = process.env.TZ;
afterEach(() => {
  cleanup();
  process.env.TZ = originalTz;
});

function renderForm(props: Partial<FormRendererProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui: ReactElement = (
    <QueryClientProvider client={client}>
      <FormRenderer form={testForm()} mode="fill" {...props} />
    </QueryClientProvider>
  );
  return renderWithMantine(ui);
}

const signature = 'data:image/png;base64,iVBORw0KGgo=';

describe('FormRenderer', () => {
  it('shows the page progress in text and on the progress bar', () => {
    renderForm();
    expect(screen.getByText('Page 1 of 2: About you')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Page 1 of 2' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2: Documents and signature')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Page 2 of 2' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });

  it('shows the conditional group only while its condition is met', () => {
    renderForm();
    expect(screen.queryByRole('heading', { name: 'Military service' })).toBeNull();
    expect(screen.queryByLabelText('Branch of service')).toBeNull();
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.getByRole('heading', { name: 'Military service' })).toBeTruthy();
    expect(screen.getByLabelText('Branch of service')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('No'));
    expect(screen.queryByRole('heading', { name: 'Military service' })).toBeNull();
  });

  it('stops Complete on an empty required signature with the signature message, under the question and in the summary', async () => {
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    renderForm({
      onSave,
      currentPage: 1,
      initialAnswers: [{ question_id: ids.name, value: 'Ada Lovelace' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Some answers need attention')).toBeTruthy();
    const link = within(summary).getByRole('link', { name: messages.signatureRequired });
    expect(link.getAttribute('href')).toBe(`#answer-${ids.signature}`);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // The message also shows under the signature box, tied to it.
    const group = screen.getByRole('group', { name: 'Your signature' });
    expect(within(group).getByText(messages.signatureRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // The summary link moves focus to the question.
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement?.id).toBe(`answer-${ids.signature}`));
  });

  it('uses the question own required message when it has one', async () => {
    const form = testForm();
    const q = form.pages[1]!.groups[0]!.questions[1]!;
    q.required_message = 'Sign to confirm the answers are true.';
    renderForm({ form, currentPage: 1, onSave: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const summary = await screen.findByRole('alert');
    // Full name (page 1) is required too: the summary lists both, in form order.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Full name is required', 'Sign to confirm the answers are true.']);
    // Following the link to a question of another page opens that page.
    fireEvent.click(within(summary).getByRole('link', { name: 'Full name is required' }));
    await waitFor(() => expect(document.activeElement?.id).toBe(`answer-${ids.name}`));
    expect(screen.getByText('Page 1 of 2: About you')).toBeTruthy();
  });

  it('saves multi-select answers as a comma-separated id list and dates as the picked day', async () => {
    process.env.TZ = 'America/New_York';
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    renderForm({ onSave });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByLabelText('Instructor'));
    fireEvent.click(screen.getByLabelText('EMT'));
    // Pasted as YYYY-MM-DD (as another program copies it): read and shown in the enterprise format.
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [answers, opts] = onSave.mock.calls[0] as unknown as Parameters<
      NonNullable<FormRendererProps['onSave']>
    >;
    expect(opts).toEqual({ complete: false, currentPage: 0 });
    const byId = new Map(answers.map((a) => [a.question_id, a.value]));
    expect(byId.get(ids.certifications)).toBe(`${ids.optA},${ids.optC}`);
    expect(byId.get(ids.birthDate)).toBe('1990-03-01');
    expect(byId.get(ids.name)).toBe('Ada Lovelace');
    expect(await screen.findByText('Draft saved. You can come back and finish it later.')).toBeTruthy();
  });

  it('takes a date typed digit by digit in the enterprise format (MM/DD/YYYY) and saves the day', async () => {
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    renderForm({ onSave });
    const box = screen.getByLabelText('Date of birth') as HTMLInputElement;
    // Each key press as a browser reports it: the box's text so far plus the new digit.
    for (const digit of '03152026') fireEvent.change(box, { target: { value: box.value + digit } });
    expect(box.value).toBe('03/15/2026');
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [answers] = onSave.mock.calls[0] as unknown as Parameters<NonNullable<FormRendererProps['onSave']>>;
    expect(answers.find((a) => a.question_id === ids.birthDate)?.value).toBe('2026-03-15');
  });

  it("shows and takes dates in the enterprise's own format (DD/MM/YYYY) once the enterprise is loaded", async () => {
    vi.stubGlobal('fetch', async (input: string) =>
      String(input).endsWith('/api/enterpriseLess')
        ? new Response(JSON.stringify({ date_format: 'DD/MM/YYYY' }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    try {
      const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
      renderForm({ onSave, initialAnswers: [{ question_id: ids.birthDate, value: '1990-03-01' }] });
      const box = screen.getByLabelText('Date of birth') as HTMLInputElement;
      await waitFor(() => expect(box.value).toBe('01/03/1990'));
      fireEvent.change(box, { target: { value: '' } });
      for (const digit of '15032026') fireEvent.change(box, { target: { value: box.value + digit } });
      fireEvent.blur(box);
      expect(box.getAttribute('aria-invalid')).not.toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
      const [answers] = onSave.mock.calls[0] as unknown as Parameters<
        NonNullable<FormRendererProps['onSave']>
      >;
      expect(answers.find((a) => a.question_id === ids.birthDate)?.value).toBe('2026-03-15');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says why an impossible date is not one, and keeps no answer for it', async () => {
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    renderForm({ onSave, initialAnswers: [{ question_id: ids.birthDate, value: '1990-03-01' }] });
    const box = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(box.value).toBe('03/01/1990');
    fireEvent.change(box, { target: { value: '02/30/2026' } });
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('02/30/2026 is not a date: February 2026 has 28 days.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [answers] = onSave.mock.calls[0] as unknown as Parameters<NonNullable<FormRendererProps['onSave']>>;
    expect(answers.find((a) => a.question_id === ids.birthDate)?.value).toBeNull();
  });

  it('takes a date picked from the calendar', () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Choose Date of birth from a calendar' })).toBeTruthy();
    const calendar = document.querySelector(`[data-date-picker-for="answer-${ids.birthDate}"]`);
    fireEvent.change(calendar as HTMLInputElement, { target: { value: '2026-12-31' } });
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('12/31/2026');
  });

  it('shows the server field errors like its own', async () => {
    const onSave = vi.fn(
      async (): Promise<SaveOutcome> => ({
        status: 'invalid',
        fields: { [`questions.${ids.name}`]: 'Full name is already used by another application' },
      }),
    );
    renderForm({ onSave, initialAnswers: [{ question_id: ids.name, value: 'Ada' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Full name is already used by another application' }),
    ).toBeTruthy();
    const input = screen.getByLabelText('Full name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('lists a failed upload by file name, keeps the other answers, and still saves', async () => {
    const onUpload = vi.fn(async () => {
      throw new Error('The file is larger than the limit of 26214400 bytes.');
    });
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    renderForm({
      onSave,
      onUpload,
      currentPage: 1,
      initialAnswers: [
        { question_id: ids.name, value: 'Ada Lovelace' },
        { question_id: ids.signature, signature },
      ],
    });
    const file = new File(['%PDF-1.4'], 'too-big.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Copy of your licence'), { target: { files: [file] } });
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('These documents could not be uploaded:')).toBeTruthy();
    expect(alert.textContent).toContain('too-big.pdf — The file is larger than the limit of 26214400 bytes.');
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [answers, opts] = onSave.mock.calls[0] as unknown as Parameters<
      NonNullable<FormRendererProps['onSave']>
    >;
    expect(opts.complete).toBe(true);
    expect(answers.find((a) => a.question_id === ids.name)?.value).toBe('Ada Lovelace');
    expect(answers.find((a) => a.question_id === ids.signature)?.signature).toBe(signature);
  });

  it('shows an uploaded file by name with a remove button', async () => {
    const onUpload = vi.fn(async (_q, file: File) => ({
      document_id: '60000000-0000-4000-8000-000000000001',
      file_name: file.name,
    }));
    renderForm({ onUpload, onSave: vi.fn(), currentPage: 1 });
    const file = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Copy of your licence'), { target: { files: [file] } });
    });
    expect(await screen.findByText('licence.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove file licence.pdf' }));
    expect(screen.queryByText('licence.pdf')).toBeNull();
  });

  it('previews with local state only: Complete validates and saves nothing', async () => {
    renderForm({ mode: 'preview', currentPage: 1 });
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: messages.signatureRequired })).toBeTruthy();
  });

  it('fills a group in from the record (populateGroup) when the group says where from', async () => {
    const form = testForm();
    form.pages[0]!.groups[0]!.populate_entity = 'user';
    const onPopulate = vi.fn(async () => [
      { question_id: ids.name, value: 'Avery Applicant' },
      { question_id: ids.birthDate, value: '1985-07-04' },
      { question_id: ids.veteran, value: null },
    ]);
    renderForm({ form, onPopulate, onSave: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in from your record: Your details' }));
    expect(await screen.findByText(/2 answers were filled in from the record/)).toBeTruthy();
    expect(onPopulate).toHaveBeenCalledWith(form.pages[0]!.groups[0]);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Avery Applicant');
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('07/04/1985');
    // Groups without a record to fill from offer nothing.
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByRole('button', { name: /Fill in from .*Military service/ })).toBeNull();
  });

  it('offers the data elements of the question section as the choices of an element question', async () => {
    const form = testForm();
    const q = form.pages[0]!.groups[0]!.questions[0]!;
    Object.assign(q, {
      kind: 'element_choice',
      label: 'County',
      data_section_name: 'county',
      required: false,
    });
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        items: [
          { id: '90000000-0000-4000-8000-000000000001', label: 'Travis' },
          { id: '90000000-0000-4000-8000-000000000002', label: 'Williamson' },
        ],
        total: 2,
        currentPage: 1,
        numPerPage: 500,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
      renderForm({ form, onSave });
      const select = screen.getByLabelText('County') as HTMLSelectElement;
      await waitFor(() => expect(select.options.length).toBe(3));
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
        '/api/dataelements?data_section_name=county&numPerPage=500',
      );
      fireEvent.change(select, { target: { value: '90000000-0000-4000-8000-000000000002' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
      const [answers] = onSave.mock.calls[0] as unknown as Parameters<
        NonNullable<FormRendererProps['onSave']>
      >;
      expect(answers.find((a) => a.question_id === q.id)?.value).toBe('90000000-0000-4000-8000-000000000002');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads a response: answers as text, hidden groups left out', () => {
    renderForm({
      mode: 'read',
      initialAnswers: [
        { question_id: ids.name, value: 'Ada Lovelace' },
        { question_id: ids.veteran, value: 'no' },
        { question_id: ids.branch, value: 'Navy' },
        { question_id: ids.certifications, value: `${ids.optA},${ids.optB}` },
        { question_id: ids.signature, signature },
        {
          question_id: ids.licence,
          document_id: '60000000-0000-4000-8000-000000000001',
          file_name: 'licence.pdf',
        },
      ],
      documentHref: (id) => `/api/Documents/${id}/content`,
    });
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('EMT, Paramedic')).toBeTruthy();
    expect(screen.queryByText('Navy')).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature given for Your signature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'licence.pdf' }).getAttribute('href')).toBe(
      '/api/Documents/60000000-0000-4000-8000-000000000001/content',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
