// Contracts of the inspections module (issue 14): configuration lists here; visits and checkouts in
// inspection-visits.ts, inspections with their deficiencies and extra fees in inspection-records.ts,
// checklists answered through form responses and administrative comments in inspection-checklists.ts.
import { inspectionEntities } from './inspection-fields';
import { referenceList } from './resource';

// The module's other contracts, re-exported so that `./inspections` stays the module's one import.
export * from './inspection-checklists';
export { type InspectionEntity, inspectionEntities } from './inspection-fields';
export * from './inspection-records';
export * from './inspection-visits';

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
