import { referenceListByKey } from '@licensure/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { labelOf } from './describe';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('labelOf', () => {
  it('turns a field name into words', () => {
    expect(labelOf('service_number')).toBe('Service number');
    expect(labelOf('primary_level_id')).toBe('Primary level');
    expect(labelOf('training_level_ids')).toBe('Training level');
    expect(labelOf('county_fips')).toBe('County FIPS');
  });
});

describe('GET /api/resources/{path}', () => {
  it('describes a resource declared with a zod schema from its input, references and sort keys', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/resources/services' });
    expect(res.statusCode, res.body).toBe(200);
    const spec = res.json();
    expect(spec).toMatchObject({
      path: 'services',
      wrapper: 'service',
      title: 'Services',
      singular: 'service',
      read: 'registry.read',
      write: 'registry.write',
      readOnly: false,
      deleteReason: true,
      defaultSort: 'name',
    });
    expect(spec.sortable).toEqual(expect.arrayContaining(['name', 'city', 'service_number']));
    const field = (name: string) => spec.fields.find((f: { name: string }) => f.name === name);
    expect(field('name')).toMatchObject({ kind: 'text', required: true, maxLength: 200, listed: true });
    expect(field('parent_id')).toMatchObject({ kind: 'uuid', ref: 'services', label: 'Parent service' });
    expect(field('classification_id')).toMatchObject({
      kind: 'uuid',
      ref: 'data_elements',
      refQuery: { data_section_name: 'organization_types' },
    });
    expect(field('training_level_ids')).toMatchObject({ kind: 'uuids', ref: 'certification_levels' });
    expect(field('active')).toMatchObject({ kind: 'bool' });
    expect(field('postal_code').pattern.regex).toBe('^\\d{5}(-\\d{4})?$');
    // Counties are lists of FIPS codes, edited elsewhere: no generic control fits them.
    expect(field('counties')).toBeUndefined();
    expect(field('updated_at')).toBeUndefined();
  });

  it('answers a reference list with its own FieldSpec description', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/resources/VehicleTypes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().fields).toEqual(
      JSON.parse(JSON.stringify(referenceListByKey.get('vehicle_types')?.fields)),
    );
  });

  it('refuses callers who may not list the resource, and names no resource it does not offer', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/resources/services' })).statusCode).toBe(401);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/resources/services' })).statusCode).toBe(
      403,
    );
    expect((await t.call(t.admin, { method: 'GET', url: '/api/resources/nothing-here' })).statusCode).toBe(
      404,
    );
    // Certifications have screens of their own: not offered to the generic pages.
    expect((await t.call(t.admin, { method: 'GET', url: '/api/resources/certifications' })).statusCode).toBe(
      404,
    );
  });
});
