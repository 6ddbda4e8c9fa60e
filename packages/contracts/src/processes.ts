import { z } from 'zod';
import { processOutcomes } from './licensing-decision-preview';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const stamps = { id: z.uuid(), enterprise_id: z.uuid(), created_at: z.string(), updated_at: z.string() };

/** A review process (Process): the steps a request goes through. */
export const processInput = z.object({
  label: z.string().trim().min(1, 'label is required').max(200),
  code: optionalText(64),
  process_type: optionalText(64),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(100_000).default(0),
});
export const processOutput = z.object({
  ...stamps,
  label: z.string(),
  code: z.string().nullable(),
  process_type: z.string().nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
});

/** A status of a review process (processstatuses). */
export const processStatusInput = z.object({
  process_id: z.uuid({ message: 'process_id must be a valid id' }),
  label: z.string().trim().min(1, 'label is required').max(200),
  code: optionalText(64),
  is_final: z.boolean().default(false),
  /** What the status means for approval: a failed required process blocks it. */
  outcome: z
    .enum(processOutcomes, { message: 'outcome must be pending, passed or failed' })
    .default('pending'),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(100_000).default(0),
});
export const processStatusOutput = z.object({
  ...stamps,
  process_id: z.uuid(),
  process_label: z.string().nullable(),
  label: z.string(),
  code: z.string().nullable(),
  is_final: z.boolean(),
  outcome: z.enum(processOutcomes),
  active: z.boolean(),
  sort_order: z.number().int(),
});
