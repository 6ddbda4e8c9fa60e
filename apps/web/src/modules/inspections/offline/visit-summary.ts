import type { InspectionOutput, VisitOfflineBundle } from '@licensure/contracts';
import type { OutboxEntry } from './field-db';

export const subjectOf = (i: Pick<InspectionOutput, 'entity' | 'vehicle_name' | 'service_name'>) =>
  i.entity === 'vehicle' ? (i.vehicle_name ?? 'Vehicle') : (i.service_name ?? 'Service');

/** What a waiting change is about, in words: "Inspection VI-0002 (Medic 1)" or its checklist. */
export function describeEntry(entry: OutboxEntry, bundle: VisitOfflineBundle | undefined): string {
  const inspectionId =
    entry.change.kind === 'inspection' ? entry.change.inspection_id : entry.change.checklist.inspection_id;
  const inspection = bundle?.inspections.find((i) => i.id === inspectionId);
  const name = inspection
    ? `${inspection.number ?? 'Inspection'} (${subjectOf(inspection)})`
    : 'An inspection';
  if (entry.change.kind === 'checklist') return `Checklist of ${name}`;
  return entry.change.submit ? `${name}, marked complete` : name;
}

export const stateLabel: Record<OutboxEntry['state'], string> = {
  pending: 'Waiting to upload',
  conflict: 'Conflict: changed on the server',
  error: 'Refused by the server',
};
