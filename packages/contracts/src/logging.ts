import { z } from 'zod';
import { timestamp } from './paging';

export const logAccessInput = z.object({
  user_id: z.uuid({ message: 'user_id must be a valid id' }),
  field: z.string().trim().min(1, 'field is required').max(100),
});
export const logFormProgressInput = z.object({
  text: z.string().trim().min(1, 'text is required').max(4000),
  fb_response_id: z.uuid({ message: 'fb_response_id must be a valid id' }),
});
export const logClientErrorInput = z.object({
  errorText: z.string().trim().min(1, 'errorText is required').max(20_000),
});

export const dataChangeLogQuery = z.object({
  entity: z.string().max(64).optional(),
  object_id: z.uuid({ message: 'object_id must be a valid id' }).optional(),
});

export const dataChange = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  enterprise_id: z.uuid(),
  user_id: z.uuid().nullable(),
  user_name: z.string().nullable(),
  entity: z.string(),
  object_id: z.uuid(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.unknown(),
  after: z.unknown(),
  changed_at: timestamp,
});
export type DataChange = z.infer<typeof dataChange>;
