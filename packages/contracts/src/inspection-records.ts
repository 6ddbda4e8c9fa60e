// Contracts of the inspections module: inspections with their deficiencies and extra fees, and the
// bulk actions on them.
import { z } from 'zod';
import { carriedChecklist } from './inspection-checklists';
import { flag, inspectionEntities, signature } from './inspection-fields';
import { booleanish, timestamp } from './paging';
import {
  blankToNull as blank,
  id,
  optionalIsoDate as isoDate,
  optionalId,
  optionalText as text,
} from './shared-fields';

/** A deficiency found on an inspection. `client_id` makes an upload recorded offline idempotent. */
export const foundDeficiency = z.object({
  client_id: optionalId('client_id'),
  ip_deficiency_id: optionalId('ip_deficiency_id'),
  ip_deficiency_category_id: optionalId('ip_deficiency_category_id'),
  description: z.string().trim().min(1, 'a deficiency needs a description').max(4000),
  due_date: isoDate('due_date'),
  corrected_on: isoDate('corrected_on'),
  correction_notes: text('correction_notes', 4000),
  photo_document_ids: z.array(id('photo_document_ids')).max(20).optional(),
});
export type FoundDeficiency = z.infer<typeof foundDeficiency>;

/** An extra fee charged on an inspection. */
export const inspectionFee = z.object({
  ip_extra_fee_id: id('ip_extra_fee_id'),
  quantity: z.number().int().min(1).max(1000).optional(),
});

export const inspectionInput = z.object({
  visit_id: optionalId('visit_id'),
  ip_template_id: id('ip_template_id'),
  entity: z.enum(inspectionEntities, { message: 'entity must be service or vehicle' }),
  service_id: id('service_id'),
  vehicle_id: optionalId('vehicle_id'),
  ip_status_id: optionalId('ip_status_id'),
  inspector_id: optionalId('inspector_id'),
  outcome: text('outcome', 100),
  notes: text('notes', 8000),
  signer_name: text('signer_name', 200),
  signature,
  signature_type_in_person: flag('signature_type_in_person'),
  spot_check: flag('spot_check'),
  deficiencies: z.array(foundDeficiency).max(500).optional(),
  fees: z.array(inspectionFee).max(100).optional(),
});
export type InspectionInput = z.infer<typeof inspectionInput>;

export const inspectionOutput = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  visit_id: z.uuid().nullable(),
  ip_template_id: z.uuid(),
  template: z.string().nullable(),
  entity: z.enum(inspectionEntities),
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  vehicle_id: z.uuid().nullable(),
  vehicle_name: z.string().nullable(),
  ip_status_id: z.uuid().nullable(),
  status: z.string().nullable(),
  inspector_id: z.uuid().nullable(),
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  signer_name: z.string().nullable(),
  signature_type_in_person: z.boolean(),
  spot_check: z.boolean(),
  submitted: z.boolean(),
  submitted_at: timestamp.nullable(),
  pdf_document_id: z.uuid().nullable(),
  deficiencies: z.array(
    foundDeficiency.extend({
      id: z.uuid(),
      category: z.string().nullable(),
      deficiency: z.string().nullable(),
    }),
  ),
  fees: z.array(
    z.object({
      ip_extra_fee_id: z.uuid(),
      label: z.string().nullable(),
      quantity: z.number(),
      amount_cents: z.number(),
    }),
  ),
  created_at: timestamp,
  updated_at: timestamp,
});
export type InspectionOutput = z.infer<typeof inspectionOutput>;

export const inspectionBatchBody = z.object({
  inspections: z
    .array(inspectionInput.extend({ id: optionalId('id'), updated_at: z.string().max(64).optional() }))
    .min(1, 'inspections must hold at least one inspection')
    .max(200),
});

/** What POST IPInspections/bulkAction does with `value`. */
export const inspectionBulkCodes = ['status', 'inspector', 'outcome'] as const;
export const inspectionBulkBody = z.object({
  inspectionIDs: z
    .array(id('inspectionIDs'), { message: 'inspectionIDs must be a list of ids' })
    .min(1, 'inspectionIDs must name at least one inspection')
    .max(1000),
  value: z.preprocess(blank, z.string().trim().max(100).nullable().optional()),
  code: z.enum(inspectionBulkCodes, { message: 'code must be status, inspector or outcome' }),
});

/**
 * POST and PUT IPInspections: `{inspection, isSubmit, handleChecklist}`. The checklist goes in
 * `inspection.checklist` (or beside it as `checklist`, not both).
 */
export const inspectionWriteBody = z.object({
  inspection: inspectionInput.extend({
    updated_at: z.string().max(64).optional(),
    checklist: carriedChecklist.optional(),
  }),
  checklist: carriedChecklist.optional(),
  isSubmit: booleanish.optional(),
  /** Save the inspection's checklists (marked complete) before submitting. */
  handleChecklist: booleanish.optional(),
});
