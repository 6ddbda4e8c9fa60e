import { complaintResources } from './complaints';
import { examResources } from './exams';
import type { FieldSpec } from './fields';
import { fireDrillResources } from './fire-drills';
import { formResources } from './forms';
import { inspectionResources } from './inspections';
import { licensingResources } from './licensing';
import { referenceList } from './resource';

const entityKinds = ['user', 'service', 'vehicle'] as const;
/**
 * Configuration rather than reference data: staff read it (configuration.read), portal users do not
 * (an auto number's next value predicts the next credential number).
 */
const configuration = { read: 'configuration.read' } as const;
const address: FieldSpec[] = [
  { name: 'street', label: 'Street', kind: 'text' },
  { name: 'city', label: 'City', kind: 'text', listed: true },
  {
    name: 'state',
    label: 'State',
    kind: 'text',
    maxLength: 2,
    pattern: { regex: '^[A-Z]{2}$', message: 'State must be a two-letter code such as CA' },
    example: 'TX',
  },
  {
    name: 'postal_code',
    label: 'Postal code',
    kind: 'text',
    maxLength: 10,
    pattern: { regex: '^\\d{5}(-\\d{4})?$', message: 'Postal code must be 5 digits or ZIP+4' },
    example: '78701',
  },
  {
    name: 'county_fips',
    label: 'County FIPS',
    kind: 'text',
    maxLength: 5,
    pattern: { regex: '^\\d{5}$', message: 'County FIPS must be 5 digits' },
    example: '48453',
  },
  { name: 'phone', label: 'Phone', kind: 'text', maxLength: 32 },
];

