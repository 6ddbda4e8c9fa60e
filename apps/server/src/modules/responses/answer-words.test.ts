import type { FormQuestion } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { addressLines, answerInWords, dateInWords, NOT_ANSWERED } from './answer-words';

const q = (kind: FormQuestion['kind'], extra: Partial<FormQuestion> = {}) => ({
  kind,
  options: [
    { id: 'o1', label: 'Crimson red' },
    { id: 'o2', label: 'Ocean blue' },
    { id: 'o3', label: 'Forest green' },
  ],
  help_text: null,
  ...extra,
});
const words = (kind: FormQuestion['kind'], value: string | null, extra: Partial<FormQuestion> = {}) =>
  answerInWords(q(kind, extra), { value }).lines;

describe('answerInWords', () => {
  it('gives option labels, never ids, for select, radio and multi-select (in the order answered)', () => {
    expect(words('select', 'o2')).toEqual(['Ocean blue']);
    expect(words('radio', 'o1')).toEqual(['Crimson red']);
    expect(words('multi_select', 'o3,o1')).toEqual(['Forest green, Crimson red']);
    // An option removed since keeps its stored id rather than vanishing.
    expect(words('select', 'gone')).toEqual(['gone']);
  });

  it('says yes or no for yes/no and checkboxes', () => {
    expect(words('yes_no', 'yes')).toEqual(['Yes']);
    expect(words('yes_no', 'no')).toEqual(['No']);
    expect(words('checkbox', 'true')).toEqual(['Yes (checked)']);
    expect(words('checkbox', 'false')).toEqual(['No (not checked)']);
    expect(words('checkbox', null)).toEqual(['No (not checked)']);
  });

  it('writes dates as the calendar day stored, whatever the time zone', () => {
    expect(words('date', '1990-03-05')).toEqual(['March 5, 1990']);
    expect(words('date', '2024-12-31')).toEqual(['December 31, 2024']);
    expect(dateInWords('not a date')).toBe('not a date');
    expect(dateInWords('2023-02-30')).toBe('2023-02-30');
  });

  it('prints an address as envelope lines', () => {
    const value = JSON.stringify({
      street: '12 Main St',
      street2: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
    });
    expect(words('address', value)).toEqual(['12 Main St', 'Apt 4', 'Springfield, IL 62701']);
    expect(addressLines(JSON.stringify({ line1: '1 Elm', zip: '10001', city: 'New York' }))).toEqual([
      '1 Elm',
      'New York, 10001',
    ]);
    expect(addressLines('1 Elm\nNowhere')).toEqual(['1 Elm', 'Nowhere']);
    expect(addressLines('{}')).toEqual([NOT_ANSWERED]);
  });

  it('keeps long text lines, and names what is missing', () => {
    expect(words('long_text', 'one\ntwo')).toEqual(['one', 'two']);
    expect(words('short_text', '  ')).toEqual([NOT_ANSWERED]);
    expect(words('number', '42')).toEqual(['42']);
    expect(words('instructions', null, { help_text: 'Read this.\nThen that.' })).toEqual([
      'Read this.',
      'Then that.',
    ]);
  });

  it('shows the file name of an upload and the image of a signature', () => {
    expect(answerInWords(q('file'), { document_id: 'd', file_name: 'licence.pdf' }).lines).toEqual([
      'licence.pdf',
    ]);
    expect(answerInWords(q('file'), undefined).lines).toEqual(['No file uploaded']);
    const signed = answerInWords(q('signature'), { signature: 'data:image/png;base64,AAAA' });
    expect(signed).toEqual({ lines: ['Signed'], signature: 'data:image/png;base64,AAAA' });
    expect(answerInWords(q('signature'), {}).lines).toEqual(['Not signed']);
  });

  it('names data elements by their label', () => {
    const labels = new Map([['e1', 'Advanced EMT']]);
    expect(answerInWords(q('element_choice'), { value: 'e1' }, { elementLabels: labels }).lines).toEqual([
      'Advanced EMT',
    ]);
    expect(
      answerInWords(q('element_choice'), { value: 'free text' }, { elementLabels: labels }).lines,
    ).toEqual(['free text']);
  });
});
