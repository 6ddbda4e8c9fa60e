// The `lookups` module's own reference lists, alert types to file types (their menu order goes on in
// lookup-lists-l-x.ts).

import { address, configuration, entityKinds } from './reference-list-fields';
import { referenceList } from './resource';

export const lookupListsAToF = [
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
] as const;
