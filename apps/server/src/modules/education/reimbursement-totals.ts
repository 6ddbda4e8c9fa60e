import { type Db, serviceUserTrainings } from '@licensure/db';
import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import {
  joinReimbursement,
  presentServiceUserTraining,
  reimbursementColumns,
} from './service-users.resources';

/** `TrainingUsersReimbursement (service_id)`: a service's people's courses with the totals. */
export async function trainingUsersReimbursement(db: Db, enterpriseId: string, serviceId: string) {
  const rows = (await joinReimbursement(
    db
      .select({ ...getTableColumns(serviceUserTrainings), ...reimbursementColumns })
      .from(serviceUserTrainings)
      .$dynamic(),
  )
    .where(
      and(
        eq(serviceUserTrainings.enterprise_id, enterpriseId),
        eq(serviceUserTrainings.service_id, serviceId),
        isNull(serviceUserTrainings.deleted_at),
      ),
    )
    .orderBy(desc(serviceUserTrainings.created_at))) as Record<string, unknown>[];
  const items = rows.map(presentServiceUserTraining);
  return {
    service_id: serviceId,
    items,
    total_cents: items.reduce((s, i) => s + i.amount_cents, 0),
    reimbursable_cents: items.filter((i) => i.reimburse).reduce((s, i) => s + i.amount_cents, 0),
  };
}
