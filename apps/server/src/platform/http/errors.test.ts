import { describe, expect, it } from 'vitest';
import { AppError, fieldOf, fromDatabaseError } from './errors';

describe('fieldOf', () => {
  it('names the whole dotted path of a validation issue', () => {
    expect(fieldOf('/pages/0/groups/1/questions/2/label')).toBe('pages.0.groups.1.questions.2.label');
    expect(fieldOf('/ids/0')).toBe('ids.0');
    expect(fieldOf('/search')).toBe('search');
    expect(fieldOf('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(fieldOf('')).toBe('_');
  });

  it('drops the wrapper key of a wrapped entity, so a top-level field keeps its plain name', () => {
    const body = { alert_type: { label: 1 }, application_type: { license_category_levels: [1] } };
    expect(fieldOf('/alert_type/label', body)).toBe('label');
    expect(fieldOf('/application_type/license_category_levels/0', body)).toBe('license_category_levels.0');
    expect(fieldOf('/alert_type', { alert_type: 'x' })).toBe('alert_type');
    // An array at the top is a field, not a wrapper.
    expect(fieldOf('/ids/0', { ids: ['x'] })).toBe('ids.0');
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

  it('turns text the database cannot store (a NUL) into a 400', () => {
    expect((fromDatabaseError({ code: '22021' }, () => undefined) as AppError).status).toBe(400);
    expect((fromDatabaseError({ code: '22P05' }, () => undefined) as AppError).status).toBe(400);
  });

  it('passes other errors through', () => {
    const e = new Error('boom');
    expect(fromDatabaseError(e, () => undefined)).toBe(e);
  });
});
