import { describe, expect, it } from 'vitest';
import { type FieldSpec, inputSchema, patchSchema } from './fields';

const fields: FieldSpec[] = [
  { name: 'label', label: 'Label', kind: 'text', required: true },
  { name: 'code', label: 'Code', kind: 'text', maxLength: 4 },
  { name: 'active', label: 'Active', kind: 'bool', defaultValue: true },
  { name: 'rank', label: 'Rank', kind: 'int', min: 0 },
  { name: 'kind', label: 'Kind', kind: 'select', options: ['a', 'b'], required: true, defaultValue: 'a' },
  { name: 'ref_id', label: 'Parent', kind: 'uuid' },
  {
    name: 'state',
    label: 'State',
    kind: 'text',
    pattern: { regex: '^[A-Z]{2}$', message: 'State must be two capitals' },
  },
];

describe('inputSchema', () => {
  it('fills defaults for optional fields and turns empty text into null', () => {
    const v = inputSchema(fields).parse({ label: '  EMT ', kind: 'b', code: '' });
    expect(v).toEqual({
      label: 'EMT',
      code: null,
      active: true,
      rank: null,
      kind: 'b',
      ref_id: null,
      state: null,
    });
  });

  it('gives each field a message that names it', () => {
    const r = inputSchema(fields).safeParse({
      label: '',
      code: 'TOOLONG',
      rank: -1,
      kind: 'c',
      ref_id: 'x',
      state: 'tx',
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      label: 'Label is required',
      code: 'Code must be at most 4 characters',
      rank: 'Rank must be at least 0',
      kind: 'Kind must be one of: a, b',
      ref_id: 'Parent must be a valid id',
      state: 'State must be two capitals',
    });
  });

  it('lets an update leave fields out', () => {
    expect(patchSchema(fields).parse({ code: 'X' })).toEqual({ code: 'X' });
  });
});

describe('reference lists', () => {
  it('name the record every id field points at, so the server can check it exists', async () => {
    const { referenceLists } = await import('./reference-lists');
    const unnamed = referenceLists.flatMap((s) =>
      s.fields
        .filter((f) => (f.kind === 'uuid' || f.kind === 'uuids') && !f.ref)
        .map((f) => `${s.key}.${f.name}`),
    );
    expect(unnamed).toEqual([]);
  });
});
