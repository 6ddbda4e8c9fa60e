import { permissionKeys } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { permissionGroups } from './security-template-edit-page';

describe('permissionGroups', () => {
  it('puts every permission key in the group of its module, once', () => {
    const groups = permissionGroups();
    expect(groups.flatMap((g) => g.keys).sort()).toEqual([...permissionKeys].sort());
    for (const group of groups)
      for (const key of group.keys) expect(key.startsWith(`${group.module}.`)).toBe(true);
    expect(groups.find((g) => g.module === 'users')?.keys).toEqual([
      'users.read',
      'users.write',
      'users.ssn',
    ]);
  });
});
