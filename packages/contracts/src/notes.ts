// Contracts of the notes module: staff notes on any record (issue 12, item 8).
import { z } from 'zod';
import { timestamp } from './paging';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) =>
  z.preprocess(blankToUndefined, z.uuid({ message: `${name} must be a valid id` }).optional());

/** The records a note can be on, each a column of the note. */
export const noteSubjectKeys = [
  'user_id',
  'service_id',
  'vehicle_id',
  'license_request_id',
  'inspection_id',
  'complaint_id',
] as const;
export type NoteSubjectKey = (typeof noteSubjectKeys)[number];

export const noteSubjectMessage =
  'A note is on exactly one person, service, vehicle, request, inspection or complaint.';

/** The note of `POST /api/Notes` (`{note: {..., value}}`). */
export const noteInput = z.object({
  user_id: optionalId('user_id'),
  service_id: optionalId('service_id'),
  vehicle_id: optionalId('vehicle_id'),
  license_request_id: optionalId('license_request_id'),
  inspection_id: optionalId('inspection_id'),
  complaint_id: optionalId('complaint_id'),
  value: z
    .string({ message: 'value is required' })
    .trim()
    .min(1, 'value must not be empty')
    .max(10_000, 'value must be 10000 characters or fewer'),
});
/** An update changes the text only; a note stays on its record. */
export const notePatch = noteInput.pick({ value: true });
export type NoteInput = z.infer<typeof noteInput>;

export const noteOutput = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  license_request_id: z.uuid().nullable(),
  inspection_id: z.uuid().nullable(),
  complaint_id: z.uuid().nullable(),
  value: z.string(),
  created_by: z.uuid().nullable(),
  author_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type NoteOutput = z.infer<typeof noteOutput>;
