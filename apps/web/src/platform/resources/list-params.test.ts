import { referenceListByKey } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, readListParams, withParams } from './list-params';

const spec = referenceListByKey.get('alert_types')!;

describe('readListParams', () => {
  it('uses the defaults of the resource', () => {
    expect(readListParams(new URLSearchParams(), spec)).toEqual({
      currentPage: 1,
      numPerPage: 25,
      sortBy: 'sort_order',
      reverse: false,
      search: '',
    });
  });

  it('reads the address and ignores nonsense', () => {
    const params = new URLSearchParams('page=3&per=50&sort=label&dir=desc&q=exp');
    expect(readListParams(params, spec)).toEqual({
      currentPage: 3,
      numPerPage: 50,
      sortBy: 'label',
      reverse: true,
      search: 'exp',
    });
    expect(readListParams(new URLSearchParams('page=-2&per=7'), spec)).toMatchObject({
      currentPage: 1,
      numPerPage: 25,
    });
  });
});

describe('sorting and paging', () => {
  it('sorts a new column ascending and flips the current one', () => {
    const current = readListParams(new URLSearchParams('sort=label'), spec);
    expect(nextSort(current, 'label')).toEqual({ sortBy: 'label', reverse: true });
    expect(nextSort(current, 'code')).toEqual({ sortBy: 'code', reverse: false });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });

  it('removes parameters set to null or empty', () => {
    expect(
      withParams(new URLSearchParams('page=2&q=x'), { page: null, q: '', sort: 'label' }).toString(),
    ).toBe('sort=label');
  });
});
