import type { Tx } from '../client';
import { triggers } from '../schema/triggers';

/** The platform's events that trigger configurations can listen to (migrations 0016, 0029 and 0035 add them too). */
export const eventTriggers = [
  { code: 'licenseRequest.created', name: 'Request created', entity: 'license_requests' },
  { code: 'licenseRequest.submitted', name: 'Request submitted', entity: 'license_requests' },
  { code: 'licenseRequest.statusChanged', name: 'Request status changed', entity: 'license_requests' },
  { code: 'licenseRequest.processChanged', name: 'Process status changed', entity: 'license_requests' },
  // The reviewer's decisions: the names the licensing history records (request-store's historyEventNames).
  { code: 'request.approved', name: 'Request approved', entity: 'license_requests' },
  { code: 'request.denied', name: 'Request denied', entity: 'license_requests' },
  { code: 'request.returned', name: 'Request returned for corrections', entity: 'license_requests' },
  { code: 'request.info_requested', name: 'More information requested', entity: 'license_requests' },
  { code: 'certification.issued', name: 'Credential issued', entity: 'certifications' },
  { code: 'certification.statusChanged', name: 'Credential status changed', entity: 'certifications' },
  { code: 'certification.expiring', name: 'Credential expiring', entity: 'certifications' },
  { code: 'formResponse.completed', name: 'Form response completed', entity: 'fb_responses' },
  { code: 'document.uploaded', name: 'Document uploaded', entity: 'documents' },
  { code: 'complaint.received', name: 'Complaint received', entity: 'complaints' },
  { code: 'complaint.statusChanged', name: 'Complaint status changed', entity: 'complaints' },
  { code: 'examCandidate.registered', name: 'Exam candidate registered', entity: 'license_requests' },
  { code: 'examResult.recorded', name: 'Exam result recorded', entity: 'license_requests' },
] as const;

/** Gives an enterprise the event triggers. */
export async function seedTriggers(tx: Tx, enterpriseId: string): Promise<void> {
  await tx
    .insert(triggers)
    .values(eventTriggers.map((t) => ({ ...t, enterprise_id: enterpriseId, kind: 'event' as const })))
    .onConflictDoNothing();
}
