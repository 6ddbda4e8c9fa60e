import { inputSchema, referenceListByKey } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { initialValues, issuesToFieldErrors, toInput, validateValues } from './form-values';

const alertTypes = referenceListByKey.get('alert_types')!;
const autonumbers = referenceListByKey.get('autonumbers')!;
const applicationTypes = referenceListByKey.get('application_types')!;

describe('initialValues', () => {
  it('uses the field defaults for a new record', () => {
    expect(initialValues(alertTypes.fields)).toEqual({
      label: '',
      code: '',
      description: '',
      active: true,
      sort_order: '0',
      entity: '',
      severity: 'information',
    });
  });

  it('takes the values of the record being edited, as control text', () => {
    const values = initialValues(applicationTypes.fields, {
      label: 'Initial',
      code: null,
      active: false,
      sort_order: 3,
      license_id: null,
      license_category_levels: ['a', 'b'],
    });
    expect(values).toMatchObject({
      label: 'Initial',
      code: '',
      active: false,
      sort_order: '3',
      license_id: '',
      license_category_levels: 'a\nb',
    });
  });
});

describe('toInput', () => {
  it('turns control text into numbers, nulls and id lists', () => {
    const input = toInput(applicationTypes.fields, {
      label: ' Renewal ',
      code: '',
      description: '',
      active: true,
      sort_order: '7',
      license_id: '',
      license_category_levels: 'x, y\nz',
    });
    expect(input).toEqual({
      label: ' Renewal ',
      code: '',
      description: '',
      active: true,
      sort_order: 7,
      license_id: null,
      license_category_levels: ['x', 'y', 'z'],
    });
  });
});

describe('validateValues', () => {
  it('accepts a complete alert type and returns the parsed input', () => {
    const values = { ...initialValues(alertTypes.fields), label: '  Expiring licence ' };
    const result = validateValues(inputSchema(alertTypes.fields), alertTypes.fields, values);
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        label: 'Expiring licence',
        code: null,
        sort_order: 0,
        severity: 'information',
      }),
    });
  });

  it('reports messages per field with the contract wording', () => {
    const values = { ...initialValues(autonumbers.fields), next_number: '0', padding: 'abc' };
    const result = validateValues(inputSchema(autonumbers.fields), autonumbers.fields, values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.label).toBe('Label is required');
    expect(result.errors.next_number).toBe('Next number must be at least 1');
    expect(result.errors.padding).toMatch(/Digits/);
  });

  it('keeps the first issue of each top-level field', () => {
    const errors = issuesToFieldErrors([
      { code: 'custom', message: 'first', path: ['ids', 0], input: undefined },
      { code: 'custom', message: 'second', path: ['ids', 1], input: undefined },
    ]);
    expect(errors).toEqual({ ids: 'first' });
  });
});
