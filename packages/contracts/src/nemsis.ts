import { z } from 'zod';

/** The two NEMSIS v3.5.1 datasets the product writes and validates. */
export const nemsisDatasetSchema = z.enum(['DEM', 'STATE']);
export type NemsisDataset = z.infer<typeof nemsisDatasetSchema>;

/** One finding of the XSD (libxml2) or the national Schematron rules (SaxonJS). */
export const nemsisIssueSchema = z.object({
  source: z.enum(['xsd', 'schematron']),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  /** NEMSIS element named by the finding (dAgency.02), when known. */
  element: z.string().nullable(),
  /** XPath of the element (Schematron) or `line N` (XSD). */
  location: z.string().nullable(),
  line: z.number().int().nullable(),
  /** The Schematron assert id (nemSch_d006), null for XSD findings. */
  rule: z.string().nullable(),
  /** The record it belongs to: the agency number, state id or UUID of the group. */
  record: z.string().nullable(),
});
export type NemsisIssue = z.infer<typeof nemsisIssueSchema>;

export const nemsisValidationReportSchema = z.object({
  dataset: nemsisDatasetSchema,
  /** True when neither the schema nor the rules found an error (warnings allowed). */
  valid: z.boolean(),
  xsd_valid: z.boolean(),
  schematron_valid: z.boolean(),
  errors: z.number().int(),
  warnings: z.number().int(),
  /** Findings, errors first; at most `issue_limit` are listed, the counts cover them all. */
  issues: z.array(nemsisIssueSchema),
  issue_limit: z.number().int(),
  version: z.string(),
});
export type NemsisValidationReport = z.infer<typeof nemsisValidationReportSchema>;
