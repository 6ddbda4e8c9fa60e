import type {
  AnswerInput,
  FoundDeficiency,
  InspectionInput,
  OfflineChange,
  VisitOfflineBundle,
} from '@licensure/contracts';
import { type CheckoutOutput, inspectionInputOf } from '../inspections-api';
import {
  type FieldDatabase,
  type FieldPhoto,
  fieldDb,
  type InspectionWork,
  type OutboxEntry,
} from './field-db';

const now = () => new Date().toISOString();
export const newId = () => crypto.randomUUID();

/** The work a device starts from for each inspection of a downloaded visit. */
function workFromBundle(bundle: VisitOfflineBundle, inspectionId: string): InspectionWork | null {
  const inspection = bundle.inspections.find((i) => i.id === inspectionId);
  if (!inspection) return null;
  // A checklist this device (or another) made offline carries a client id that names it on the server.
  const checklist = bundle.checklists.find((c) => c.inspection_id === inspectionId && c.client_id);
  const response = checklist ? bundle.responses.find((r) => r.checklist_id === checklist.id) : undefined;
  return {
    inspection_id: inspection.id,
    visit_id: bundle.visit.id,
    base_updated_at: inspection.updated_at,
    inspection: inspectionInputOf(inspection),
    checklist_client_id: checklist?.client_id ?? newId(),
    checklist_base_updated_at: checklist?.updated_at ?? null,
    answers: (response?.questions ?? []).map((a) => ({
      question_id: a.question_id,
      value: a.value,
      signature: a.signature,
      document_id: a.document_id,
      file_name: a.file_name,
    })),
    completed: inspection.submitted,
    changed_at: now(),
  };
}

/**
 * Keeps a downloaded visit, and starts (or refreshes) the work on each inspection from it. Work with
 * changes still waiting to be uploaded is kept as it is: the device's changes are never dropped.
 */
export async function keepBundle(
  bundle: VisitOfflineBundle,
  userId: string,
  checkout?: Pick<CheckoutOutput, 'id' | 'checked_out_at'>,
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  await db.transaction('rw', db.visits, db.work, db.outbox, async () => {
    const previous = await db.visits.get(bundle.visit.id);
    await db.visits.put({
      id: bundle.visit.id,
      user_id: userId,
      checkout_id: checkout?.id ?? previous?.checkout_id ?? '',
      checked_out_at: checkout?.checked_out_at ?? previous?.checked_out_at ?? now(),
      bundle,
    });
    const waiting = new Set(
      (await db.outbox.where('visit_id').equals(bundle.visit.id).toArray()).map((e) => e.record),
    );
    for (const inspection of bundle.inspections) {
      const current = await db.work.get(inspection.id);
      if (
        current &&
        (waiting.has(`inspection:${inspection.id}`) ||
          waiting.has(`checklist:${current.checklist_client_id}`))
      )
        continue;
      const fresh = workFromBundle(bundle, inspection.id);
      if (!fresh) continue;
      // Keep the checklist this device started when the server has not got it yet.
      if (current && !fresh.checklist_base_updated_at) {
        fresh.checklist_client_id = current.checklist_client_id;
        if (fresh.answers.length === 0) fresh.answers = current.answers;
      }
      await db.work.put(fresh);
    }
  });
}

/** Forgets a visit on this device (after checking it in), with its work and photos. */
export async function forgetVisit(visitId: string, db: FieldDatabase = fieldDb()): Promise<void> {
  await db.transaction('rw', [db.visits, db.work, db.photos, db.outbox, db.syncs], async () => {
    await db.visits.delete(visitId);
    await db.work.where('visit_id').equals(visitId).delete();
    await db.photos.where('visit_id').equals(visitId).delete();
    await db.outbox.where('visit_id').equals(visitId).delete();
    await db.syncs.delete(visitId);
  });
}

/** Queues a change of a record, replacing a change of the same record still waiting; it goes last. */
async function queue(
  db: FieldDatabase,
  record: string,
  visitId: string,
  change: OfflineChange,
  photos: Record<string, string[]> = {},
) {
  const waiting = await db.outbox.where('record').equals(record).first();
  if (waiting?.seq !== undefined) await db.outbox.delete(waiting.seq);
  const entry: OutboxEntry = {
    record,
    visit_id: visitId,
    change,
    photos,
    // A change waiting on a conflict keeps waiting until the inspector resolves it.
    state: waiting?.state === 'conflict' ? 'conflict' : 'pending',
    message: waiting?.state === 'conflict' ? waiting.message : null,
    server: waiting?.state === 'conflict' ? waiting.server : null,
    queued_at: now(),
  };
  await db.outbox.add(entry);
}

function inspectionChange(work: InspectionWork): OfflineChange {
  return {
    op_id: newId(),
    kind: 'inspection',
    inspection_id: work.inspection_id,
    base_updated_at: work.base_updated_at,
    inspection: work.inspection,
    ...(work.completed ? { submit: true } : {}),
  };
}

function checklistChange(work: InspectionWork, name: string): OfflineChange {
  return {
    op_id: newId(),
    kind: 'checklist',
    ...(work.checklist_base_updated_at ? { base_updated_at: work.checklist_base_updated_at } : {}),
    checklist: {
      client_id: work.checklist_client_id,
      inspection_id: work.inspection_id,
      name,
      completed: work.completed,
    },
    answers: work.answers,
  };
}

