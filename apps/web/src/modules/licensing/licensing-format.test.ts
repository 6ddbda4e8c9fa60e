import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  ageLabel,
  emptyQueueFilters,
  formatMoney,
  formState,
  QUEUE_PAGE_SIZE,
  queueFiltersFrom,
  queueQuery,
  queueSearchParams,
  requestProgressLabel,
  selectionKey,
  selectionsOf,
  statusOptionLabel,
  toggleSelection,
} from './licensing-format';

const TYPE = '0b6f3c1e-9a0d-4b55-8a64-2f1de7c0a001';
const LEVEL_A = '5c2d7e88-1f3a-4c1b-9e0f-6a7b8c9d0e01';
const LEVEL_B = '5c2d7e88-1f3a-4c1b-9e0f-6a7b8c9d0e02';

describe('selection keys', () => {
  it('joins the application type and the level with %', () => {
    expect(selectionKey(TYPE, LEVEL_A)).toBe(`${TYPE}%${LEVEL_A}`);
  });

  it('makes the selections body from the chosen pairs, one key each', () => {
    expect(
      selectionsOf([
        { application_type_id: TYPE, license_category_level_id: LEVEL_A },
        { application_type_id: TYPE, license_category_level_id: LEVEL_B },
        { application_type_id: TYPE, license_category_level_id: LEVEL_A },
      ]),
    ).toEqual({ [`${TYPE}%${LEVEL_A}`]: true, [`${TYPE}%${LEVEL_B}`]: true });
  });

  it('toggles a key without changing the set it was given', () => {
    const start = new Set([selectionKey(TYPE, LEVEL_A)]);
    const added = toggleSelection(start, selectionKey(TYPE, LEVEL_B), true);
    expect([...added].sort()).toEqual([`${TYPE}%${LEVEL_A}`, `${TYPE}%${LEVEL_B}`]);
    const removed = toggleSelection(added, selectionKey(TYPE, LEVEL_A), false);
    expect([...removed]).toEqual([`${TYPE}%${LEVEL_B}`]);
    expect([...start]).toEqual([`${TYPE}%${LEVEL_A}`]);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [12345, '$123.45'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [-2550, '-$25.50'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('states in words', () => {
  it('names the progress of a request', () => {
    expect(requestProgressLabel(0)).toBe('Not started');
    expect(requestProgressLabel(1)).toBe('Draft');
    expect(requestProgressLabel(2)).toBe('Submitted');
  });

  it('says what a form of the request needs and what its button does', () => {
    expect(formState({ response_id: null, progress: null })).toEqual({
      label: 'Not started',
      action: 'Fill in',
    });
    expect(formState({ response_id: LEVEL_A, progress: 1 })).toEqual({ label: 'Draft', action: 'Resume' });
    expect(formState({ response_id: LEVEL_A, progress: 2 })).toEqual({ label: 'Completed', action: 'View' });
  });
});

describe('queue filters', () => {
  it('sends only the filters that are set, trimmed, with the page', () => {
    expect(
      queueQuery({ ...emptyQueueFilters, license_id: TYPE, search: '  smith ', from: '2026-01-01', page: 3 }),
    ).toEqual({
      state: 'submitted',
      license_id: TYPE,
      search: 'smith',
      from: '2026-01-01',
      currentPage: 3,
      numPerPage: QUEUE_PAGE_SIZE,
    });
  });

  it('leaves paging out of the counts query', () => {
    expect(queueQuery({ ...emptyQueueFilters, status_id: LEVEL_A, to: '2026-02-01' }, false)).toEqual({
      state: 'submitted',
      status_id: LEVEL_A,
      to: '2026-02-01',
    });
    expect(queueQuery({ ...emptyQueueFilters, state: 'all' }, false)).toEqual({});
  });

  it('round-trips through the address query string', () => {
    const filters = {
      ...emptyQueueFilters,
      license_id: TYPE,
      process_status_id: LEVEL_B,
      search: 'Ada Lovelace',
      page: 2,
    };
    const qs = queueSearchParams(filters);
    expect(qs).toBe(`license_id=${TYPE}&process_status_id=${LEVEL_B}&search=Ada+Lovelace&page=2`);
    expect(queueFiltersFrom(new URLSearchParams(qs))).toEqual(filters);
  });

  it('opens on the requests awaiting review (issue 11, defect 4), and keeps other states in the address', () => {
    const filters = queueFiltersFrom(new URLSearchParams(''));
    expect(filters.state).toBe('submitted');
    expect(queueQuery(filters)).toMatchObject({ state: 'submitted' });
    const mine = { ...emptyQueueFilters, state: 'open', assigned_to: 'me' };
    expect(queueSearchParams(mine)).toBe('state=open&assigned_to=me');
    expect(queueFiltersFrom(new URLSearchParams('state=open&assigned_to=me'))).toEqual(mine);
  });

  it('names the licence beside each request status', () => {
    const licences = [{ id: TYPE, name: 'EMS Personnel' }];
    expect(statusOptionLabel({ label: 'Submitted', license_id: TYPE }, licences)).toBe(
      'EMS Personnel: Submitted',
    );
    expect(statusOptionLabel({ label: 'Submitted', license_id: null }, licences)).toBe('Submitted');
  });

  it('gives each request its age in whole days', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(ageInDays({ completed_on: '2026-03-01T13:00:00Z', created_at: '2026-02-01T00:00:00Z' }, now)).toBe(
      8,
    );
    expect(ageInDays({ completed_on: null, created_at: '2026-03-10T08:00:00Z' }, now)).toBe(0);
    expect(ageLabel(0)).toBe('Today');
    expect(ageLabel(1)).toBe('1 day');
    expect(ageLabel(8)).toBe('8 days');
  });

  it('reads a missing or bad page as the first', () => {
    expect(queueSearchParams(emptyQueueFilters)).toBe('');
    expect(queueFiltersFrom(new URLSearchParams('page=-4')).page).toBe(1);
    expect(queueFiltersFrom(new URLSearchParams('page=abc')).page).toBe(1);
    expect(queueFiltersFrom(new URLSearchParams('')).page).toBe(1);
  });
});
