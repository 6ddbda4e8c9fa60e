// Contracts of the inspections module (issue 14): configuration lists, visits, inspections with their
// deficiencies and extra fees, checklists answered through form responses, administrative comments and
// the checkout of a visit for offline field work.
import { z } from 'zod';
import { answerInput } from './forms';
import { booleanish, timestamp } from './paging';
import { referenceList } from './resource';
import {
  blankToNull as blank,
  id,
  optionalIsoDate as isoDate,
  optionalId,
  optionalText as text,
} from './shared-fields';

const flag = (name: string) => z.boolean({ message: `${name} must be true or false` }).optional();
/** A signature drawn on the device: a PNG data URL. */
const signature = z.preprocess(
  blank,
  z
    .string()
    .max(2_000_000, 'signature is too large')
    .regex(/^data:image\/png;base64,/, 'signature must be a PNG data URL')
    .nullable()
    .optional(),
);

/** What an inspection (and a template) is about. */
export const inspectionEntities = ['service', 'vehicle'] as const;
export type InspectionEntity = (typeof inspectionEntities)[number];

const inspectionsConfig = {
  module: 'inspections',
  read: 'inspections.read',
  write: 'inspections.write',
} as const;
const entityField = {
  name: 'entity',
  label: 'Inspects',
  kind: 'select',
  options: inspectionEntities,
  required: true,
  listed: true,
} as const;

/** The inspection module's configuration lists, served by the reference-list engine. */
export const inspectionResources = [
  referenceList('ip_statuses', 'IPStatuses', 'status', 'Inspection statuses', {
    ...inspectionsConfig,
    singular: 'inspection status',
    fields: [{ name: 'is_final', label: 'Completes the inspection', kind: 'bool', listed: true }],
  }),
  referenceList(
    'ip_deficiency_categories',
    'IPDeficiencyCategories',
    'deficiency_category',
    'Deficiency categories',
    {
      ...inspectionsConfig,
      fields: [
        {
          name: 'correction_days',
          label: 'Days to correct',
          kind: 'int',
          min: 0,
          max: 3650,
          help: 'A deficiency of this category is due this many days after the inspection.',
        },
      ],
    },
  ),
  referenceList('ip_deficiencies', 'IPDeficiencies', 'deficiency', 'Deficiencies', {
    ...inspectionsConfig,
    fields: [
      {
        name: 'ip_deficiency_category_id',
        label: 'Category',
        kind: 'uuid',
        ref: 'ip_deficiency_categories',
        listed: true,
      },
      { ...entityField, required: false },
      { name: 'correction_days', label: 'Days to correct', kind: 'int', min: 0, max: 3650 },
    ],
    filters: { ip_deficiency_category_id: 'ip_deficiency_category_id', entity: 'entity' },
  }),
  referenceList('ip_extra_fees', 'Core/IPExtraFees', 'extra_fee', 'Inspection extra fees', {
    ...inspectionsConfig,
    singular: 'extra fee',
    fields: [
      {
        name: 'amount_cents',
        label: 'Amount (cents)',
        kind: 'int',
        min: 0,
        max: 100_000_000,
        required: true,
        defaultValue: 0,
        listed: true,
      },
    ],
  }),
  referenceList('ip_templates', 'IPTemplates', 'template', 'Inspection templates', {
    ...inspectionsConfig,
    singular: 'inspection template',
    fields: [
      entityField,
      {
        name: 'form_id',
        label: 'Checklist form',
        kind: 'uuid',
        ref: 'fbforms',
        help: 'The form builder form inspectors answer as the checklist.',
      },
      {
        name: 'certification_level_ids',
        label: 'Licence levels',
        kind: 'uuids',
        ref: 'certification_levels',
        help: 'The licence levels this template inspects (none: every level).',
      },
      {
        name: 'result_set',
        label: 'Outcomes',
        kind: 'text',
        maxLength: 400,
        defaultValue: 'Pass,Fail',
        help: 'The outcomes an inspection of this template may have, separated by commas.',
      },
      { name: 'document_data', label: 'Report text', kind: 'longtext', maxLength: 20_000 },
    ],
    filters: { entity: 'entity', active: 'active' },
  }),
  referenceList(
    'inspection_autonumbers',
    'InspectionAutoNumbers',
    'inspection_auto_number',
    'Inspection auto numbers',
    {
      ...inspectionsConfig,
      singular: 'inspection auto number',
      ownFields: [
        entityField,
        { name: 'autonumber_id', label: 'Auto number', kind: 'uuid', ref: 'autonumbers', required: true },
        { name: 'active', label: 'Active', kind: 'bool', defaultValue: true, listed: true },
      ],
      unique: [['entity']],
      searchable: [],
    },
  ),
  referenceList('user_inspectors', 'UserInspectors', 'user_inspector', 'Inspectors', {
    ...inspectionsConfig,
    singular: 'inspector',
    ownFields: [
      { name: 'user_id', label: 'Person', kind: 'uuid', ref: 'users', required: true, listed: true },
      { name: 'region_id', label: 'Region', kind: 'uuid', ref: 'regions' },
      { name: 'active', label: 'Active', kind: 'bool', defaultValue: true, listed: true },
    ],
    unique: [['user_id']],
    filters: { user_id: 'user_id', active: 'active' },
    searchable: [],
  }),
  referenceList('user_investigators', 'UserInvestigators', 'user_investigator', 'Investigators', {
    ...inspectionsConfig,
    singular: 'investigator',
    ownFields: [
      { name: 'user_id', label: 'Person', kind: 'uuid', ref: 'users', required: true, listed: true },
      { name: 'region_id', label: 'Region', kind: 'uuid', ref: 'regions' },
      { name: 'active', label: 'Active', kind: 'bool', defaultValue: true, listed: true },
    ],
    unique: [['user_id']],
    filters: { user_id: 'user_id', active: 'active' },
    searchable: [],
  }),
] as const;

