import { describe, expect, it } from 'vitest';
import { address, cityState, formatDate, personName } from '../display/format';
import { searchPageOf, slicePage } from './search-results';
import { nonEmpty } from './search-state';

describe('searchPageOf', () => {
  it('keeps a page the API answered as a page', () => {
    const page = { items: ['a'], total: 40, currentPage: 2, numPerPage: 25 };
    expect(searchPageOf(page, 2, 25)).toBe(page);
  });

  it('knows the total from a short array: it is the last page', () => {
    expect(searchPageOf(['a', 'b'], 3, 25)).toEqual({
      items: ['a', 'b'],
      total: 52,
      currentPage: 3,
      numPerPage: 25,
    });
  });

  it('leaves the total unknown when the array fills the page', () => {
    expect(searchPageOf(['a', 'b'], 1, 2).total).toBeNull();
  });

  it('treats no answer as no rows', () => {
    expect(searchPageOf(null, 1, 25)).toEqual({ items: [], total: 0, currentPage: 1, numPerPage: 25 });
  });
});

describe('slicePage', () => {
  it('cuts the asked page from all the rows', () => {
    const all = Array.from({ length: 30 }, (_, i) => i);
    expect(slicePage(all, 2, 25)).toEqual({
      items: [25, 26, 27, 28, 29],
      total: 30,
      currentPage: 2,
      numPerPage: 25,
    });
  });
});

describe('nonEmpty', () => {
  it('drops the criteria that were not given', () => {
    expect(nonEmpty({ last_name: 'Applicant', email: '' })).toEqual({ last_name: 'Applicant' });
  });
});

describe('format', () => {
  it('writes names, places and addresses without gaps', () => {
    expect(personName({ first_name: 'Avery', middle_name: null, last_name: 'Applicant' })).toBe(
      'Avery Applicant',
    );
    expect(personName({})).toBe('(no name)');
    expect(cityState({ city: null, state: 'TX' })).toBe('TX');
    expect(address({ street: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' })).toBe(
      '1 Main St\nAustin, TX 78701',
    );
  });

  it('shows a calendar date as that day, whatever the time zone', () => {
    const shown = formatDate('2028-01-31');
    expect(shown).toMatch(/31/);
    expect(shown).toMatch(/2028/);
    expect(formatDate(null)).toBe('');
  });
});