/** Every reference list of the `lookups` module, in the order the administration menu shows them. */
export const referenceLists = [
  referenceList('alert_types', 'alerttypes', 'alert_type', 'Alert types', {
    fields: [
      { name: 'entity', label: 'Applies to', kind: 'select', options: entityKinds, listed: true },
      {
        name: 'severity',
        label: 'Severity',
        kind: 'select',
        options: ['information', 'warning', 'critical'],
        defaultValue: 'information',
        required: true,
      },
    ],
  }),
  referenceList('application_types', 'ApplicationTypes', 'application_type', 'Application types', {
    fields: [
      {
        name: 'license_id',
        label: 'Licence',
        kind: 'uuid',
        ref: 'licenses',
        help: 'The licence this application type belongs to',
      },
      {
        name: 'license_category_levels',
        label: 'Category levels',
        kind: 'uuids',
        ref: 'licensecategorylevels',
      },
    ],
    // Every licence has its own Initial, Renewal, ...
    unique: [['license_id', 'label']],
    filters: { license_id: 'license_id', licenseID: 'license_id' },
  }),
  referenceList('attendee_statuses', 'AttendeeStatus', 'attendee_status', 'Course attendee statuses', {
    fields: [{ name: 'is_completion', label: 'Counts as completed', kind: 'bool', listed: true }],
  }),
  referenceList('autonumbers', 'autonumbers', 'autonumber', 'Auto numbers', {
    ...configuration,
    fields: [
      { name: 'license_id', label: 'Licence', kind: 'uuid', ref: 'licenses' },
      { name: 'license_category_id', label: 'Licence category', kind: 'uuid', ref: 'licensecategories' },
      { name: 'prefix', label: 'Prefix', kind: 'text', maxLength: 20, listed: true },
      { name: 'next_number', label: 'Next number', kind: 'int', min: 1, defaultValue: 1, listed: true },
      { name: 'padding', label: 'Digits', kind: 'int', min: 1, max: 12, defaultValue: 6 },
      { name: 'suffix', label: 'Suffix', kind: 'text', maxLength: 20 },
    ],
    filters: { licenseID: 'license_id', licenseCategoryID: 'license_category_id' },
  }),
  referenceList('background_checks', 'BackgroundCheck', 'background_check', 'Background checks', {
    ...configuration,
    fields: [
      { name: 'vendor', label: 'Vendor', kind: 'text', listed: true },
      { name: 'days_valid', label: 'Days valid', kind: 'int', min: 0 },
    ],
  }),
  referenceList('census_tracts', 'censustracts', 'census_tract', 'Census tracts', {
    fields: [
      {
        name: 'geoid',
        label: 'GEOID',
        kind: 'text',
        required: true,
        listed: true,
        maxLength: 11,
        pattern: { regex: '^\\d{11}$', message: 'GEOID must be the 11-digit state, county and tract code' },
        example: '48453001100',
      },
      { name: 'county_fips', label: 'County FIPS', kind: 'text', maxLength: 5 },
    ],
    unique: [['geoid']],
    filters: { county_fips: 'county_fips' },
  }),
  referenceList(
    'certification_levels',
    'CertificationLevels',
    'certification_level',
    'Certification levels',
    {
      fields: [
        { name: 'abbreviation', label: 'Abbreviation', kind: 'text', maxLength: 20, listed: true },
        { name: 'nremt_level_id', label: 'National registry level', kind: 'uuid', ref: 'nremt_levels' },
        { name: 'rank', label: 'Rank', kind: 'int', min: 0 },
      ],
    },
  ),
  referenceList('cms_sites', 'CMSSites', 'cms_site', 'Portal sites', {
    ...configuration,
    write: 'cms.write',
    fields: [{ name: 'host', label: 'Web address', kind: 'text', listed: true }],
    filters: { enterpriseID: 'enterprise_id' },
  }),
  referenceList('cms_pages', 'CMSPages', 'cms_page', 'Portal content pages', {
    ...configuration,
    write: 'cms.write',
    fields: [
      { name: 'cms_site_id', label: 'Site', kind: 'uuid', ref: 'cms_sites' },
      {
        name: 'slug',
        label: 'Address (slug)',
        kind: 'text',
        required: true,
        maxLength: 100,
        listed: true,
        pattern: {
          regex: '^[a-z0-9]+(-[a-z0-9]+)*$',
          message: 'Slug may hold lower-case letters, digits and single hyphens',
        },
        example: 'about-us',
      },
      { name: 'parent_id', label: 'Parent page', kind: 'uuid', ref: 'cms_pages' },
      { name: 'content', label: 'Content (HTML)', kind: 'longtext' },
      { name: 'published', label: 'Published', kind: 'bool', listed: true },
    ],
    unique: [['slug']],
    filters: { cms_site_id: 'cms_site_id' },
  }),
  referenceList('countries', 'countries', 'country', 'Countries', {
    fields: [{ name: 'iso3', label: 'ISO alpha-3', kind: 'text', maxLength: 3 }],
    unique: [['label'], ['code']],
    defaultSort: 'label',
  }),
  referenceList('date_types', 'datetypes', 'date_type', 'Date types'),
  referenceList('document_types', 'documenttypes', 'document_type', 'Document types', {
    fields: [
      { name: 'entity', label: 'Applies to', kind: 'select', options: entityKinds, listed: true },
      { name: 'is_other', label: 'Listed under other documents', kind: 'bool' },
      { name: 'expires', label: 'Has an expiration date', kind: 'bool' },
    ],
  }),
  referenceList('data_elements', 'dataelements', 'data_element', 'Data elements', {
    fields: [
      {
        name: 'data_section_name',
        label: 'Section',
        kind: 'text',
        required: true,
        maxLength: 64,
        listed: true,
      },
    ],
    unique: [['data_section_name', 'label']],
    filters: { data_section_name: 'data_section_name' },
    searchable: ['label', 'code', 'data_section_name'],
  }),
  referenceList('entities', 'entities', 'entity', 'Entities', {
    fields: [
      { name: 'is_user', label: 'Person', kind: 'bool', listed: true },
      { name: 'is_service', label: 'Service', kind: 'bool', listed: true },
      { name: 'is_vehicle', label: 'Vehicle', kind: 'bool', listed: true },
    ],
  }),
  referenceList('datasets', 'datasets', 'dataset', 'Data sets', {
    fields: [
      { name: 'license_id', label: 'Licence', kind: 'uuid', ref: 'licenses' },
      { name: 'entity_id', label: 'Entity', kind: 'uuid', ref: 'entities' },
      { name: 'is_inspection', label: 'Used by inspections', kind: 'bool', listed: true },
    ],
    filters: { license_id: 'license_id', entityId: 'entity_id' },
  }),
  referenceList('education_topics', 'EducationModule/Topics', 'topic', 'Education topics', {
    fields: [{ name: 'hours', label: 'Hours', kind: 'int', min: 0 }],
  }),
  referenceList(
    'entity_enterprise_fields',
    'entityenterprisefields',
    'entity_enterprise_field',
    'Custom fields',
    {
      fields: [
        { name: 'entity_id', label: 'Entity', kind: 'uuid', ref: 'entities', required: true },
        { name: 'category', label: 'Category', kind: 'text', required: true, listed: true },
        {
          name: 'name',
          label: 'Field name',
          kind: 'text',
          required: true,
          maxLength: 64,
          listed: true,
          pattern: {
            regex: '^[a-z][a-z0-9_]*$',
            message: 'Field name may hold lower-case letters, digits and underscores',
          },
          example: 'badge_number',
        },
        {
          name: 'field_type',
          label: 'Type',
          kind: 'select',
          options: ['text', 'number', 'date', 'yes/no'],
          required: true,
          defaultValue: 'text',
        },
        { name: 'required', label: 'Required', kind: 'bool' },
      ],
      unique: [['entity_id', 'name']],
      filters: { entity_id: 'entity_id' },
    },
  ),
  referenceList('hospitals', 'hospitals', 'hospital', 'Hospitals', { fields: address }),
  referenceList('file_types', 'FileTypes', 'file_type', 'File types', {
    fields: [
      {
        name: 'extension',
        label: 'Extension',
        kind: 'text',
        required: true,
        maxLength: 10,
        listed: true,
        pattern: { regex: '^[a-z0-9]+$', message: 'Extension is letters and digits, without the dot' },
        example: 'tif',
      },
      { name: 'mime_type', label: 'MIME type', kind: 'text', required: true, maxLength: 100, listed: true },
    ],
    unique: [['label'], ['extension']],
  }),
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
  ...formResources,
  ...licensingResources,
  ...complaintResources,
  ...inspectionResources,
  ...fireDrillResources,
  ...examResources,
] as const;

export type ReferenceListKey = (typeof referenceLists)[number]['key'];
export const referenceListByKey = new Map(referenceLists.map((r) => [r.key as string, r]));
