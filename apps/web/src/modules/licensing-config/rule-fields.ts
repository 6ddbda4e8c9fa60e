import type { licenseEntities } from '@licensure/contracts';

type Entity = (typeof licenseEntities)[number];
export type RuleFormat = 'string' | 'date' | 'age';

export interface RuleFieldChoice {
  table_name: string;
  field_name: string;
  format: RuleFormat;
  /** What the picker shows. */
  label: string;
  /** The holder kinds a rule on this field may be about. */
  entities: readonly Entity[];
}

const all: readonly Entity[] = ['user', 'service', 'vehicle'];
const f = (
  table_name: string,
  field_name: string,
  label: string,
  entities: readonly Entity[],
  format: RuleFormat = 'string',
): RuleFieldChoice => ({ table_name, field_name, format, label, entities });

/**
 * The fields a licence rule may test. This mirrors `ruleWhitelist` in
 * apps/server/src/modules/licensing/rules/compile.ts (the server refuses anything else); keep the two
 * in step.
 */
export const ruleFieldChoices: readonly RuleFieldChoice[] = [
  f('users', 'first_name', 'Person: first name', ['user']),
  f('users', 'last_name', 'Person: last name', ['user']),
  f('users', 'email', 'Person: email', ['user']),
  f('users', 'city', 'Person: city', ['user']),
  f('users', 'state', 'Person: state', ['user']),
  f('users', 'postal_code', 'Person: postal code', ['user']),
  f('users', 'county_fips', 'Person: county (FIPS)', ['user']),
  f('users', 'national_ems_id', 'Person: national EMS id', ['user']),
  f('users', 'user_status_id', 'Person: status', ['user']),
  f('users', 'gender_id', 'Person: gender', ['user']),
  f('users', 'birth_date', 'Person: birth date', ['user'], 'date'),
  f('users', 'birth_date', 'Person: age (years)', ['user'], 'age'),
  f('services', 'name', 'Service: name', ['service']),
  f('services', 'service_number', 'Service: number', ['service']),
  f('services', 'city', 'Service: city', ['service']),
  f('services', 'state', 'Service: state', ['service']),
  f('services', 'county_fips', 'Service: county (FIPS)', ['service']),
  f('services', 'classification_id', 'Service: classification', ['service']),
  f('services', 'primary_level_id', 'Service: primary level', ['service']),
  f('vehicles', 'make', 'Vehicle: make', ['vehicle']),
  f('vehicles', 'model', 'Vehicle: model', ['vehicle']),
  f('vehicles', 'vehicle_type_id', 'Vehicle: type', ['vehicle']),
  f('vehicles', 'plate_state', 'Vehicle: plate state', ['vehicle']),
  f('vehicles', 'model_year', 'Vehicle: model year', ['vehicle']),
  f('certifications', 'number', 'Credential: number', all),
  f('certifications', 'status', 'Credential: status', all),
  f('certifications', 'license_id', 'Credential: licence', all),
  f('certifications', 'license_category_level_id', 'Credential: category level', all),
  f('certifications', 'certification_level_id', 'Credential: certification level', all),
  f('certifications', 'issue_date', 'Credential: issue date', all, 'date'),
  f('certifications', 'expiration_date', 'Credential: expiration date', all, 'date'),
  f('user_qualifications', 'kind', 'Qualification: kind', ['user']),
  f('user_qualifications', 'reference_id', 'Qualification: reference', ['user']),
  f('user_qualifications', 'label', 'Qualification: label', ['user']),
  f('user_qualifications', 'start_date', 'Qualification: start date', ['user'], 'date'),
  f('user_qualifications', 'end_date', 'Qualification: end date', ['user'], 'date'),
];

/** The picker value of a field: table, field and format together (birth_date has two formats). */
export const ruleFieldKey = (c: Pick<RuleFieldChoice, 'table_name' | 'field_name' | 'format'>) =>
  `${c.table_name}.${c.field_name}.${c.format}`;

export function ruleFieldByKey(key: string): RuleFieldChoice | undefined {
  return ruleFieldChoices.find((c) => ruleFieldKey(c) === key);
}
