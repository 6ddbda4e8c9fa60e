import { z } from 'zod';
import type { PermissionKey } from './permissions';

/**
 * Waiting work counted beside the staff menu's links (GET /api/staff/nav-counts). Each count is given only
 * to a viewer holding the permission that opens its list; the others are left out of the answer.
 */
export const navCountCatalog = {
  /** Submitted licence requests no one has decided yet. */
  requestsToReview: { permission: 'requests.read', meaning: 'To review' },
  /** Inspections scheduled before today and not yet done or cancelled. */
  overdueInspections: { permission: 'inspections.read', meaning: 'Overdue' },
  /** Trigger actions that failed in the last 7 days. */
  failedAutomation: { permission: 'triggers.read', meaning: 'Failed' },
  /** Mail the server could not send in the last 7 days. */
  unsentMail: { permission: 'mail.read', meaning: 'Not sent' },
} as const satisfies Record<string, { permission: PermissionKey; meaning: string }>;

export type NavCountKey = keyof typeof navCountCatalog;
export const navCountKeys = Object.keys(navCountCatalog) as NavCountKey[];

export const navCounts = z.object({
  requestsToReview: z.number().int().nonnegative().optional(),
  overdueInspections: z.number().int().nonnegative().optional(),
  failedAutomation: z.number().int().nonnegative().optional(),
  unsentMail: z.number().int().nonnegative().optional(),
});
export type NavCounts = z.infer<typeof navCounts>;
