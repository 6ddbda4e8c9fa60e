import { type LicenseRequestSummary, reviewStateLabels } from '@licensure/contracts';

/** Whole days from a moment to now (the age of a request in the queue). */
export function daysSince(iso: string | null, now: Date): number | null {
  if (!iso) return null;
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000));
}

export const queueCsvHeader = [
  'Applicant',
  'Licence',
  'Kind',
  'Review state',
  'Status',
  'Submitted',
  'Days waiting',
  'Assigned to',
  'Started',
  'Request id',
] as const;

/** A queue row as CSV cells, in the order of the header. */
export function queueCsvCells(r: LicenseRequestSummary, now: Date): unknown[] {
  return [
    r.subject_name,
    r.license_name,
    r.renews_certification_id ? 'Renewal' : 'Application',
    reviewStateLabels[r.review_state],
    r.status_label,
    r.completed_on,
    daysSince(r.completed_on, now),
    r.assigned_to_name,
    r.created_at,
    r.id,
  ];
}
