import { inspection_autonumbers, type Tx } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { datedNumber, takeAutonumber } from '../lookups/autonumbers';

/**
 * Takes the next inspection number of a kind (service or vehicle) from its inspection auto number: one
 * UPDATE ... RETURNING, so two inspections created at once get two numbers. Without one configured, a
 * dated number with a random part.
 */
export async function takeInspectionNumber(tx: Tx, enterpriseId: string, entity: string): Promise<string> {
  const [config] = await tx
    .select({ autonumber_id: inspection_autonumbers.autonumber_id })
    .from(inspection_autonumbers)
    .where(
      and(
        eq(inspection_autonumbers.enterprise_id, enterpriseId),
        eq(inspection_autonumbers.entity, entity),
        eq(inspection_autonumbers.active, true),
      ),
    );
  const autonumberId = config?.autonumber_id as string | undefined;
  const number = autonumberId ? await takeAutonumber(tx, enterpriseId, autonumberId) : null;
  return number ?? datedNumber('INS');
}
