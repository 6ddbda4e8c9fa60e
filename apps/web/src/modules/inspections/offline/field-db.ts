import type {
  AnswerInput,
  InspectionInput,
  InspectionOutput,
  OfflineChange,
  VisitOfflineBundle,
} from '@licensure/contracts';
import Dexie, { type EntityTable } from 'dexie';
import type { ChecklistOutput } from '../inspections-api';

/** A visit checked out to this device: what the server sent, and who checked it out. */
export interface FieldVisit {
  id: string;
  user_id: string;
  checkout_id: string;
  checked_out_at: string;
  bundle: VisitOfflineBundle;
}

/** The inspector's work on one inspection, as it stands on this device. */
export interface InspectionWork {
  inspection_id: string;
  visit_id: string;
  /** The server's updated_at this work was started from: a different one on the server is a conflict. */
  base_updated_at: string;
  inspection: InspectionInput;
  /** The checklist this device fills (its client_id names it on the server). */
  checklist_client_id: string;
  checklist_base_updated_at: string | null;
  answers: AnswerInput[];
  /** Marked complete: submitted (checklists, PDF report) when it syncs. */
  completed: boolean;
  changed_at: string;
}

/** A photo of a deficiency taken offline, kept until it is uploaded. */
export interface FieldPhoto {
  id: string;
  visit_id: string;
  inspection_id: string;
  deficiency_client_id: string;
  name: string;
  type: string;
  blob: Blob;
  document_id: string | null;
}

export type OutboxState = 'pending' | 'conflict' | 'error';

/** A change waiting to be uploaded: one a record, replaced by a later change, sent in `seq` order. */
export interface OutboxEntry {
  seq?: number;
  /** `inspection:<id>`, `checklist:<client id>` or `comment:<client id>`. */
  record: string;
  visit_id: string;
  change: OfflineChange;
  /** Photos of the change's deficiencies by the deficiency's client id (uploaded first, then named). */
  photos: Record<string, string[]>;
  state: OutboxState;
  message: string | null;
  /** On a conflict: the server's inspection, for the inspector to compare. */
  server: InspectionOutput | ChecklistOutput | null;
  queued_at: string;
}

/** What the last sync of a visit did. */
export interface SyncRun {
  visit_id: string;
  at: string;
  applied: number;
  unchanged: number;
  conflicts: number;
  errors: number;
  message: string | null;
}

/** Cached lists the inspections screens open with offline (statuses and inspection years). */
export interface CachedList {
  key: string;
  value: unknown;
  saved_at: string;
}

/**
 * The IndexedDB database `INSPECTIONS` (Dexie): checked-out visits, the work done on them, photos,
 * the ordered outbox of changes, the last sync of each visit, and cached lists.
 */
export class FieldDatabase extends Dexie {
  visits!: EntityTable<FieldVisit, 'id'>;
  work!: EntityTable<InspectionWork, 'inspection_id'>;
  photos!: EntityTable<FieldPhoto, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  syncs!: EntityTable<SyncRun, 'visit_id'>;
  lists!: EntityTable<CachedList, 'key'>;

  constructor(name = 'INSPECTIONS') {
    super(name);
    this.version(1).stores({
      visits: 'id, user_id',
      work: 'inspection_id, visit_id, checklist_client_id',
      photos: 'id, visit_id, inspection_id, deficiency_client_id',
      outbox: '++seq, &record, visit_id, state',
      syncs: 'visit_id',
      lists: 'key',
    });
  }
}

let database: FieldDatabase | null = null;
export function fieldDb(): FieldDatabase {
  database ??= new FieldDatabase();
  return database;
}
