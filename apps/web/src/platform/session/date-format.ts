import type { DateFormat } from '@licensure/contracts';

/** The format until the enterprise's own is known (the enterprise setting's default). */
export const defaultDateFormat: DateFormat = 'MM/DD/YYYY';
