// Contracts of the clinicians module (roster import and export). The documents it reads are in
// ./documents.
import { z } from 'zod';
import { booleanish } from './paging';
import { id } from './shared-fields';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Roster file columns, matched case-insensitively and ignoring spaces, '_' and '-' (so
 * "national_ems_id" and "National EMS ID" are one column). Other columns are ignored.
 * Required: Last name, First name, Position. Dates: YYYY-MM-DD, M/D/YYYY or a spreadsheet date cell.
 * Designated: yes/no, true/false, y/n, 1/0, x or blank (no).
 */
export const rosterColumns = [
  { key: 'last_name', header: 'Last name', required: true },
  { key: 'first_name', header: 'First name', required: true },
  { key: 'email', header: 'Email', required: false },
  { key: 'birth_date', header: 'Date of birth', required: false },
  { key: 'national_ems_id', header: 'National EMS ID', required: false },
  { key: 'position', header: 'Position', required: true },
  { key: 'start_date', header: 'Start date', required: false },
  { key: 'designated', header: 'Designated', required: false },
] as const;
export type RosterColumnKey = (typeof rosterColumns)[number]['key'];
/** Extra columns of the export (ignored on import). */
export const rosterExportExtraColumns = ['End date'] as const;
/** Most data rows one import may hold. */
export const ROSTER_IMPORT_MAX_ROWS = 10_000;

export const importCliniciansParams = z.object({
  documentId: id('documentId'),
  serviceId: id('serviceId'),
});
export const importCliniciansQuery = z.object({
  /** true: answer 202 {jobId} at once and report progress through the message hub. */
  async: booleanish.optional(),
});

/** One problem of one row (row is the spreadsheet row number, the header being row 1). */
export const rosterRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type RosterRowError = z.infer<typeof rosterRowError>;

export const rosterImportResult = z.object({
  rows: z.number().int(),
  people_created: z.number().int(),
  people_matched: z.number().int(),
  roster_added: z.number().int(),
  roster_updated: z.number().int(),
  /** Rows naming an active roster entry that already said the same. */
  roster_unchanged: z.number().int(),
});
export type RosterImportResult = z.infer<typeof rosterImportResult>;

/** The 400 answer when any row is rejected: nothing was written. */
export const rosterImportRejected = z.object({
  error: z.object({
    code: z.literal('validation_failed'),
    message: z.string(),
    rows: z.array(rosterRowError),
  }),
});

export const rosterImportAccepted = z.object({ jobId: z.uuid() });

/**
 * The message hub event (inside a `ReceiveMessage` frame) of an asynchronous import, sent to the
 * user who started it: while checking (done false), then once at the end with `result` on success
 * or `error` (and `rows` when rows were rejected) on failure.
 */
export const rosterImportProgress = z.object({
  type: z.literal('rosterImport'),
  jobId: z.uuid(),
  checked: z.number().int(),
  total: z.number().int(),
  done: z.boolean(),
  result: rosterImportResult.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  rows: z.array(rosterRowError).optional(),
});
export type RosterImportProgress = z.infer<typeof rosterImportProgress>;

export const getExcelQuery = z.object({ serviceID: id('serviceID') });

export const saveFileUploadParams = z.object({
  documentId: id('documentId'),
  responseId: id('responseId'),
});
export const documentsByResponseQuery = z.object({ responseID: id('responseID') });
