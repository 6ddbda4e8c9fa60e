// Contracts of deficiency corrections (issue 25, item 15): the administrator of a service reads its
// submitted inspections in the portal and answers each deficiency with its correction (text and a
// document); staff accept the correction or reject it with a reason sent to the administrator.
import { z } from 'zod';
import { timestamp } from './paging';
import { id, optionalId } from './shared-fields';

export const deficiencyCorrectionStatuses = ['submitted', 'accepted', 'rejected'] as const;
export type DeficiencyCorrectionStatus = (typeof deficiencyCorrectionStatuses)[number];

/** POST ServiceInspections/{id}/corrections: `{correction}`. The document is uploaded first (Documents/upload). */
export const deficiencyCorrectionInput = z.object({
  deficiency_id: id('deficiency_id'),
  correction: z
    .string({ message: 'Say what was done to correct the deficiency.' })
    .trim()
    .min(1, 'Say what was done to correct the deficiency.')
    .max(4000, 'The correction must be at most 4000 characters.'),
  document_id: optionalId('document_id'),
});
export type DeficiencyCorrectionInput = z.infer<typeof deficiencyCorrectionInput>;
export const deficiencyCorrectionBody = z.object({ correction: deficiencyCorrectionInput });

/** PUT IPDeficiencyCorrections/{id}/reject: the reason the administrator is sent. */
export const correctionRejectBody = z.object({
  reason: z
    .string({ message: 'Give the reason the correction is rejected.' })
    .trim()
    .min(1, 'Give the reason the correction is rejected.')
    .max(2000, 'The reason must be at most 2000 characters.'),
});

export const deficiencyCorrectionOutput = z.object({
  id: z.uuid(),
  inspection_id: z.uuid(),
  deficiency_id: z.uuid(),
  correction: z.string(),
  document_id: z.uuid().nullable(),
  document_name: z.string().nullable(),
  status: z.enum(deficiencyCorrectionStatuses),
  submitted_by: z.uuid(),
  submitted_by_name: z.string().nullable(),
  reviewed_by: z.uuid().nullable(),
  reviewed_at: timestamp.nullable(),
  reject_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DeficiencyCorrectionOutput = z.infer<typeof deficiencyCorrectionOutput>;

/** A submitted inspection of a service, as its administrator reads it in the portal. */
export const serviceInspectionSummary = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  template: z.string().nullable(),
  entity: z.enum(['service', 'vehicle']),
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  vehicle_name: z.string().nullable(),
  outcome: z.string().nullable(),
  visit_date: z.string().nullable(),
  submitted_at: timestamp.nullable(),
  /** Deficiencies not corrected yet. */
  open_deficiencies: z.number().int(),
});
export type ServiceInspectionSummary = z.infer<typeof serviceInspectionSummary>;

export const serviceInspectionOutput = serviceInspectionSummary.extend({
  notes: z.string().nullable(),
  deficiencies: z.array(
    z.object({
      id: z.uuid(),
      deficiency: z.string().nullable(),
      category: z.string().nullable(),
      description: z.string(),
      due_date: z.string().nullable(),
      corrected_on: z.string().nullable(),
      corrections: z.array(deficiencyCorrectionOutput),
    }),
  ),
});
export type ServiceInspectionOutput = z.infer<typeof serviceInspectionOutput>;
