import { z } from 'zod';
import { booleanish } from './paging';

export const loginInput = z.object({
  user_name: z.string().trim().min(1, 'User name is required').max(100),
  password: z.string().min(1, 'Password is required').max(1000),
  isPortal: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

export const sessionInfo = z.object({
  user_id: z.uuid(),
  enterprise_id: z.uuid(),
  user_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_staff: z.boolean(),
  isPortal: z.boolean(),
  permissions: z.array(z.string()),
  csrfToken: z.string(),
  expires_at: z.string(),
  idle_minutes: z.number().int(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const isSessionAliveQuery = z.object({ isPortal: booleanish.optional() });

export const accountValidateInput = z.object({
  user_name: z.string().trim().min(1, 'User name is required').max(100),
  password: z.string().min(1, 'Password is required').max(1000),
});

export const account = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  user_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  is_staff: z.boolean(),
  isPortal: z.boolean(),
  permissions: z.array(z.string()),
  counts_retrieved: z.boolean(),
  continue_count: z.number().int(),
  review_count: z.number().int(),
  checkout_count: z.number().int(),
});
export type Account = z.infer<typeof account>;
