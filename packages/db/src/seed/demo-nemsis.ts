import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { nemsisProfiles } from '../schema/nemsis';
import { certification_levels, data_elements, vehicle_types } from '../schema/reference';
import { serviceAreas, serviceCounties, services, vehicles } from '../schema/registry';

/**
 * The NEMSIS facts of the demo (Texas) office and its Lakeside Ambulance Service, so that the service's
 * DEM export and the State export pass the NEMSIS XSD and national Schematron: the service's level, type,
 * area (Travis County, two census tracts and ZIP codes), its ambulance's type, and the NEMSIS profile of
 * the service and of the state (procedures as SNOMED CT, medications as RxNorm, protocols as NEMSIS codes).
 */
export async function seedDemoNemsis(tx: Tx, enterpriseId: string) {
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.enterprise_id, enterpriseId), eq(services.service_number, 'SVC-1001')));
  if (!service) throw new Error('demo service not found');
  const [emt] = await tx
    .select({ id: certification_levels.id })
    .from(certification_levels)
    .where(and(eq(certification_levels.enterprise_id, enterpriseId), eq(certification_levels.code, 'EMT')));
  const [governmental] = await tx
    .select({ id: data_elements.id })
    .from(data_elements)
    .where(
      and(
        eq(data_elements.enterprise_id, enterpriseId),
        eq(data_elements.data_section_name, 'organization_types'),
        eq(data_elements.code, '9912003'),
      ),
    );
  await tx
    .update(services)
    .set({ primary_level_id: emt?.id ?? null, classification_id: governmental?.id ?? null })
    .where(eq(services.id, service.id));
  await tx
    .insert(serviceCounties)
    .values({ service_id: service.id, county_fips: '48453' })
    .onConflictDoNothing();
  await tx.insert(serviceAreas).values(
    [
      ['census_tract', '48453001100'],
      ['census_tract', '48453001200'],
      ['postal_code', '78701'],
      ['postal_code', '78702'],
    ].map(([kind, value]) => ({
      enterprise_id: enterpriseId,
      service_id: service.id,
      kind: kind as 'census_tract' | 'postal_code',
      value: value as string,
      state_code: 'TX',
    })),
  );
  const [ambulance] = await tx
    .select({ id: vehicle_types.id })
    .from(vehicle_types)
    .where(and(eq(vehicle_types.enterprise_id, enterpriseId), eq(vehicle_types.code, '1404001')));
  await tx
    .update(vehicles)
    .set({ vehicle_type_id: ambulance?.id ?? null })
    .where(and(eq(vehicles.enterprise_id, enterpriseId), eq(vehicles.serial_number, '1FDXE4FS0KDC12345')));

  const care = {
    // Oxygen therapy, cardiopulmonary resuscitation, splinting, 12-lead ECG, glucose measurement.
    procedures: ['57485005', '89666000', '79321009', '428803005', '33747003'],
    // Aspirin, glucose, naloxone, albuterol, epinephrine.
    medications: ['1191', '4850', '7242', '435', '3992'],
    // Airway, cardiac arrest (asystole), pain control, extremity injury, stroke/TIA.
    protocols: ['9914001', '9914011', '9914071', '9914097', '9914145'],
  };
  await tx.insert(nemsisProfiles).values([
    {
      enterprise_id: enterpriseId,
      service_id: service.id,
      values: {
        primary_service_type: '9920001',
        other_service_types: [],
        organization_status: '1016003',
        tax_status: '1018003',
        emd_provided: '1213003',
        state_fips: null,
        ...care,
      },
    },
    {
      enterprise_id: enterpriseId,
      service_id: null,
      values: {
        primary_service_type: null,
        other_service_types: [],
        organization_status: null,
        tax_status: null,
        emd_provided: null,
        state_fips: '48',
        ...care,
      },
    },
  ]);
  return { serviceId: service.id };
}
