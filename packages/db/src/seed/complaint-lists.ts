/** Standard complaint lists (issue 16): statuses, categories, activity types and monitoring actions. */
type Row = Record<string, unknown> & { label: string };
const labels = (...names: string[]): Row[] => names.map((label, i) => ({ label, sort_order: i + 1 }));

/** The complaint lists every enterprise starts with. */
export function complaintReferenceData(): Record<
  'complaint_categories' | 'complaint_statuses' | 'complaint_activity_types' | 'complaint_monitoring_actions',
  Row[]
> {
  return {
    complaint_categories: labels(
      'Patient care',
      'Professional conduct',
      'Impairment',
      'Fraud or misrepresentation',
    ),
    complaint_statuses: [
      { label: 'Received', code: 'RECEIVED', sort_order: 1 },
      { label: 'Under investigation', code: 'INVESTIGATING', sort_order: 2 },
      { label: 'Awaiting decision', code: 'DECISION', sort_order: 3 },
      { label: 'Closed', code: 'CLOSED', is_closed: true, sort_order: 4 },
      { label: 'Dismissed', code: 'DISMISSED', is_closed: true, sort_order: 5 },
    ],
    complaint_activity_types: labels(
      'Interview',
      'Records review',
      'Site visit',
      'Letter sent',
      'Legal review',
    ),
    complaint_monitoring_actions: labels(
      'Quarterly supervisor reports',
      'Drug screening',
      'Continuing education',
    ),
  };
}
