import type { InspectionOutput } from '@licensure/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { Comparison } from './conflict-comparison';
import type { OutboxEntry } from './offline/field-db';

const server = {
  id: '22222222-2222-4222-8222-222222222222',
  status: 'In progress',
  outcome: null,
  notes: 'Staff: unit out of service until noon',
  signer_name: null,
  deficiencies: [{ description: 'Worn tyres' }],
  updated_at: '2026-12-01T10:00:00.000Z',
} as unknown as InspectionOutput;

const entry: OutboxEntry = {
  seq: 4,
  record: `inspection:${server.id}`,
  visit_id: '11111111-1111-4111-8111-111111111111',
  change: {
    op_id: '33333333-3333-4333-8333-333333333333',
    kind: 'inspection',
    inspection_id: server.id,
    base_updated_at: '2026-12-01T09:00:00.000Z',
    inspection: {
      ip_template_id: '44444444-4444-4444-8444-444444444444',
      entity: 'vehicle',
      service_id: '55555555-5555-4555-8555-555555555555',
      outcome: 'Pass',
      notes: 'Inspector: all equipment present',
      deficiencies: [],
    },
    submit: true,
  },
  photos: {},
  state: 'conflict',
  message: 'The inspection was changed on the server since the visit was checked out.',
  server,
  queued_at: '2026-12-01T09:30:00.000Z',
};

afterEach(cleanup);

describe('a conflict on the sync status page', () => {
  it('sets the inspector’s version beside the server’s, field by field', () => {
    renderWithMantine(<Comparison entry={entry} />);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);
    expect(row('Notes').getByText('Inspector: all equipment present')).toBeTruthy();
    expect(row('Notes').getByText('Staff: unit out of service until noon')).toBeTruthy();
    expect(row('Outcome').getByText('Pass')).toBeTruthy();
    expect(row('Deficiencies').getByText('Worn tyres')).toBeTruthy();
    // Fields the inspector does not set (the status) and equal values are left out.
    expect(screen.queryByRole('rowheader', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Signed by' })).toBeNull();
  });

  it('shows nothing to compare for a refusal without the server’s record', () => {
    const { container } = renderWithMantine(
      <Comparison entry={{ ...entry, state: 'error', server: null }} />,
    );
    expect(container.querySelector('table')).toBeNull();
  });

  it('sets a checklist’s fields beside the server’s and counts the answers given offline', () => {
    const checklist: OutboxEntry = {
      ...entry,
      record: 'checklist:66666666-6666-4666-8666-666666666666',
      change: {
        op_id: '77777777-7777-4777-8777-777777777777',
        kind: 'checklist',
        base_updated_at: '2026-12-01T09:00:00.000Z',
        checklist: {
          client_id: '66666666-6666-4666-8666-666666666666',
          inspection_id: server.id,
          name: 'Vehicle checklist',
          completed: true,
          outcome: 'Pass',
          signer_name: 'Ivy Inspector',
        },
        answers: [
          { question_id: '88888888-8888-4888-8888-888888888888', value: 'Yes' },
          { question_id: '99999999-9999-4999-8999-999999999999', value: 'No' },
        ],
      } as OutboxEntry['change'],
      server: {
        id: '66666666-6666-4666-8666-666666666666',
        name: 'Vehicle checklist',
        completed: false,
        outcome: 'Fail',
        signer_name: null,
        updated_at: '2026-12-01T10:00:00.000Z',
      } as unknown as OutboxEntry['server'],
    };
    renderWithMantine(<Comparison entry={checklist} />);
    const row = (name: string) =>
      within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement);
    expect(row('Complete').getByText('Yes')).toBeTruthy();
    expect(row('Complete').getByText('No')).toBeTruthy();
    expect(row('Outcome').getByText('Fail')).toBeTruthy();
    expect(row('Signed by').getByText('Ivy Inspector')).toBeTruthy();
    expect(row('Answers').getByText('2 answers given on this device')).toBeTruthy();
    // The name is the same on both sides: not listed.
    expect(screen.queryByRole('rowheader', { name: 'Checklist' })).toBeNull();
  });
});
