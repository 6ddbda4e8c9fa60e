import { describe, expect, it } from 'vitest';
import { AppError, fieldOf, fromDatabaseError } from './errors';

describe('fieldOf', () => {
  it('names the last non-index segment of a validation path', () => {
    expect(fieldOf('/alert_type/label')).toBe('label');
    expect(fieldOf('/application_type/license_category_levels/0')).toBe('license_category_levels');
    expect(fieldOf('/alert_type')).toBe('alert_type');
    expect(fieldOf('')).toBe('_');
  });
});

describe('fromDatabaseError', () => {
  it('turns a unique violation into a 409 naming the field of the constraint', () => {
    const err = fromDatabaseError({ code: '23505', constraint: 'alert_types_label_key' }, (c) =>
      c === 'alert_types_label_key' ? 'label' : undefined,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).fields).toHaveProperty('label');
  });

  it('finds the database error behind a wrapping error', () => {
    const err = fromDatabaseError(
      new Error('query failed', { cause: { code: '23505', constraint: 'x' } }),
      () => 'code',
    );
    expect((err as AppError).fields).toHaveProperty('code');
  });

  it('passes other errors through', () => {
    const e = new Error('boom');
    expect(fromDatabaseError(e, () => undefined)).toBe(e);
  });
});
