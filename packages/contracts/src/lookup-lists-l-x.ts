// The `lookups` module's own reference lists, licence charge types to XSLT stylesheets and the
// permission list (their menu order starts in lookup-lists-a-f.ts).
import { address, configuration } from './reference-list-fields';
import { referenceList } from './resource';

export const lookupListsLToX = [
  referenceList('license_charge_types', 'licensechargetypes', 'license_charge_type', 'Licence charge types', {
    ...configuration,
    fields: [{ name: 'is_calculated', label: 'Calculated', kind: 'bool', listed: true }],
  }),
  referenceList(
    'license_level_configurations',
    'LicenseLevelConfigurations',
    'license_level_configuration',
    'Licence level configurations',
    {
      ...configuration,
      fields: [
        {
          name: 'license_category_level_id',
          label: 'Category level',
          kind: 'uuid',
          ref: 'licensecategorylevels',
        },
        {
          name: 'months_valid',
          label: 'Months valid',
          kind: 'int',
          min: 1,
          max: 120,
          defaultValue: 24,
          listed: true,
        },
        {
          name: 'renewal_window_days',
          label: 'Renewal window (days)',
          kind: 'int',
          min: 0,
          max: 730,
          defaultValue: 90,
        },
      ],
    },
  ),
  referenceList(
    'license_request_statuses',
    'licenserequeststatuses',
    'license_request_status',
    'Licence request statuses',
    {
      ...configuration,
      fields: [
        { name: 'license_id', label: 'Licence', kind: 'uuid', ref: 'licenses' },
        { name: 'is_final', label: 'Final', kind: 'bool', listed: true },
      ],
      unique: [['license_id', 'label']],
      filters: { license_id: 'license_id', licenseID: 'license_id' },
    },
  ),
  referenceList('nremt_levels', 'nremtlevels', 'nremt_level', 'National registry levels'),
  referenceList('nremt_statuses', 'nremtstatuses', 'nremt_status', 'National registry statuses'),
  referenceList(
    'policy_classifications',
    'policyclassifications',
    'policy_classification',
    'Policy classifications',
    {
      fields: [
        {
          name: 'type',
          label: 'Type',
          kind: 'select',
          options: ['Policy', 'Protocol'],
          required: true,
          defaultValue: 'Policy',
          listed: true,
        },
      ],
      unique: [['type', 'label']],
      filters: { type: 'type' },
    },
  ),
  referenceList('policy_statuses', 'policystatuses', 'policy_status', 'Policy statuses'),
  referenceList('policy_types', 'policytypes', 'policy_type', 'Policy types'),
  referenceList('portal_pages', 'PortalPages', 'portal_page', 'Portal pages', {
    ...configuration,
    write: 'cms.write',
    fields: [
      {
        name: 'route',
        label: 'Route',
        kind: 'text',
        required: true,
        listed: true,
        pattern: { regex: '^/[A-Za-z0-9/_-]*$', message: 'Route must start with /' },
        example: '/about',
      },
      { name: 'is_public', label: 'Public', kind: 'bool', listed: true },
    ],
  }),
  referenceList('positions', 'positions', 'position', 'Positions', {
    module: 'registry',
    fields: [
      { name: 'is_service_designation', label: 'Service designation (director)', kind: 'bool', listed: true },
    ],
  }),
  referenceList('regions', 'regions', 'region', 'Regions', {
    fields: [
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        options: ['region', 'sbregion'],
        required: true,
        defaultValue: 'region',
        listed: true,
      },
      { name: 'abbreviation', label: 'Abbreviation', kind: 'text', maxLength: 10, listed: true },
    ],
    unique: [['kind', 'label']],
    filters: { kind: 'kind' },
  }),
  referenceList('topics', 'topics', 'topic', 'Topics'),
  referenceList('training_locations', 'traininglocations', 'training_location', 'Training locations', {
    fields: [...address, { name: 'region_id', label: 'Region', kind: 'uuid', ref: 'regions' }],
  }),
  referenceList('transaction_statuses', 'transactionstatuses', 'transaction_status', 'Transaction statuses'),
  referenceList(
    'trigger_categories',
    'triggercategories',
    'trigger_category',
    'Trigger categories',
    configuration,
  ),
  referenceList('trigger_functions', 'triggerfunctions', 'trigger_function', 'Trigger functions', {
    ...configuration,
    fields: [
      {
        name: 'entity',
        label: 'Entity',
        kind: 'select',
        options: ['inspections', 'investigations', 'licensing'],
        listed: true,
      },
      { name: 'function_name', label: 'Function', kind: 'text', required: true, maxLength: 100 },
    ],
    filters: { entity: 'entity' },
  }),
  referenceList('user_statuses', 'userstatuses', 'user_status', 'User statuses', {
    ...configuration,
    fields: [
      { name: 'locked', label: 'Locks the account', kind: 'bool', listed: true },
      { name: 'locked_message', label: 'Message shown when locked', kind: 'text', maxLength: 1000 },
    ],
  }),
  referenceList('validation_types', 'validationtypes', 'validation_type', 'Validation types', configuration),
  referenceList('vehicle_specialties', 'vehiclespecialties', 'vehicle_specialty', 'Vehicle specialties'),
  referenceList('vehicle_types', 'vehicletypes', 'vehicle_type', 'Vehicle types'),
  referenceList('xslt_stylesheets', 'XSLTStylesheets', 'xslt_stylesheet', 'XSLT stylesheets', {
    ...configuration,
    fields: [
      {
        name: 'content',
        label: 'Stylesheet',
        kind: 'longtext',
        required: true,
        pattern: {
          regex: '^\\s*<[\\s\\S]*xsl:stylesheet[\\s\\S]*>\\s*$',
          message: 'Stylesheet must be an XSLT document (an xsl:stylesheet element)',
        },
        example: '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>',
      },
    ],
  }),
  referenceList(
    'security_template_permissions',
    'securitytemplatepermissions',
    'security_template_permission',
    'Security template permissions',
    {
      ownFields: [
        {
          name: 'security_template_id',
          label: 'Security template',
          kind: 'uuid',
          ref: 'security_templates',
          required: true,
          listed: true,
        },
        { name: 'permission_key', label: 'Permission', kind: 'text', required: true, listed: true },
      ],
      unique: [['security_template_id', 'permission_key']],
      filters: { security_template_id: 'security_template_id' },
      searchable: ['permission_key'],
      defaultSort: 'permission_key',
      readOnly: true,
      read: 'security.admin',
      write: 'security.admin',
    },
  ),
] as const;
