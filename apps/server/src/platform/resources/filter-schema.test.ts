import { certifications, services } from '@licensure/db';
import { describe, expect, it } from 'vitest';
import { filterSchema } from './register';

describe('filterSchema', () => {
  it('reads a filter without a schema by its column type, so bad values are refused, not sent to the database', () => {
    const active = filterSchema('active', { column: services.active });
    expect(active.parse('true')).toBe(true);
    expect(active.safeParse('1e309').success).toBe(false);
    const id = filterSchema('parent_id', { column: services.parent_id });
    expect(id.safeParse('not-an-id').success).toBe(false);
    expect(id.safeParse('8f2a3c1e-5b7d-4e9f-a1b2-c3d4e5f60718').success).toBe(true);
    const day = filterSchema('expiration_date', { column: certifications.expiration_date });
    expect(day.safeParse('2026-02-30x').success).toBe(false);
    expect(filterSchema('name', { column: services.name }).parse('  Austin ')).toBe('Austin');
  });
});