/** A visit's state. */
export const visitStatuses = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * A visit's date string: a browser's full date string ("Tue Mar 03 2026 14:30:00 GMT-0600 (Central
 * Standard Time)", the form the spec's time rule is written for) runs to 60 characters and more with a
 * long zone name.
 */
const visitTimeMax = 120;
const visitTimeTooLong = `inspection_date_time must be at most ${visitTimeMax} characters`;

/** The visit itself (`{visit}` of POST and PUT IPVisits). */
export const visitInput = z.object({
  service_id: id('service_id'),
  /** The date, or a date and time ("2026-12-01T09:30:00"): the time is kept only as 24-hour hh:mm:ss. */
  inspection_date_time: z
    .string({ message: 'inspection_date_time is required' })
    .trim()
    .min(10, 'inspection_date_time must be a date (YYYY-MM-DD) or a date and time')
    .max(visitTimeMax, visitTimeTooLong),
  status: z
    .enum(visitStatuses, { message: 'status must be scheduled, in_progress, completed or cancelled' })
    .optional(),
  inspector_ids: z.array(id('inspector_ids')).max(50).optional(),
  service_template_id: optionalId('service_template_id'),
  vehicle_template_id: optionalId('vehicle_template_id'),
  notes: text('notes', 4000),
});
export type VisitInput = z.infer<typeof visitInput>;

/** POST IPVisits: the visit, its inspectors, and one inspection per chosen service and vehicle. */
export const visitCreateBody = z.object({
  visit: visitInput,
  inspectors: z.array(id('inspectors')).max(50).optional(),
  /** The service is inspected (with the service template) when true or when a service template is given. */
  inspections: z
    .object({
      service: z.boolean().optional(),
      vehicle_ids: z.array(id('vehicle_ids')).max(500).optional(),
    })
    .optional(),
  service_template: optionalId('service_template'),
  vehicle_template: optionalId('vehicle_template'),
});
export type VisitCreateBody = z.infer<typeof visitCreateBody>;

export const visitOutput = z.object({
  id: z.uuid(),
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  inspection_date: z.string(),
  inspection_time: z.string().nullable(),
  date_time_set: z.boolean(),
  status: z.enum(visitStatuses),
  spot_check: z.boolean(),
  inspector_ids: z.array(z.uuid()),
  service_template_id: z.uuid().nullable(),
  vehicle_template_id: z.uuid().nullable(),
  notes: z.string().nullable(),
  inspection_count: z.number().int(),
  checked_out_by: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type VisitOutput = z.infer<typeof visitOutput>;

/** GET IPVisits filters beyond paging. */
export const visitListFilters = {
  userOnly: booleanish.optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
};

/** POST IPVisits/spotCheckInspection: an unannounced inspection of a service or one of its vehicles. */
export const spotCheckBody = z.object({
  visit: z.object({
    service_id: id('service_id'),
    inspection_date_time: z
      .string()
      .trim()
      .min(10, 'inspection_date_time must be a date (YYYY-MM-DD) or a date and time')
      .max(visitTimeMax, visitTimeTooLong)
      .optional(),
    vehicle_id: optionalId('vehicle_id'),
    ip_template_id: id('ip_template_id'),
    notes: text('notes', 4000),
  }),
});

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

/** IPCheckoutLogs: an inspector takes a visit for offline work; `take_over` takes it from another. */
export const checkoutInput = z.object({
  visit_id: id('visit_id'),
  device: text('device', 200),
  take_over: flag('take_over'),
  /** Checking in ends the checkout. */
  checked_in: flag('checked_in'),
});
export const checkoutOutput = z.object({
  id: z.uuid(),
  visit_id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  device: z.string().nullable(),
  checked_out_at: timestamp,
  checked_in_at: timestamp.nullable(),
  taken_over_from: z.uuid().nullable(),
  /** The visit's `updated_at` when it was checked out: the version offline edits are compared with. */
  visit_version: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
