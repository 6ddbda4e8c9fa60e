import { referenceListByKey } from '@licensure/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { FieldInput } from './field-input';

const fields = referenceListByKey.get('alert_types')!.fields;
const field = (name: string) => fields.find((f) => f.name === name)!;

afterEach(cleanup);

describe('FieldInput', () => {
  it('labels the control and shows an error on it', () => {
    renderWithMantine(
      <FieldInput field={field('label')} value="" error="Label is already used" onChange={() => undefined} />,
    );
    const input = screen.getByLabelText(/Label/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const message = screen.getByText('Label is already used');
    expect(describedBy.split(' ')).toContain(message.id);
  });

  it('renders a select of the options and a check box for booleans', () => {
    const onChange = vi.fn();
    renderWithMantine(<FieldInput field={field('severity')} value="information" onChange={onChange} />);
    const select = screen.getByLabelText(/Severity/) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'information', 'warning', 'critical']);
    fireEvent.change(select, { target: { value: 'critical' } });
    expect(onChange).toHaveBeenCalledWith('critical');

    renderWithMantine(<FieldInput field={field('active')} value={true} onChange={onChange} />);
    const box = screen.getByLabelText('Active') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(true);
  });

  it('uses a number input for whole numbers', () => {
    renderWithMantine(<FieldInput field={field('sort_order')} value="4" onChange={() => undefined} />);
    const input = screen.getByLabelText('Sort order') as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.value).toBe('4');
  });
});