async function photosOf(db: FieldDatabase, work: InspectionWork): Promise<Record<string, string[]>> {
  const photos = await db.photos.where('inspection_id').equals(work.inspection_id).toArray();
  const byDeficiency: Record<string, string[]> = {};
  for (const p of photos)
    byDeficiency[p.deficiency_client_id] = [...(byDeficiency[p.deficiency_client_id] ?? []), p.id];
  return byDeficiency;
}

/** Saves changes to an inspection on this device and queues them for upload. */
export async function saveInspectionWork(
  inspectionId: string,
  change: Partial<InspectionInput>,
  db: FieldDatabase = fieldDb(),
): Promise<InspectionWork> {
  return db.transaction('rw', db.work, db.outbox, db.photos, async () => {
    const work = await db.work.get(inspectionId);
    if (!work) throw new Error('This inspection is not on this device. Check the visit out again.');
    if (work.completed) throw new Error('This inspection was marked complete; it cannot be changed.');
    const next = { ...work, inspection: { ...work.inspection, ...change }, changed_at: now() };
    await db.work.put(next);
    await queue(
      db,
      `inspection:${inspectionId}`,
      work.visit_id,
      inspectionChange(next),
      await photosOf(db, next),
    );
    return next;
  });
}

/** Saves the checklist's answers on this device and queues them (the checklist is made on upload). */
export async function saveChecklistWork(
  inspectionId: string,
  answers: AnswerInput[],
  name: string,
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  await db.transaction('rw', db.work, db.outbox, async () => {
    const work = await db.work.get(inspectionId);
    if (!work) throw new Error('This inspection is not on this device. Check the visit out again.');
    if (work.completed) throw new Error('This inspection was marked complete; it cannot be changed.');
    const merged = new Map(work.answers.map((a) => [a.question_id, a]));
    for (const a of answers) merged.set(a.question_id, a);
    const next = { ...work, answers: [...merged.values()], changed_at: now() };
    await db.work.put(next);
    await queue(db, `checklist:${work.checklist_client_id}`, work.visit_id, checklistChange(next, name));
  });
}

/** Adds a deficiency (with its photos, kept on this device until uploaded). */
export async function addDeficiencyWork(
  inspectionId: string,
  deficiency: Pick<FoundDeficiency, 'description'> & Partial<FoundDeficiency>,
  photos: File[],
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  const work = await db.work.get(inspectionId);
  if (!work) throw new Error('This inspection is not on this device. Check the visit out again.');
  const clientId = newId();
  const kept: FieldPhoto[] = photos.map((file) => ({
    id: newId(),
    visit_id: work.visit_id,
    inspection_id: inspectionId,
    deficiency_client_id: clientId,
    name: file.name || 'photo.jpg',
    type: file.type || 'image/jpeg',
    blob: file,
    document_id: null,
  }));
  await db.photos.bulkAdd(kept);
  await saveInspectionWork(
    inspectionId,
    {
      deficiencies: [
        ...(work.inspection.deficiencies ?? []),
        { ...deficiency, client_id: clientId, photo_document_ids: [] } as FoundDeficiency,
      ],
    },
    db,
  );
}

/** Removes a deficiency recorded on this device, and its photos. */
export async function removeDeficiencyWork(
  inspectionId: string,
  index: number,
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  const work = await db.work.get(inspectionId);
  if (!work) return;
  const list = [...(work.inspection.deficiencies ?? [])];
  const [gone] = list.splice(index, 1);
  if (gone?.client_id) await db.photos.where('deficiency_client_id').equals(gone.client_id).delete();
  await saveInspectionWork(inspectionId, { deficiencies: list }, db);
}

/**
 * Marks an inspection complete: its checklist and the inspection are queued, in that order, the
 * inspection with the submit flag (the server then keeps the PDF report). The work is locked after.
 */
export async function completeInspectionWork(
  inspectionId: string,
  checklistName: string,
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  await db.transaction('rw', db.work, db.outbox, db.photos, async () => {
    const work = await db.work.get(inspectionId);
    if (!work) throw new Error('This inspection is not on this device. Check the visit out again.');
    const next = { ...work, completed: true, changed_at: now() };
    await db.work.put(next);
    if (next.answers.length > 0)
      await queue(
        db,
        `checklist:${work.checklist_client_id}`,
        work.visit_id,
        checklistChange(next, checklistName),
      );
    await queue(
      db,
      `inspection:${inspectionId}`,
      work.visit_id,
      inspectionChange(next),
      await photosOf(db, next),
    );
  });
}

/**
 * Adds a comment written on this device, queued for upload under an id made here (so uploading it
 * twice adds it once). Comments can be added to a completed inspection too: they are administrative.
 */
export async function addCommentWork(
  inspectionId: string,
  comment: string,
  showOnPdf: boolean,
  db: FieldDatabase = fieldDb(),
): Promise<void> {
  const text = comment.trim();
  if (!text) throw new Error('Write the comment first.');
  const work = await db.work.get(inspectionId);
  if (!work) throw new Error('This inspection is not on this device. Check the visit out again.');
  const commentId = newId();
  await queue(db, `comment:${commentId}`, work.visit_id, {
    op_id: newId(),
    kind: 'comment',
    comment_id: commentId,
    comment: { inspection_id: inspectionId, comment: text, show_on_pdf: showOnPdf },
  });
}
