// Contracts of the registry module: services, stations, areas, personnel and vehicles.
import { z } from 'zod';
import { credentialView } from './licensing';
import { booleanish, listQuery } from './paging';

/** '' and null from forms mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) =>
  z.preprocess(blankToUndefined, z.uuid({ message: `${name} must be a valid id` }).optional());
const nullableId = (name: string) =>
  z
    .uuid({ message: `${name} must be a valid id` })
    .nullable()
    .optional();
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const isoDate = (name: string) =>
  z.iso
    .date({ message: `${name} must be a date (YYYY-MM-DD)` })
    .nullable()
    .optional();

export const countyFips = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'county must be a 5-digit state and county FIPS code');
export const stateCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter abbreviation')
  .transform((s) => s.toUpperCase());

/** The address and phone of a service or station. */
const addressFields = {
  street: optionalText(200),
  city: optionalText(100),
  state: stateCode.nullable().optional(),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'postal_code must be a 5-digit ZIP code or ZIP+4')
    .nullable()
    .optional(),
  county_fips: countyFips.nullable().optional(),
  phone: optionalText(40),
};

export const serviceInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  service_number: optionalText(50),
  classification_id: nullableId('classification_id'),
  primary_level_id: nullableId('primary_level_id'),
  permit_level_id: nullableId('permit_level_id'),
  training_level_ids: z
    .array(z.uuid({ message: 'training_level_ids must be valid ids' }))
    .max(50)
    .optional(),
  parent_id: nullableId('parent_id'),
  ...addressFields,
  email: z.email({ message: 'email must be an email address' }).nullable().optional(),
  website: optionalText(300),
  active: z.boolean().optional(),
  /** Counties served (FIPS), saved in service_counties. */
  counties: z.array(countyFips).max(500).optional(),
  /** Counties the service is affiliated with (FIPS). */
  affiliation_counties: z.array(countyFips).max(500).optional(),
  /** As read; a different one refuses the update with 409. */
  updated_at: z.string().optional(),
});
export type ServiceInput = z.infer<typeof serviceInput>;
export const serviceBody = z.object({ service: serviceInput });

export const serviceListQuery = listQuery.extend({
  classification_id: optionalId('classification_id'),
  county_fips: countyFips.optional(),
  parent_id: optionalId('parent_id'),
  active: booleanish.optional(),
});

/** The spec's service search criteria (staff search, public lookup and its count). */
export const serviceSearchCriteria = z.object({
  /** Number of one of the service's certifications (prefix, case-insensitive). */
  primary_license_number: z.string().trim().max(100).optional(),
  service_name: z.string().trim().max(200).optional(),
  primary_level_id: optionalId('primary_level_id'),
  /** Any active certification of the service at this certification level. */
  certification_level_id: optionalId('certification_level_id'),
  training_level_ids: z
    .array(z.uuid({ message: 'training_level_ids must be valid ids' }))
    .max(50)
    .optional(),
  permit_level_id: optionalId('permit_level_id'),
  classification_id: optionalId('classification_id'),
  city: z.string().trim().max(100).optional(),
  county: z.preprocess(blankToUndefined, countyFips.optional()),
  /** The regulator's service number (services.service_number), prefix. */
  service_id: z.string().trim().max(50).optional(),
});
export type ServiceSearchCriteria = z.infer<typeof serviceSearchCriteria>;

/** services/search: the criteria and a page, in name order (50 a page unless asked; at most 500). */
export const serviceSearchInput = serviceSearchCriteria.extend({
  currentPage: z.coerce.number().int().min(1).default(1),
  numPerPage: z.coerce.number().int().min(1).max(500, 'numPerPage must be 500 or less').default(50),
});
export type ServiceSearchInput = z.input<typeof serviceSearchInput>;

export const publicLookupInput = serviceSearchCriteria.extend({
  currentPage: z.coerce.number().int().min(1).default(1),
  numPerPage: z.coerce.number().int().min(1).max(100, 'numPerPage must be 100 or less').default(25),
});

export const publicServiceResult = z.object({
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  license_number: z.string().nullable(),
  level: z.string().nullable(),
  status: z.string().nullable(),
  expiration_date: z.string().nullable(),
  /** The service's current credential as My licences, the certificate and /verify show it. */
  credential: credentialView.nullable(),
});

export const serviceLess = z.object({
  id: z.uuid(),
  name: z.string(),
  service_number: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  active: z.boolean(),
});

export const expiringLength = z.enum(['days', 'months', 'years']);
export const expiringQuery = z.object({
  serviceClassification: optionalId('serviceClassification'),
  /** Either parameter may carry the number and the other the unit ('3' and 'months'). */
  rangeLength: z.string().trim().max(20).optional(),
  length: z.string().trim().max(20).optional(),
  inactiveVehicle: booleanish.optional(),
  activeVehicle: booleanish.optional(),
  inactiveService: booleanish.optional(),
  activeService: booleanish.optional(),
  hideEmptyExpireDate: booleanish.optional(),
});

