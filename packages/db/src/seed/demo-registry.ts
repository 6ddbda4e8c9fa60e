import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { certification_levels, positions } from '../schema/reference';
import {
  certifications,
  servicePersonnel,
  serviceStations,
  services,
  serviceVehicles,
  vehicleMileage,
  vehicles,
} from '../schema/registry';

/** The demo people the registry data refers to (the applicant works at the demo service). */
export interface DemoRegistryUsers {
  applicant: { id: string };
}

/**
 * Demo registry data: an ambulance service with a station, the demo applicant on its roster, a vehicle
 * with a mileage reading, and active credentials for the applicant (EMT-000123), the service and the vehicle.
 */
export async function seedDemoRegistry(tx: Tx, enterpriseId: string, users: DemoRegistryUsers) {
  const [emtLevel] = await tx
    .insert(certification_levels)
    .values({ enterprise_id: enterpriseId, label: 'EMT', code: 'EMT', abbreviation: 'EMT', rank: 1 })
    .returning();
  const [emtPosition] = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.enterprise_id, enterpriseId), eq(positions.label, 'EMT')))
    .limit(1);

  const [service] = await tx
    .insert(services)
    .values({
      enterprise_id: enterpriseId,
      name: 'Lakeside Ambulance Service',
      service_number: 'SVC-1001',
      street: '100 Main Street',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      county_fips: '48453',
      phone: '512-555-0100',
      email: 'office@lakeside-ems.example.com',
    })
    .returning();
  if (!service) throw new Error('demo service not created');

  await tx.insert(serviceStations).values({
    enterprise_id: enterpriseId,
    service_id: service.id,
    name: 'Station 1',
    street: '100 Main Street',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    county_fips: '48453',
  });

  await tx.insert(servicePersonnel).values({
    enterprise_id: enterpriseId,
    service_id: service.id,
    user_id: users.applicant.id,
    position_id: emtPosition?.id ?? null,
    start_date: '2024-01-15',
  });

  const [vehicle] = await tx
    .insert(vehicles)
    .values({
      enterprise_id: enterpriseId,
      serial_number: '1FDXE4FS0KDC12345',
      unit_number: 'Medic 1',
      make: 'Ford',
      model: 'E-450',
      model_year: 2019,
      license_plate: 'EMS-1001',
      plate_state: 'TX',
    })
    .returning();
  if (!vehicle) throw new Error('demo vehicle not created');

  await tx
    .insert(serviceVehicles)
    .values({ service_id: service.id, vehicle_id: vehicle.id, start_date: '2024-01-15' });
  await tx.insert(vehicleMileage).values({
    enterprise_id: enterpriseId,
    vehicle_id: vehicle.id,
    mileage: 48210,
    recorded_on: '2026-06-30',
  });

  const credential = { enterprise_id: enterpriseId, status: 'active' as const, issue_date: '2026-01-01' };
  await tx.insert(certifications).values([
    {
      ...credential,
      user_id: users.applicant.id,
      certification_level_id: emtLevel?.id ?? null,
      number: 'EMT-000123',
      issue_date: '2024-01-01',
      expiration_date: '2028-01-31',
    },
    { ...credential, service_id: service.id, number: 'SVC-1001', expiration_date: '2027-12-31' },
    { ...credential, vehicle_id: vehicle.id, number: 'VEH-2001', expiration_date: '2027-12-31' },
  ]);
  return { service, vehicle };
}
