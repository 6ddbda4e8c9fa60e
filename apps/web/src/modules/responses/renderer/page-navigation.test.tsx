import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render';
import { FormRenderer } from './form-renderer';
import type { FormRendererProps, SaveOutcome } from './renderer-types';
import { ids, testForm } from './test-form';

afterEach(cleanup);

function renderForm(props: Partial<FormRendererProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <FormRenderer form={testForm()} mode="fill" {...props} />
    </QueryClientProvider>,
  );
}

const month13 = 'There is no month 13: the month is a number from 1 to 12 (MM/DD/YYYY).';

describe('Next on a page with errors', () => {
  it('stays on the page, says what is wrong and puts the focus on the first error', async () => {
    const onPageChange = vi.fn();
    renderForm({ onPageChange });
    const box = screen.getByLabelText('Date of birth') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '13/05/1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 1 of 2: About you')).toBeTruthy();
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getAllByText(month13).length).toBeGreaterThan(0);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box));

    // Corrected, the page moves on.
    fireEvent.change(box, { target: { value: '12/05/1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2: Documents and signature')).toBeTruthy();
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('Complete refuses a date typed wrong instead of sending it as no answer', async () => {
    const onSave = vi.fn(async (): Promise<SaveOutcome> => ({ status: 'saved' }));
    const form = testForm();
    renderForm({ onSave, form: { ...form, pages: form.pages.slice(0, 1) } });
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '13/05/1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.getAllByText(month13).length).toBeGreaterThan(0));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '12/05/1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [answers] = onSave.mock.calls[0] as unknown as Parameters<NonNullable<FormRendererProps['onSave']>>;
    expect(answers.find((a) => a.question_id === ids.birthDate)?.value).toBe('1990-12-05');
  });
});