export const serviceStationInput = z.object({
  service_id: z.uuid({ message: 'service_id must be a valid id' }),
  name: z.string().trim().min(1, 'name is required').max(200),
  ...addressFields,
  active: z.boolean().optional(),
});

export const serviceAreaKind = z.enum(['census_tract', 'city', 'county', 'postal_code']);
export const serviceAreaInput = z.object({
  service_id: z.uuid({ message: 'service_id must be a valid id' }),
  kind: serviceAreaKind,
  value: z.string().trim().max(200),
  state_code: stateCode,
  label: optionalText(200),
});

export const servicePersonnelInput = z.object({
  service_id: z.uuid({ message: 'service_id must be a valid id' }),
  user_id: z.uuid({ message: 'user_id must be a valid id' }),
  position_id: nullableId('position_id'),
  start_date: isoDate('start_date'),
  end_date: isoDate('end_date'),
  is_designated: z.boolean().optional(),
  is_administrator: z.boolean().optional(),
});

export const vehicleInput = z.object({
  serial_number: z.string().trim().min(1, 'serial_number is required').max(30),
  unit_number: optionalText(50),
  vehicle_type_id: nullableId('vehicle_type_id'),
  specialty_ids: z
    .array(z.uuid({ message: 'specialty_ids must be valid ids' }))
    .max(50)
    .optional(),
  make: optionalText(100),
  model: optionalText(100),
  model_year: z.number().int().min(1900).max(2100).nullable().optional(),
  license_plate: optionalText(20),
  plate_state: stateCode.nullable().optional(),
  in_service: z.boolean().optional(),
  /** The service the vehicle belongs to (service_vehicles); changing it ends the previous link. */
  service_id: nullableId('service_id'),
  updated_at: z.string().optional(),
});

export const vehicleListQuery = listQuery.extend({
  service_id: optionalId('service_id'),
  vehicle_type_id: optionalId('vehicle_type_id'),
  in_service: booleanish.optional(),
});

export const vehicleSearchInput = z.object({
  search: z.string().trim().max(100).nullable().optional(),
  notInService: z.boolean().optional(),
});

export const vehicleMileageInput = z.object({
  mileage: z.number().int().min(0, 'mileage must be 0 or more').max(10_000_000),
  recorded_on: z.iso.date({ message: 'recorded_on must be a date (YYYY-MM-DD)' }).optional(),
});

export const serialNumberCheck = z.object({
  valid: z.boolean(),
  /** null when the serial number is not a 17-character VIN (no check digit to test). */
  checkDigitOk: z.boolean().nullable(),
  /** Id of another vehicle of the enterprise with this serial number. */
  duplicateOf: z.uuid().nullable(),
  message: z.string().nullable(),
});

const recordStamps = {
  id: z.uuid(),
  enterprise_id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A service's station as the API answers it. */
export const serviceStationOutput = z.object({
  ...recordStamps,
  service_id: z.uuid(),
  name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  county_fips: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
});

/** An area a service covers, as the API answers it. */
export const serviceAreaOutput = z.object({
  ...recordStamps,
  service_id: z.uuid(),
  kind: serviceAreaKind,
  value: z.string(),
  state_code: z.string(),
  label: z.string().nullable(),
});

/** A roster entry as the API answers it. */
export const servicePersonnelOutput = z.object({
  ...recordStamps,
  service_id: z.uuid(),
  user_id: z.uuid(),
  position_id: z.uuid().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_designated: z.boolean(),
  is_administrator: z.boolean(),
});

/** A service as the API answers it, with the counties it serves and is affiliated with. */
export const serviceOutput = z.object({
  ...recordStamps,
  name: z.string(),
  service_number: z.string().nullable(),
  classification_id: z.uuid().nullable(),
  primary_level_id: z.uuid().nullable(),
  permit_level_id: z.uuid().nullable(),
  training_level_ids: z.array(z.uuid()),
  parent_id: z.uuid().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  county_fips: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  active: z.boolean(),
  deleted_at: z.string().nullable(),
  counties: z.array(z.string()),
  affiliation_counties: z.array(z.string()),
});
export type ServiceOutput = z.infer<typeof serviceOutput>;

/** A vehicle as the API answers it, with the service it belongs to today. */
export const vehicleOutput = z.object({
  ...recordStamps,
  serial_number: z.string(),
  unit_number: z.string().nullable(),
  vehicle_type_id: z.uuid().nullable(),
  specialty_ids: z.array(z.uuid()),
  make: z.string().nullable(),
  model: z.string().nullable(),
  model_year: z.number().int().nullable(),
  license_plate: z.string().nullable(),
  plate_state: z.string().nullable(),
  in_service: z.boolean(),
  service_id: z.uuid().nullable(),
  deleted_at: z.string().nullable(),
});
export type VehicleOutput = z.infer<typeof vehicleOutput>;
