// Contracts of the national registry reconciliation (issue 27 item 5): the registry's export imported
// into NationalRegistryIntegrationData, the mismatches with the state's records, and their resolution.
import { z } from 'zod';
import { id } from './shared-fields';

/**
 * Columns of the registry's export (CSV or XLSX), matched case-insensitively, ignoring spaces, '_', '-'
 * and '.'. Required: Registry Number, Last Name, First Name, Certification Level, Expiration Date.
 */
export const registryExportColumns = [
  {
    key: 'registry_number',
    header: 'Registry Number',
    aliases: ['National Registry Number', 'NREMT Number'],
  },
  { key: 'last_name', header: 'Last Name', aliases: [] },
  { key: 'first_name', header: 'First Name', aliases: [] },
  { key: 'level', header: 'Certification Level', aliases: ['Level', 'Registry Level'] },
  { key: 'expiration_date', header: 'Expiration Date', aliases: ['Certification Expiration Date'] },
  { key: 'status', header: 'Status', aliases: ['Certification Status'] },
] as const;
export type RegistryExportColumnKey = (typeof registryExportColumns)[number]['key'];
export const registryRequiredColumns: readonly RegistryExportColumnKey[] = [
  'registry_number',
  'last_name',
  'first_name',
  'level',
  'expiration_date',
];
/** Most rows one registry export may hold. */
export const REGISTRY_IMPORT_MAX_ROWS = 50_000;

/** A registry certification as imported (the payload kept in NationalRegistryIntegrationData). */
export const registryCertification = z.object({
  source: z.literal('registry_export'),
  registry_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: z.string(),
  expiration_date: z.string(),
  /** Active unless the export says otherwise (Lapsed, Expired, Inactive...). */
  status: z.string(),
});
export type RegistryCertification = z.infer<typeof registryCertification>;

export const registryImportParams = z.object({ documentId: id('documentId') });
export const registryImportRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export const registryImportResult = z.object({
  rows: z.number().int(),
  linked: z.number().int(),
  unknown_numbers: z.number().int(),
});
export const registryImportRejected = z.object({
  error: z.object({
    code: z.literal('validation_failed'),
    message: z.string(),
    rows: z.array(registryImportRowError),
  }),
});

export const registryMismatchKinds = ['name', 'level', 'expiration', 'lapsed', 'unknown_number'] as const;
export type RegistryMismatchKind = (typeof registryMismatchKinds)[number];
export const registryMismatchLabel: Record<RegistryMismatchKind, string> = {
  name: 'Name differs',
  level: 'Level differs',
  expiration: 'Expiration differs',
  lapsed: 'Registry certification lapsed',
  unknown_number: 'Unknown registry number',
};
export const registryResolutionActions = ['accept', 'review', 'link'] as const;
export type RegistryResolutionAction = (typeof registryResolutionActions)[number];
/** What each kind of mismatch may be resolved by: every kind may be reviewed with a reason. */
export const registryActionsFor: Record<RegistryMismatchKind, readonly RegistryResolutionAction[]> = {
  name: ['accept', 'review'],
  level: ['review'],
  expiration: ['review'],
  lapsed: ['review'],
  unknown_number: ['link', 'review'],
};

export const registryMismatch = z.object({
  registry_data_id: z.uuid(),
  kind: z.enum(registryMismatchKinds),
  registry_number: z.string(),
  registry: registryCertification.omit({ source: true }),
  /** The state's person the registry number names (null: unknown number). */
  person: z
    .object({ id: z.uuid(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .nullable(),
  /** The state's value compared (the credential's level or expiration, the person's name). */
  state_value: z.string().nullable(),
  registry_value: z.string(),
  received_at: z.string(),
});
export type RegistryMismatch = z.infer<typeof registryMismatch>;
export const registryMismatchList = z.object({ items: z.array(registryMismatch), total: z.number().int() });
export type RegistryMismatchList = z.infer<typeof registryMismatchList>;

export const registryResolveParams = z.object({ id: id('id') });
export const registryResolveBody = z.object({
  kind: z.enum(registryMismatchKinds),
  action: z.enum(registryResolutionActions),
  /** Required to mark a mismatch reviewed. */
  reason: z.string().trim().max(500).optional(),
  /** The person a registry number is linked to (action link). */
  user_id: id('user_id').optional(),
});
export type RegistryResolveBody = z.infer<typeof registryResolveBody>;
export const registryResolution = z.object({
  id: z.uuid(),
  registry_data_id: z.uuid(),
  user_id: z.uuid().nullable(),
  kind: z.enum(registryMismatchKinds),
  action: z.enum(['accepted', 'reviewed', 'linked']),
  reason: z.string().nullable(),
  created_at: z.string(),
});
