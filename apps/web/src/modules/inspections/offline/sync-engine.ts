import type { DocumentRecord, InspectionOutput, OfflineChange, SyncResult } from '@licensure/contracts';
import { api } from '../../../platform/api/client';
import { getCsrfToken, setCsrfToken } from '../../../platform/api/csrf';
import { errorMessage, isUnreachable, networkError, parseApiError } from '../../../platform/api/errors';
import { type ChecklistOutput, inspectionInputOf, inspectionsApi } from '../inspections-api';
import { type FieldDatabase, fieldDb, type OutboxEntry, type SyncRun } from './field-db';
import { keepBundle } from './field-store';

/** A page opened offline has no CSRF token yet: the session hands it out once the server answers. */
async function ensureCsrfToken(): Promise<void> {
  if (getCsrfToken()) return;
  const session = await api.get<{ csrfToken?: unknown }>('/api/CheckSession');
  if (typeof session?.csrfToken === 'string') setCsrfToken(session.csrfToken);
}

/** Uploads a photo kept on the device; answers the document's id. */
async function uploadPhoto(blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('description', 'Deficiency photo taken during an inspection');
  form.append('file', blob, name);
  const token = getCsrfToken();
  let response: Response;
  try {
    response = await fetch('/api/Documents/upload', {
      method: 'POST',
      headers: token ? { 'x-csrf-token': token } : {},
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw parseApiError(response.status, body);
  return (body as DocumentRecord).id;
}

/** The change as sent: its deficiencies name their uploaded photos. */
async function withPhotos(db: FieldDatabase, entry: OutboxEntry): Promise<OfflineChange> {
  const { change } = entry;
  if (change.kind !== 'inspection') return change;
  const deficiencies = [];
  for (const d of change.inspection.deficiencies ?? []) {
    const ids = d.client_id ? (entry.photos[d.client_id] ?? []) : [];
    const documents = [...(d.photo_document_ids ?? [])];
    for (const photoId of ids) {
      const photo = await db.photos.get(photoId);
      if (!photo) continue;
      let documentId = photo.document_id;
      if (!documentId) {
        documentId = await uploadPhoto(photo.blob, photo.name);
        await db.photos.update(photoId, { document_id: documentId });
      }
      if (!documents.includes(documentId)) documents.push(documentId);
    }
    deficiencies.push({ ...d, photo_document_ids: documents });
  }
  return { ...change, inspection: { ...change.inspection, deficiencies } };
}

const running = new Map<string, Promise<SyncRun>>();
const reachedListeners = new Set<() => void>();

/**
 * Calls `listener` after each sync the server answered: the app, opened offline, then knows that the
 * connection is back (use-field.ts re-checks the session so the "You are offline" notice goes).
 * Answers the function that stops the calls.
 */
export function onServerReached(listener: () => void): () => void {
  reachedListeners.add(listener);
  return () => {
    reachedListeners.delete(listener);
  };
}

/**
 * Uploads a visit's waiting changes in the order they were made. Applied and unchanged ones leave
 * the outbox; a conflict stays with the server's record for the inspector to resolve; an error stays
 * with its message. Afterwards the visit is downloaded again, so later changes start from the
 * server's new versions. A network failure leaves everything waiting.
 */
export function syncVisit(visitId: string, userId: string, db: FieldDatabase = fieldDb()): Promise<SyncRun> {
  const underWay = running.get(visitId);
  if (underWay) return underWay;
  const started = run(visitId, userId, db).finally(() => running.delete(visitId));
  running.set(visitId, started);
  return started;
}

async function run(visitId: string, userId: string, db: FieldDatabase): Promise<SyncRun> {
  const result: SyncRun = {
    visit_id: visitId,
    at: new Date().toISOString(),
    applied: 0,
    unchanged: 0,
    conflicts: 0,
    errors: 0,
    message: null,
  };
  let uploaded = false;
  try {
    const entries = (await db.outbox.where('visit_id').equals(visitId).sortBy('seq')).filter(
      (e) => e.state === 'pending',
    );
    if (entries.length > 0) {
      uploaded = true;
      await ensureCsrfToken();
      const sent = new Map<string, OutboxEntry>();
      const changes: OfflineChange[] = [];
      for (const entry of entries) {
        const change = await withPhotos(db, entry);
        sent.set(change.op_id, entry);
        changes.push(change);
      }
      const answer = await inspectionsApi.sync(visitId, changes);
      await db.transaction('rw', db.outbox, db.work, async () => {
        for (const r of answer.results) await record(db, sent.get(r.op_id), r, result);
      });
    }
    await keepBundle(await inspectionsApi.bundle(visitId), userId, undefined, db);
  } catch (error) {
    result.message = isUnreachable(error)
      ? 'The server cannot be reached: the changes wait on this device.'
      : errorMessage(error);
  }
  // A sync with nothing to send keeps the summary of the one that uploaded the changes ("2 applied"),
  // rather than replacing it with zeros; only its message (reached or not) is brought up to date.
  const previous = uploaded ? undefined : await db.syncs.get(visitId);
  const kept = previous ? { ...previous, message: result.message } : result;
  await db.syncs.put(kept);
  if (kept.message === null) for (const listener of reachedListeners) listener();
  return kept;
}

/** Moves a record's later change (and its work) onto the version the server now has. */
async function rebase(db: FieldDatabase, entry: OutboxEntry, version: string) {
  const newer = await db.outbox.where('record').equals(entry.record).first();
  if (newer?.seq !== undefined && newer.seq !== entry.seq && newer.state === 'pending')
    await db.outbox.update(newer.seq, {
      change: { ...newer.change, base_updated_at: version } as OfflineChange,
    });
  if (entry.change.kind === 'inspection')
    await db.work.update(entry.change.inspection_id, { base_updated_at: version });
  else if (entry.change.kind === 'checklist') {
    const work = await db.work.where('checklist_client_id').equals(entry.change.checklist.client_id).first();
    if (work) await db.work.update(work.inspection_id, { checklist_base_updated_at: version });
  }
}

async function record(db: FieldDatabase, entry: OutboxEntry | undefined, r: SyncResult, run: SyncRun) {
  if (entry?.seq === undefined) return;
  // A newer change of the same record may have been queued while this one was on its way: it replaced
  // this entry, and now starts from the version the server has after this one.
  const current = await db.outbox.get(entry.seq);
  if (r.status === 'applied' || r.status === 'unchanged') {
    run[r.status] += 1;
    if (current) await db.outbox.delete(entry.seq);
    if (r.version) await rebase(db, entry, r.version);
  } else if (!current) {
    return;
  } else if (r.status === 'conflict') {
    run.conflicts += 1;
    await db.outbox.update(entry.seq, {
      state: 'conflict',
      message: r.message,
      server: r.server_inspection ?? r.server_checklist ?? null,
    });
  } else {
    run.errors += 1;
    const fields = r.fields ? Object.values(r.fields).join(' ') : '';
    await db.outbox.update(entry.seq, {
      state: 'error',
      message: [r.message, fields].filter(Boolean).join(' '),
    });
  }
}

/** Visits with changes waiting to go (pending ones). */
export async function visitsWaiting(db: FieldDatabase = fieldDb()): Promise<string[]> {
  const entries = await db.outbox.where('state').equals('pending').toArray();
  return [...new Set(entries.map((e) => e.visit_id))];
}

/**
 * Resolves a conflict with the inspector's version: the change is sent again on the server's current
 * version, so it replaces what the server holds. The inspector chose it after seeing both.
 */
export async function keepMine(seq: number, db: FieldDatabase = fieldDb()): Promise<void> {
  await db.transaction('rw', db.outbox, db.work, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry?.server) return;
    const base = entry.server.updated_at;
    await db.outbox.update(seq, {
      state: 'pending',
      message: null,
      server: null,
      change: { ...entry.change, base_updated_at: base } as OfflineChange,
    });
    if (entry.change.kind === 'inspection')
      await db.work.update(entry.change.inspection_id, { base_updated_at: base });
    else if (entry.change.kind === 'checklist') {
      const work = await db.work
        .where('checklist_client_id')
        .equals(entry.change.checklist.client_id)
        .first();
      if (work) await db.work.update(work.inspection_id, { checklist_base_updated_at: base });
    }
  });
}

/** Resolves a conflict with the server's version: the inspector's change is dropped on this device. */
export async function takeServers(seq: number, db: FieldDatabase = fieldDb()): Promise<void> {
  await db.transaction('rw', db.outbox, db.work, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.delete(seq);
    if (entry.change.kind === 'inspection' && entry.server) {
      const server = entry.server as InspectionOutput;
      await db.work.update(entry.change.inspection_id, {
        inspection: inspectionInputOf(server),
        base_updated_at: server.updated_at,
        completed: server.submitted,
      });
    } else if (entry.change.kind === 'checklist' && entry.server) {
      const server = entry.server as ChecklistOutput;
      const work = await db.work
        .where('checklist_client_id')
        .equals(entry.change.checklist.client_id)
        .first();
      if (work) await db.work.update(work.inspection_id, { checklist_base_updated_at: server.updated_at });
    }
  });
}

/** Sends an entry that failed again (after the inspector fixed what the server refused). */
export async function retryEntry(seq: number, db: FieldDatabase = fieldDb()): Promise<void> {
  await db.outbox.update(seq, { state: 'pending', message: null });
}
