import { z } from 'zod';

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The paged filter every list route accepts (currentPage starts at 1). */
export const listQuery = z.object({
  currentPage: z.coerce.number().int().min(1, 'currentPage must be 1 or more').default(1),
  numPerPage: z.coerce.number().int().min(1).max(500, 'numPerPage must be 500 or less').default(25),
  sortBy: z.string().max(64).optional(),
  reverse: booleanish.optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    currentPage: z.number().int(),
    numPerPage: z.number().int(),
  });
}
export interface ListResult<T> {
  items: T[];
  total: number;
  currentPage: number;
  numPerPage: number;
}

export const countResponse = z.object({ count: z.number().int() });
export { booleanish };

/** A moment in time, sent as an ISO 8601 string (the server hands over Date objects). */
export const timestamp = z.coerce.string().meta({ format: 'date-time' });
