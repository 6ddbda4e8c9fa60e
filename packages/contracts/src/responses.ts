// Contracts of form responses beyond the save body and output (those live in forms.ts).
import { z } from 'zod';
import { booleanish, listQuery, timestamp } from './paging';
import { id } from './shared-fields';

/** GET fbresponses: a page of responses. Portal callers only ever see their own. */
export const responseListQuery = listQuery.extend({
  form_id: id('form_id').optional(),
  user_id: id('user_id').optional(),
  license_request_id: id('license_request_id').optional(),
  progress: z.coerce
    .number({ message: 'progress must be 0, 1 or 2' })
    .int('progress must be 0, 1 or 2')
    .min(0, 'progress must be 0, 1 or 2')
    .max(2, 'progress must be 0, 1 or 2')
    .optional(),
  /** Only the caller's own responses. */
  mine: booleanish.optional(),
});
export type ResponseListQuery = z.infer<typeof responseListQuery>;

/** The columns GET fbresponses sorts by. */
export const responseSortFields = [
  'updated_at',
  'created_at',
  'completed_on',
  'form_name',
  'user_name',
  'progress',
] as const;

export const responseListItem = z.object({
  id: z.uuid(),
  form_id: z.uuid(),
  form_name: z.string(),
  form_version: z.number().int(),
  user_id: z.uuid().nullable(),
  /** "Last, First" of the response's person, or null. */
  user_name: z.string().nullable(),
  service_id: z.uuid().nullable(),
  license_request_id: z.uuid().nullable(),
  progress: z.number().int(),
  current_page: z.number().int(),
  completed_on: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ResponseListItem = z.infer<typeof responseListItem>;

export const responseIdParams = z.object({ id: id('id') });

/** POST fbresponses/reopen. */
export const reopenResponseBody = z.object({
  responseID: id('responseID'),
  licenseRequestID: id('licenseRequestID').nullable().optional(),
});

/** POST fbresponses/clearsignatures. */
export const clearSignaturesBody = z.object({ responseID: id('responseID') });
export const clearSignaturesOutput = z.object({ cleared: z.number().int() });

/** GET fbresponses/populateGroup. */
export const populateGroupQuery = z.object({ responseID: id('responseID'), groupID: id('groupID') });
export const populatedValue = z.object({
  question_id: z.uuid(),
  /** The field's value as text (dates YYYY-MM-DD), or null when the record or field is empty. */
  value: z.string().nullable(),
});
export type PopulatedValue = z.infer<typeof populatedValue>;

/** POST fbresponses/generatepdf. `html` is accepted and ignored: the PDF is rendered from data. */
export const generatePdfBody = z.object({
  responseID: id('responseID'),
  html: z.string().max(5_000_000).nullable().optional(),
});
/** GET fbresponses/getPDFFileContent. */
export const responsePdfQuery = z.object({ responseID: id('responseID') });

/** POST fbresponses/GetServiceApplicationVehicles. */
export const serviceApplicationVehiclesBody = z.object({
  licenseRequestIDs: z
    .array(id('licenseRequestIDs'), { message: 'licenseRequestIDs must be a list of ids' })
    .min(1, 'licenseRequestIDs needs at least one id')
    .max(200, 'licenseRequestIDs takes at most 200 ids'),
});
export const serviceApplicationVehicle = z.object({
  /** The vehicle's id. */
  id: z.uuid(),
  unit_number: z.string().nullable(),
  serial_number: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  model_year: z.number().int().nullable(),
  /** The vehicle's own request within the application. */
  request_id: z.uuid(),
  /** The service's request (one of licenseRequestIDs). */
  parent_request_id: z.uuid(),
  progress: z.number().int(),
});
export type ServiceApplicationVehicle = z.infer<typeof serviceApplicationVehicle>;

/** POST LicenseRequests/saveApplicationTypeID: without applicationTypeID it answers false. */
export const saveApplicationTypeBody = z.object({
  licenseRequestID: id('licenseRequestID'),
  applicationTypeID: id('applicationTypeID').nullable().optional(),
});

/** The message hub event sent after a save that named a connectionId. */
export interface ResponseSavedEvent {
  type: 'responseSaved';
  responseId: string;
  progress: number;
}
