import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import type { InspectionOutput, OfflineChange, VisitOfflineBundle } from '@licensure/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../platform/api/csrf';
import { networkError } from '../../../platform/api/errors';
import { inspectionsApi } from '../inspections-api';
import { FieldDatabase, type OutboxEntry } from './field-db';
import {
  addCommentWork,
  addDeficiencyWork,
  completeInspectionWork,
  keepBundle,
  saveChecklistWork,
  saveInspectionWork,
} from './field-store';
import { keepMine, syncVisit, takeServers } from './sync-engine';

const visitId = '11111111-1111-4111-8111-111111111111';
const ids = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;
const question = '44444444-4444-4444-8444-444444444444';
const t0 = '2026-12-01T09:00:00.000Z';

function inspection(id: string, unit: string, changes: Partial<InspectionOutput> = {}): InspectionOutput {
  return {
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
    updated_at: t0,
    ...changes,
  };
}

function bundle(inspections: InspectionOutput[]): VisitOfflineBundle {
  return {
    downloaded_at: t0,
    visit: { id: visitId } as VisitOfflineBundle['visit'],
    inspections,
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
  };
}

let db: FieldDatabase;
beforeEach(async () => {
  setCsrfToken('test-token');
  db = new FieldDatabase(`INSPECTIONS-test-${crypto.randomUUID()}`);
  await keepBundle(bundle([inspection(ids[0], '1'), inspection(ids[1], '2')]), 'user-1', undefined, db);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

describe('field work kept on the device', () => {
  it('keeps one waiting change a record, the latest, and queues a completed inspection after its checklist', async () => {
    await saveInspectionWork(ids[0], { notes: 'first' }, db);
    await saveInspectionWork(ids[0], { notes: 'second' }, db);
    let queue = await db.outbox.orderBy('seq').toArray();
    expect(queue).toHaveLength(1);
    expect(queue[0]?.change).toMatchObject({
      kind: 'inspection',
      base_updated_at: t0,
      inspection: { notes: 'second' },
    });

    await saveChecklistWork(
      ids[1],
      [{ question_id: question, value: 'yes', signature: null, document_id: null, file_name: null }],
      'Medic 2',
      db,
    );
    await addDeficiencyWork(
      ids[1],
      { description: 'Worn tyres' },
      [new NodeFile(['x'], 'tyre.png', { type: 'image/png' }) as unknown as File],
      db,
    );
    await completeInspectionWork(ids[1], 'Medic 2', db);
    queue = await db.outbox.orderBy('seq').toArray();
    expect(
      queue.map((e) => [e.record.split(':')[0], e.change.kind === 'inspection' && e.change.submit === true]),
    ).toEqual([
      ['inspection', false],
      ['checklist', false],
      ['inspection', true],
    ]);
    const last = queue[2]!;
    const deficiency =
      last.change.kind === 'inspection' ? last.change.inspection.deficiencies?.[0] : undefined;
    expect(deficiency?.description).toBe('Worn tyres');
    expect(last.photos[deficiency?.client_id ?? '']).toHaveLength(1);
    await expect(saveInspectionWork(ids[1], { notes: 'late' }, db)).rejects.toThrow(/marked complete/);
  });

  it('syncs in order, keeps a conflict with the server’s record, and resolves it either way', async () => {
    await saveInspectionWork(ids[0], { outcome: 'Pass' }, db);
    await saveInspectionWork(ids[1], { notes: 'Inspector: all fine' }, db);
    const server = inspection(ids[1], '2', {
      notes: 'Staff: out of service',
      updated_at: '2026-12-01T10:00:00.000Z',
    });
    const conflicting = (c: OfflineChange) => c.kind === 'inspection' && c.inspection_id === ids[1];
    const sync = vi.spyOn(inspectionsApi, 'sync').mockImplementation(async (_visit, changes) => ({
      results: changes.map((c) => ({
        op_id: c.op_id,
        status: conflicting(c) ? ('conflict' as const) : ('applied' as const),
        id: null,
        message: conflicting(c) ? 'changed on the server' : null,
        fields: null,
        version: conflicting(c) ? null : '2026-12-01T10:05:00.000Z',
        server_inspection: conflicting(c) ? server : null,
        server_checklist: null,
      })),
    }));
    vi.spyOn(inspectionsApi, 'bundle').mockResolvedValue(
      bundle([inspection(ids[0], '1', { outcome: 'Pass', updated_at: '2026-12-01T10:05:00.000Z' }), server]),
    );
    const run = await syncVisit(visitId, 'user-1', db);
    expect(run).toMatchObject({ applied: 1, conflicts: 1, errors: 0, message: null });
    expect(sync.mock.calls[0]?.[1].map((c) => c.kind === 'inspection' && c.inspection_id)).toEqual([
      ids[0],
      ids[1],
    ]);
    const [conflict] = await db.outbox.toArray();
    expect(conflict).toMatchObject({ state: 'conflict', server: { notes: 'Staff: out of service' } });
    // The inspector's work is kept while the conflict waits; the synced inspection starts from the new version.
    expect((await db.work.get(ids[1]))?.inspection.notes).toBe('Inspector: all fine');
    expect((await db.work.get(ids[0]))?.base_updated_at).toBe('2026-12-01T10:05:00.000Z');

    await keepMine(conflict!.seq!, db);
    expect(await db.outbox.get(conflict!.seq!)).toMatchObject({
      state: 'pending',
      change: { base_updated_at: server.updated_at },
    });
    // Sent again on the server's version (which staff changed once more): a conflict again, then dropped.
    await syncVisit(visitId, 'user-1', db);
    expect(await db.outbox.get(conflict!.seq!)).toMatchObject({ state: 'conflict' });
    await takeServers(conflict!.seq!, db);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.work.get(ids[1])).toMatchObject({
      base_updated_at: server.updated_at,
      inspection: { notes: 'Staff: out of service' },
    });
  });

  it('leaves the changes waiting when the server cannot be reached', async () => {
    await saveInspectionWork(ids[0], { outcome: 'Fail' }, db);
    vi.spyOn(inspectionsApi, 'sync').mockRejectedValue(networkError());
    const run = await syncVisit(visitId, 'user-1', db);
    expect(run.message).toBe('The server cannot be reached: the changes wait on this device.');
    expect(await db.outbox.count()).toBe(1);
  });

  it('queues each comment written offline on its own, under an id made on the device', async () => {
    await addCommentWork(ids[0], '  Oxygen low: told the crew ', true, db);
    await addCommentWork(ids[0], 'Second look at the tyres next visit', false, db);
    await completeInspectionWork(ids[1], 'Medic 2', db);
    // Comments are administrative: a completed inspection still takes one.
    await addCommentWork(ids[1], 'Signed by the crew chief', false, db);
    const queue = await db.outbox.orderBy('seq').toArray();
    const comments = queue.flatMap((e) => (e.change.kind === 'comment' ? [e] : []));
    expect(comments).toHaveLength(3);
    const [first] = comments;
    expect(first?.change).toMatchObject({
      kind: 'comment',
      comment: { inspection_id: ids[0], comment: 'Oxygen low: told the crew', show_on_pdf: true },
    });
    expect(first?.record).toBe(`comment:${first?.change.kind === 'comment' ? first.change.comment_id : ''}`);
    await expect(addCommentWork(ids[0], '   ', false, db)).rejects.toThrow('Write the comment first.');
    await expect(addCommentWork('77777777-7777-4777-8777-777777777777', 'x', false, db)).rejects.toThrow(
      /not on this device/,
    );
  });

  it('keeps the inspector’s checklist on a conflict: sent again on the server’s version', async () => {
    await saveChecklistWork(
      ids[0],
      [{ question_id: question, value: 'no', signature: null, document_id: null, file_name: null }],
      'Medic 1',
      db,
    );
    const [entry] = await db.outbox.toArray();
    const serverChecklist = {
      id: '88888888-8888-4888-8888-888888888888',
      updated_at: '2026-12-01T11:00:00.000Z',
    } as OutboxEntry['server'];
    await db.outbox.update(entry!.seq!, { state: 'conflict', message: 'changed', server: serverChecklist });
    await keepMine(entry!.seq!, db);
    expect(await db.outbox.get(entry!.seq!)).toMatchObject({
      state: 'pending',
      change: { kind: 'checklist', base_updated_at: '2026-12-01T11:00:00.000Z' },
    });
    expect((await db.work.get(ids[0]))?.checklist_base_updated_at).toBe('2026-12-01T11:00:00.000Z');
  });
});
