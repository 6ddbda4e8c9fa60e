// What the reference lists of the `lookups` module share: the entities an alert or date applies to, the
// access of configuration lists, and the fields of an address.
import type { FieldSpec } from './fields';

export const entityKinds = ['user', 'service', 'vehicle'] as const;
/**
 * Configuration rather than reference data: staff read it (configuration.read), portal users do not
 * (an auto number's next value predicts the next credential number).
 */
export const configuration = { read: 'configuration.read' } as const;
export const address: FieldSpec[] = [
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
