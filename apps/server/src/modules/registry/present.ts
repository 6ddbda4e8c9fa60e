import type { certifications, services, vehicles } from '@licensure/db';

type Service = typeof services.$inferSelect;
type Vehicle = typeof vehicles.$inferSelect;
type Certification = typeof certifications.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentService = (
  s: Service,
  counties: { counties: string[]; affiliation_counties: string[] } = {
    counties: [],
    affiliation_counties: [],
  },
) => ({
  id: s.id,
  enterprise_id: s.enterprise_id,
  name: s.name,
  service_number: s.service_number,
  classification_id: s.classification_id,
  primary_level_id: s.primary_level_id,
  permit_level_id: s.permit_level_id,
  training_level_ids: s.training_level_ids,
  parent_id: s.parent_id,
  street: s.street,
  city: s.city,
  state: s.state,
  postal_code: s.postal_code,
  county_fips: s.county_fips,
  phone: s.phone,
  email: s.email,
  website: s.website,
  active: s.active,
  deleted_at: iso(s.deleted_at),
  created_at: iso(s.created_at),
  updated_at: iso(s.updated_at),
  ...counties,
});

export const presentServiceLess = (
  s: Pick<Service, 'id' | 'name' | 'service_number' | 'city' | 'state' | 'active'>,
) => ({
  id: s.id,
  name: s.name,
  service_number: s.service_number,
  city: s.city,
  state: s.state,
  active: s.active,
});

export const presentVehicle = (v: Vehicle, serviceId: string | null = null) => ({
  id: v.id,
  enterprise_id: v.enterprise_id,
  serial_number: v.serial_number,
  unit_number: v.unit_number,
  vehicle_type_id: v.vehicle_type_id,
  specialty_ids: v.specialty_ids,
  make: v.make,
  model: v.model,
  model_year: v.model_year,
  license_plate: v.license_plate,
  plate_state: v.plate_state,
  in_service: v.in_service,
  service_id: serviceId,
  deleted_at: iso(v.deleted_at),
  created_at: iso(v.created_at),
  updated_at: iso(v.updated_at),
});

export const presentCertification = (c: Certification) => ({
  id: c.id,
  user_id: c.user_id,
  service_id: c.service_id,
  vehicle_id: c.vehicle_id,
  license_id: c.license_id,
  license_category_level_id: c.license_category_level_id,
  certification_level_id: c.certification_level_id,
  number: c.number,
  status: c.status,
  issue_date: c.issue_date,
  expiration_date: c.expiration_date,
  created_at: iso(c.created_at),
  updated_at: iso(c.updated_at),
});
