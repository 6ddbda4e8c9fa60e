// Contracts of the inspections module: checklists (the template's form answered for one inspection),
// their PDF report, and administrative comments on an inspection.
import { z } from 'zod';
import { answerInput } from './forms';
import { flag, signature } from './inspection-fields';
import { booleanish, timestamp } from './paging';
import { id, optionalId, optionalText as text } from './shared-fields';

/** A checklist: the template's form answered (a form response) for one inspection. */
export const checklistInput = z.object({
  client_id: optionalId('client_id'),
  inspection_id: id('inspection_id'),
  form_id: optionalId('form_id'),
  response_id: optionalId('response_id'),
  name: text('name', 200),
  completed: flag('completed'),
  outcome: text('outcome', 100),
  signer_name: text('signer_name', 200),
  signature,
  signature_type_in_person: flag('signature_type_in_person'),
});
/**
 * The checklist an inspection carries when it is written (the spec's Inspection.checklist): saved as
 * the inspection's checklist (the one of the same client_id when it exists), its answers as the
 * checklist's form response.
 */
export const carriedChecklist = checklistInput.omit({ inspection_id: true }).extend({
  answers: z.array(answerInput).max(5000).optional(),
});
export type CarriedChecklist = z.infer<typeof carriedChecklist>;

export const checklistOutput = z.object({
  id: z.uuid(),
  client_id: z.uuid().nullable(),
  inspection_id: z.uuid(),
  form_id: z.uuid().nullable(),
  response_id: z.uuid().nullable(),
  name: z.string().nullable(),
  completed: z.boolean(),
  outcome: z.string().nullable(),
  signer_name: z.string().nullable(),
  signature_type_in_person: z.boolean(),
  has_signature: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const checklistBatchBody = z.object({
  checklists: z
    .array(checklistInput.extend({ id: optionalId('id'), updated_at: z.string().max(64).optional() }))
    .min(1, 'checklists must hold at least one checklist')
    .max(200),
});

/** POST IPChecklists/generatepdf. The report is rendered from data: `html` of the old client is ignored. */
export const checklistPdfBody = z.object({
  html: z.string().max(5_000_000).optional(),
  checklistID: optionalId('checklistID'),
  inspectionID: id('inspectionID'),
  visitID: optionalId('visitID'),
  name: text('name', 200),
  outcome: text('outcome', 100),
  signatureTypeInPerson: booleanish.optional(),
});
export const checklistPdfOutput = z.object({
  document_id: z.uuid(),
  file_name: z.string(),
  size: z.number().int(),
});

export const inspectionCommentInput = z.object({
  inspection_id: id('inspection_id'),
  comment: z.string().trim().min(1, 'comment is required').max(8000),
  show_on_pdf: flag('show_on_pdf'),
});
export const inspectionCommentOutput = z.object({
  id: z.uuid(),
  inspection_id: z.uuid(),
  comment: z.string(),
  show_on_pdf: z.boolean(),
  resolved: z.boolean(),
  resolved_at: timestamp.nullable(),
  resolved_by: z.uuid().nullable(),
  created_by: z.uuid().nullable(),
  author_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
