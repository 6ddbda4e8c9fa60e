import type { DocumentRecord } from '@licensure/contracts';
import type { documents } from '@licensure/db';

export type DocumentRow = typeof documents.$inferSelect;

/** Today as YYYY-MM-DD (UTC), the day expiration dates are compared with. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The API shape of a document: explicit, without the storage key. */
export const presentDocument = (d: DocumentRow): DocumentRecord => ({
  id: d.id,
  name: d.name,
  description: d.description,
  document_type_id: d.document_type_id,
  candidate_id: d.user_id,
  service_id: d.service_id,
  vehicle_id: d.vehicle_id,
  inspection_id: d.inspection_id,
  complaint_id: d.complaint_id,
  fb_response_id: d.fb_response_id,
  question_id: d.question_id,
  data_object: d.data_object,
  data_object_id: d.data_object_id,
  code: d.code,
  fromComplaint: d.from_complaint,
  mime_type: d.mime_type,
  size_bytes: d.size_bytes,
  sha256: d.sha256,
  locked: d.locked,
  expiration_date: d.expiration_date,
  expired: d.expiration_date !== null && d.expiration_date < todayIso(),
  uploaded_by: d.uploaded_by,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
});
