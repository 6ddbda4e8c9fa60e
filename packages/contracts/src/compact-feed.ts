// Contracts of the EMS Compact feed (issue 27 item 6): the licence and adverse-action file written for the
// National EMS Coordinated Database, kept with its delivery log.
import { z } from 'zod';
import { id } from './shared-fields';

/**
 * Columns of the file, in order (CSV, RFC 4180, UTF-8, CRLF): one `L` row a licence, one `A` row an
 * adverse action on it (the licence's columns repeated, so each row stands alone). After Rule 11.2's
 * uniform data set: identifying information, licensure data, adverse actions and the privilege-to-practice
 * indicator.
 */
export const compactFeedColumns = [
  'record_type',
  'state',
  'national_ems_id',
  'last_name',
  'first_name',
  'middle_name',
  'birth_date',
  'license_number',
  'license_level',
  'license_status',
  'issue_date',
  'expiration_date',
  'privilege_to_practice',
  'action_type',
  'action_date',
  'action_public',
] as const;

export const compactDeliveryStatuses = ['delivered', 'failed'] as const;
export const compactFeedDelivery = z.object({
  id: z.uuid(),
  transport: z.string(),
  destination: z.string(),
  status: z.enum(compactDeliveryStatuses),
  response_status: z.number().int().nullable(),
  detail: z.string().nullable(),
  sent_by: z.uuid().nullable(),
  created_at: z.string(),
});
export type CompactFeedDelivery = z.infer<typeof compactFeedDelivery>;

export const compactFeedFile = z.object({
  id: z.uuid(),
  file_date: z.string(),
  file_name: z.string(),
  content_sha256: z.string(),
  licence_count: z.number().int(),
  adverse_action_count: z.number().int(),
  made_by: z.enum(['schedule', 'staff']),
  created_at: z.string(),
  deliveries: z.array(compactFeedDelivery),
});
export type CompactFeedFile = z.infer<typeof compactFeedFile>;
export const compactFeedFileList = z.object({ items: z.array(compactFeedFile), total: z.number().int() });
export type CompactFeedFileList = z.infer<typeof compactFeedFileList>;
export const compactFeedFileParams = z.object({ id: id('id') });
export const compactFeedListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  numPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
