// Contracts of offline field work (issue 14): what a device downloads when an inspector checks a visit
// out, and how it uploads the changes made without a network, with conflicts reported, never overwritten.
import { z } from 'zod';
import { answerInput, answerOutput, formDefinition } from './forms';
import {
  checklistInput,
  checklistOutput,
  inspectionCommentInput,
  inspectionCommentOutput,
  inspectionEntities,
  inspectionInput,
  inspectionOutput,
  visitOutput,
} from './inspections';
import { timestamp } from './paging';
import { id } from './shared-fields';

const named = z.object({ id: z.uuid(), label: z.string() });

/** GET IPVisits/{id}/offline: everything the visit needs, with the versions later edits are compared with. */
export const visitOfflineBundle = z.object({
  downloaded_at: timestamp,
  visit: visitOutput,
  inspections: z.array(inspectionOutput),
  checklists: z.array(checklistOutput),
  /** The form responses answering the checklists. */
  responses: z.array(
    z.object({
      id: z.uuid(),
      checklist_id: z.uuid().nullable(),
      form_id: z.uuid(),
      questions: z.array(answerOutput),
    }),
  ),
  comments: z.array(inspectionCommentOutput),
  templates: z.array(
    named.extend({
      entity: z.enum(inspectionEntities),
      form_id: z.uuid().nullable(),
      result_set: z.string().nullable(),
      document_data: z.string().nullable(),
    }),
  ),
  forms: z.array(formDefinition.extend({ id: z.uuid(), version: z.number().int() })),
  vehicles: z.array(
    z.object({
      id: z.uuid(),
      unit_number: z.string().nullable(),
      serial_number: z.string(),
      make: z.string().nullable(),
      model: z.string().nullable(),
    }),
  ),
  /** Deficiencies found on the service's earlier inspections, the open ones first. */
  previous_deficiencies: z.array(
    z.object({
      id: z.uuid(),
      inspection_id: z.uuid(),
      inspection_number: z.string().nullable(),
      vehicle_id: z.uuid().nullable(),
      description: z.string(),
      category: z.string().nullable(),
      due_date: z.string().nullable(),
      corrected_on: z.string().nullable(),
    }),
  ),
  statuses: z.array(named.extend({ is_final: z.boolean() })),
  deficiencies: z.array(
    named.extend({
      ip_deficiency_category_id: z.uuid().nullable(),
      entity: z.string().nullable(),
      correction_days: z.number().int().nullable(),
    }),
  ),
  deficiency_categories: z.array(named.extend({ correction_days: z.number().int().nullable() })),
  extra_fees: z.array(named.extend({ amount_cents: z.number().int() })),
});
export type VisitOfflineBundle = z.infer<typeof visitOfflineBundle>;

/** One change made offline, replayed in the order it was made. `op_id` names it in the answer. */
export const offlineChange = z.discriminatedUnion('kind', [
  z.object({
    op_id: id('op_id'),
    kind: z.literal('inspection'),
    inspection_id: id('inspection_id'),
    /** The inspection's updated_at as downloaded: a different server version is a conflict. */
    base_updated_at: z.string().max(64),
    inspection: inspectionInput,
    /** Submit once saved (checklists complete, PDF report, submit flag). */
    submit: z.boolean().optional(),
  }),
  z.object({
    op_id: id('op_id'),
    kind: z.literal('checklist'),
    /** The checklist's updated_at as downloaded; absent for a checklist made offline. */
    base_updated_at: z.string().max(64).optional(),
    checklist: checklistInput.extend({ client_id: id('client_id') }),
    /** The checklist form's answers given offline, saved as the checklist's form response. */
    answers: z.array(answerInput).max(5000).optional(),
  }),
  z.object({
    op_id: id('op_id'),
    kind: z.literal('comment'),
    /** Made on the device: names the comment on the server, so one uploaded twice is added once. */
    comment_id: id('comment_id'),
    comment: inspectionCommentInput,
  }),
]);
export type OfflineChange = z.infer<typeof offlineChange>;

export const visitSyncBody = z.object({
  changes: z.array(offlineChange).min(1, 'changes must hold at least one change').max(500),
});

export const syncStatuses = ['applied', 'unchanged', 'conflict', 'error'] as const;
export const syncResult = z.object({
  op_id: z.uuid(),
  status: z.enum(syncStatuses),
  /** The record written (or found). */
  id: z.uuid().nullable(),
  message: z.string().nullable(),
  fields: z.record(z.string(), z.string()).nullable(),
  /** The record's updated_at once applied or found unchanged: later changes of it start from this version. */
  version: z.string().nullable(),
  /** On a conflict: the server's version of the inspection, for the inspector to resolve. */
  server_inspection: inspectionOutput.nullable(),
  server_checklist: checklistOutput.nullable(),
});
export const visitSyncAnswer = z.object({ results: z.array(syncResult) });
export type SyncResult = z.infer<typeof syncResult>;
