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

const code = (what: string, pattern: RegExp) =>
  z
    .string()
    .trim()
    .regex(pattern, { message: `${what} must be a NEMSIS code` });
const nemsisCode = code('the value', /^\d{7}$/);

/**
 * The NEMSIS facts the registry does not hold otherwise, for a service (DEM) or, with no service, for
 * the state (sConfiguration): each a NEMSIS v3.5.1 code, or SNOMED / RxNorm codes.
 */
export const nemsisProfileValues = z.object({
  /** dAgency.09 (9920xxx). */
  primary_service_type: nemsisCode.nullable().default(null),
  /** dAgency.10 (9920xxx). */
  other_service_types: z.array(nemsisCode).max(20).default([]),
  /** dAgency.12 (1016xxx). */
  organization_status: nemsisCode.nullable().default(null),
  /** dAgency.14 (1018xxx). */
  tax_status: nemsisCode.nullable().default(null),
  /** dConfiguration.07 / sConfiguration.03: SNOMED CT procedure codes. */
  procedures: z
    .array(code('a procedure', /^\d{6,18}$/))
    .max(500)
    .default([]),
  /** dConfiguration.09 / sConfiguration.05: RxNorm codes (2 to 7 digits). */
  medications: z
    .array(code('a medication', /^\d{2,7}$/))
    .max(500)
    .default([]),
  /** dConfiguration.10 / sConfiguration.06 (9914xxx). */
  protocols: z.array(nemsisCode).max(200).default([]),
  /** dConfiguration.13 (1213xxx). */
  emd_provided: nemsisCode.nullable().default(null),
  /** sState.01 and the state of licensure: two-digit ANSI (FIPS) state code; state profile only. */
  state_fips: code('state_fips', /^\d{2}$/)
    .nullable()
    .default(null),
});
export type NemsisProfileValues = z.infer<typeof nemsisProfileValues>;
export const nemsisProfileBody = z.object({ profile: nemsisProfileValues });
export const nemsisProfile = z.object({
  service_id: z.uuid().nullable(),
  values: nemsisProfileValues,
  updated_at: z.string().nullable(),
});

export const nemsisServiceParams = z.object({
  serviceId: z.uuid({ message: 'serviceId must be a valid id' }),
});

/** A validation run of an export: what was checked and its report. */
export const nemsisExportCheck = z.object({
  file_name: z.string(),
  bytes: z.number().int(),
  generated_ms: z.number().int(),
  validated_ms: z.number().int(),
  report: nemsisValidationReportSchema,
});
export type NemsisExportCheck = z.infer<typeof nemsisExportCheck>;
