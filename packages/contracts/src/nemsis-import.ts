// Contracts of the NEMSIS DEM import (issue 27 item 4): a service's ePCR vendor's DEMDataSet updates its
// vehicles and stations, previewed first, then committed all or nothing.
import { z } from 'zod';
import { nemsisValidationReportSchema } from './nemsis';
import { id } from './shared-fields';

export const nemsisImportParams = z.object({ serviceId: id('serviceId') });

export const nemsisImportChange = z.object({
  kind: z.enum(['vehicle', 'station']),
  action: z.enum(['add', 'update', 'unchanged']),
  label: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export const nemsisImportProblem = z.object({
  element: z.string(),
  record: z.number().int(),
  message: z.string(),
});
export const nemsisImportPlan = z.object({
  validation: nemsisValidationReportSchema,
  changes: z.array(nemsisImportChange),
  problems: z.array(nemsisImportProblem),
  /** True once written (commit); a preview never writes. */
  committed: z.boolean(),
});
export type NemsisImportPlan = z.infer<typeof nemsisImportPlan>;
