import type { Tx } from '../client';
import { nationalRegistryIntegrationData } from '../schema/people';

/**
 * Demo National Registry certifications, as the registry's export would bring them: the applicant's
 * (linked to them; the registry's expiration differs from their state EMT credential's) and one whose
 * registry number names nobody in the state, so the reconciliation page opens on two mismatches.
 */
export async function seedDemoNationalRegistry(tx: Tx, enterpriseId: string, applicant: { id: string }) {
  const row = (number: string, first: string, last: string, level: string, expiration: string) => ({
    source: 'registry_export' as const,
    registry_number: number,
    first_name: first,
    last_name: last,
    level,
    expiration_date: expiration,
    status: 'Active',
  });
  await tx.insert(nationalRegistryIntegrationData).values([
    {
      enterprise_id: enterpriseId,
      user_id: applicant.id,
      national_ems_id: 'E1234567',
      payload: row('E1234567', 'Avery', 'Applicant', 'EMT', '2027-03-31'),
    },
    {
      enterprise_id: enterpriseId,
      user_id: null,
      national_ems_id: 'P7654321',
      payload: row('P7654321', 'Jordan', 'Rivera', 'Paramedic', '2027-09-30'),
    },
  ]);
}
