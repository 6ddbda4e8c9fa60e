import type { InspectionOutput, OfflineChange, VisitOfflineBundle } from '@licensure/contracts';
import type { OutboxEntry, SyncRun } from './field-db';

export const subjectOf = (i: Pick<InspectionOutput, 'entity' | 'vehicle_name' | 'service_name'>) =>
  i.entity === 'vehicle' ? (i.vehicle_name ?? 'Vehicle') : (i.service_name ?? 'Service');

/** The inspection a change made on the device belongs to. */
export function inspectionIdOf(change: OfflineChange): string {
  if (change.kind === 'inspection') return change.inspection_id;
  return change.kind === 'checklist' ? change.checklist.inspection_id : change.comment.inspection_id;
}

/** What a waiting change is about, in words: "Inspection VI-0002 (Medic 1)", its checklist or a comment. */
export function describeEntry(entry: OutboxEntry, bundle: VisitOfflineBundle | undefined): string {
  const inspectionId = inspectionIdOf(entry.change);
  const inspection = bundle?.inspections.find((i) => i.id === inspectionId);
  const name = inspection
    ? `${inspection.number ?? 'Inspection'} (${subjectOf(inspection)})`
    : 'An inspection';
  if (entry.change.kind === 'checklist') return `Checklist of ${name}`;
  if (entry.change.kind === 'comment') return `Comment on ${name}`;
  return entry.change.submit ? `${name}, marked complete` : name;
}

export const stateLabel: Record<OutboxEntry['state'], string> = {
  pending: 'Waiting to upload',
  conflict: 'Conflict: changed on the server',
  error: 'Refused by the server',
};

/** The last sync of a visit and what still waits, in words (the sync status and field pages). */
export function syncSummary(run: SyncRun | undefined, waiting: number): string {
  const last = run
    ? `Synced ${new Date(run.at).toLocaleString()}: ${run.applied} applied, ${run.unchanged} already on the server, ${run.conflicts} conflicts, ${run.errors} refused.${run.message ? ` ${run.message}` : ''}`
    : 'Not synced yet.';
  const left =
    waiting === 0
      ? 'Everything is uploaded.'
      : `${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'}.`;
  return `${last} ${left}`;
}
