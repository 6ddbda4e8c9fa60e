// Contracts of the documents module: uploaded files, their metadata, access log and zip downloads.
import { z } from 'zod';
import { booleanish, listQuery, listResponse, timestamp } from './paging';
import { id } from './shared-fields';

const date = (name: string) => z.iso.date({ message: `${name} must be a date (YYYY-MM-DD)` });

/** A stored document as the API presents it (never the storage key). */
export const documentRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  document_type_id: z.uuid().nullable(),
  /** The person the document belongs to (the spec's candidate_id). */
  candidate_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable().optional(),
  inspection_id: z.uuid().nullable().optional(),
  complaint_id: z.uuid().nullable().optional(),
  fb_response_id: z.uuid().nullable(),
  question_id: z.uuid().nullable(),
  /** The kind of record it is attached to (createDocumentObject) and that record's id. */
  data_object: z.string().nullable().optional(),
  data_object_id: z.uuid().nullable().optional(),
  code: z.string().nullable().optional(),
  fromComplaint: z.boolean().optional(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  locked: z.boolean(),
  expiration_date: z.string().nullable(),
  /** True when the expiration date is before today. */
  expired: z.boolean().optional(),
  uploaded_by: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DocumentRecord = z.infer<typeof documentRecord>;

/**
 * Types an upload may have, sniffed from the content (never the name or the browser's claim).
 * CSV has no magic number: it is accepted when the content is valid UTF-8 text and the name ends .csv.
 */
export const allowedUploadTypes = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
} as const;
export type AllowedUploadType = keyof typeof allowedUploadTypes;

/** The allowed types in words, for messages and the upload button's hint. */
export const allowedUploadTypesInWords =
  'PDF, images (PNG, JPEG, GIF, TIFF or WebP), Word (.docx), Excel (.xlsx) or CSV';
export const messageTypeNotAccepted = `This type of file is not accepted. Allowed: ${allowedUploadTypesInWords}.`;
export const messageDocumentLocked = 'This document is locked and cannot be changed.';
export const messageResponseSubmitted =
  'The form this document belongs to was submitted; its documents can no longer be changed.';

/** Optional multipart fields sent before the `file` part of POST Documents/upload. */
export const documentUploadFields = z.object({
  description: z.string().trim().max(1000).optional(),
  document_type_id: id('document_type_id').optional(),
  /** The person the document is about; defaults to the uploader (or the response's person). Staff only for someone else. */
  candidate_id: id('candidate_id').optional(),
  /** The same as candidate_id. */
  user_id: id('user_id').optional(),
  expiration_date: date('expiration_date').optional(),
  /** The form response the file answers; the caller must be allowed to change it. */
  fb_response_id: id('fb_response_id').optional(),
  question_id: id('question_id').optional(),
  service_id: id('service_id').optional(),
});
export type DocumentUploadFields = z.infer<typeof documentUploadFields>;

export const documentSortFields = ['name', 'created_at', 'expiration_date'] as const;

/** GET Documents: paged, filtered; without sortBy the newest come first. */
export const documentListQuery = listQuery.extend({
  sortBy: z
    .enum(documentSortFields, { message: `sortBy must be one of: ${documentSortFields.join(', ')}` })
    .optional(),
  user_id: id('user_id').optional(),
  /** The same as user_id. */
  candidate_id: id('candidate_id').optional(),
  document_type_id: id('document_type_id').optional(),
  fb_response_id: id('fb_response_id').optional(),
  question_id: id('question_id').optional(),
  inspection_id: id('inspection_id').optional(),
  service_id: id('service_id').optional(),
  vehicle_id: id('vehicle_id').optional(),
  locked: booleanish.optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;
export const documentList = listResponse(documentRecord);

const optionalText = (name: string, max: number) =>
  z
    .string({ message: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullable()
    .optional();

/** The `document` of POST Documents and PUT Documents/{id}: every field optional (a partial update). */
export const documentMetadata = z.object({
  name: z
    .string({ message: 'name must be text' })
    .trim()
    .min(1, 'name is required')
    .max(255, 'name must be at most 255 characters')
    .optional(),
  description: optionalText('description', 1000),
  document_type_id: id('document_type_id').nullable().optional(),
  expiration_date: date('expiration_date').nullable().optional(),
  locked: z.boolean({ message: 'locked must be true or false' }).optional(),
  code: optionalText('code', 100),
  /** The person the document belongs to; user_id is accepted as the same. */
  candidate_id: id('candidate_id').optional(),
  user_id: id('user_id').optional(),
  data_object_id: id('data_object_id').nullable().optional(),
  fromComplaint: z.boolean({ message: 'fromComplaint must be true or false' }).optional(),
});
export type DocumentMetadata = z.infer<typeof documentMetadata>;

/** A file as a base64 data URL (data:<type>;base64,<content>), the spec's way of sending small files. */
export const dataUrl = z
  .string({ message: 'value must be a base64 data URL' })
  .regex(/^data:[^,;]*(;[^,;]*)*;base64,/, 'value must be a base64 data URL (data:<type>;base64,…)');

/** POST Documents and PUT Documents/{id}. */
export const documentSaveBody = z.object({
  document: documentMetadata,
  /** PUT: apply document_type_id and expiration_date to every document of the same response (or person and name). */
  saveAll: z.boolean({ message: 'saveAll must be true or false' }).optional().default(false),
  /** POST: the file (required); PUT: new content for the file (optional). */
  value: dataUrl.nullable().optional(),
});
export type DocumentSaveBody = z.infer<typeof documentSaveBody>;

export const documentSaveResult = z.object({
  document: documentRecord,
  /** How many documents were changed, this one included. */
  updated: z.number().int(),
});

export const logDocumentAccessBody = z.object({ document_id: id('document_id') });

export const ZIP_MAX_DOCUMENTS = 200;
export const zipBody = z.object({
  documentIds: z
    .array(id('documentIds'))
    .min(1, 'documentIds must name at least one document')
    .max(ZIP_MAX_DOCUMENTS, `documentIds may name at most ${ZIP_MAX_DOCUMENTS} documents`),
});

export const documentAccessActions = ['view', 'download', 'zip', 'logged'] as const;
export const documentAccessEntry = z.object({
  id: z.uuid(),
  document_id: z.uuid(),
  user_id: z.uuid().nullable(),
  /** The reader's name ("First Last", else the user name); null when the reader is unknown. */
  user_name: z.string().nullable(),
  action: z.enum(documentAccessActions),
  ip: z.string().nullable(),
  at: timestamp,
});
export type DocumentAccessEntry = z.infer<typeof documentAccessEntry>;
export const documentAccessLogQuery = listQuery.pick({ currentPage: true, numPerPage: true });
export const documentAccessLogList = listResponse(documentAccessEntry);

/** Kinds of record a document may be attached to; those with tables here must exist. */
export const documentObjectKinds = [
  'user',
  'service',
  'vehicle',
  'license_request',
  'inspection',
  'complaint',
  'investigation',
  'response',
] as const;
export const createDocumentObjectBody = z.object({
  documentID: id('documentID'),
  value: id('value'),
  data_object: z.enum(documentObjectKinds, {
    message: `data_object must be one of: ${documentObjectKinds.join(', ')}`,
  }),
});

export const documentsByUserParams = z.object({ user_id: id('user_id'), question_id: id('question_id') });
