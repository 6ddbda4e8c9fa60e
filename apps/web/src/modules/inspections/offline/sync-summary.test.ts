import 'fake-indexeddb/auto';
import type { InspectionOutput, VisitOfflineBundle } from '@licensure/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../platform/api/csrf';
import { networkError } from '../../../platform/api/errors';
import { inspectionsApi } from '../inspections-api';
import { FieldDatabase } from './field-db';
import { keepBundle, saveInspectionWork } from './field-store';
import { onServerReached, syncVisit } from './sync-engine';

// Issue 25, item 8: after a sync that uploaded both changes, the summary said "0 applied" (a later
// sync with nothing waiting replaced the run that applied them) and the "You are offline" banner of
// a shell opened offline stayed, although the server had answered.

const visitId = '11111111-1111-4111-8111-111111111111';
const ids = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;
const t0 = '2026-12-01T09:00:00.000Z';
const t1 = '2026-12-01T10:05:00.000Z';

const inspection = (id: string, unit: string, updated_at = t0) =>
  ({
    id,
    number: `VI-${unit}`,
    visit_id: visitId,
    ip_template_id: '55555555-5555-4555-8555-555555555555',
    template: 'Ambulance inspection',
    entity: 'vehicle',
    service_id: '66666666-6666-4666-8666-666666666666',
    service_name: 'Lakeside',
    vehicle_id: null,
    vehicle_name: `Medic ${unit}`,
    ip_status_id: null,
    status: null,
    inspector_id: null,
    outcome: null,
    notes: null,
    signer_name: null,
    signature_type_in_person: false,
    spot_check: false,
    submitted: false,
    submitted_at: null,
    pdf_document_id: null,
    deficiencies: [],
    fees: [],
    created_at: t0,
    updated_at,
  }) satisfies InspectionOutput;

const bundle = (updated_at = t0) =>
  ({
    downloaded_at: updated_at,
    visit: { id: visitId } as VisitOfflineBundle['visit'],
    inspections: [inspection(ids[0], '1', updated_at), inspection(ids[1], '2', updated_at)],
    checklists: [],
    responses: [],
    comments: [],
    templates: [],
    forms: [],
    vehicles: [],
    previous_deficiencies: [],
    statuses: [],
    deficiencies: [],
    deficiency_categories: [],
    extra_fees: [],
  }) satisfies VisitOfflineBundle;

let db: FieldDatabase;
beforeEach(async () => {
  setCsrfToken('test-token');
  db = new FieldDatabase(`INSPECTIONS-summary-${crypto.randomUUID()}`);
  await keepBundle(bundle(), 'user-1', undefined, db);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

describe('the last sync of a visit', () => {
  it('still says "2 applied" after a later sync found nothing waiting, and tells the app the server answered', async () => {
    await saveInspectionWork(ids[0], { outcome: 'Pass' }, db);
    await saveInspectionWork(ids[1], { notes: 'All equipment present' }, db);
    const sync = vi.spyOn(inspectionsApi, 'sync').mockImplementation(async (_visit, changes) => ({
      results: changes.map((c) => ({
        op_id: c.op_id,
        status: 'applied' as const,
        id: null,
        message: null,
        fields: null,
        version: t1,
        server_inspection: null,
        server_checklist: null,
      })),
    }));
    vi.spyOn(inspectionsApi, 'bundle').mockResolvedValue(bundle(t1));
    const reached = vi.fn();
    const stop = onServerReached(reached);
    try {
      const first = await syncVisit(visitId, 'user-1', db);
      expect(first).toMatchObject({ applied: 2, conflicts: 0, errors: 0, message: null });
      expect(reached).toHaveBeenCalledTimes(1);
      // "Sync now", or another page's automatic sync, once everything is on the server.
      const second = await syncVisit(visitId, 'user-1', db);
      expect(sync).toHaveBeenCalledTimes(1);
      expect(second).toMatchObject({ applied: 2, message: null });
      expect(await db.syncs.get(visitId)).toMatchObject({ applied: 2, unchanged: 0, message: null });
      expect(reached).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('does not tell the app the server answered when it could not be reached', async () => {
    await saveInspectionWork(ids[0], { outcome: 'Pass' }, db);
    vi.spyOn(inspectionsApi, 'sync').mockRejectedValue(networkError());
    vi.spyOn(inspectionsApi, 'bundle').mockRejectedValue(networkError());
    const reached = vi.fn();
    const stop = onServerReached(reached);
    try {
      const run = await syncVisit(visitId, 'user-1', db);
      expect(run.applied).toBe(0);
      expect(run.message).toMatch(/cannot be reached/);
      expect(reached).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
