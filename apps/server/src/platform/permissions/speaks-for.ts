import type { Db, Tx } from '@licensure/db';
import { eq, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import {
  administeredServiceIds,
  administersSql,
  administersVehicleSql,
  currentServiceOfVehicle,
  type UserParam,
} from './roster';

/** A record held by a person, a service or a vehicle (requests, credentials). */
export interface Subject {
  user_id: string | null;
  service_id: string | null;
  vehicle_id: string | null;
}

/**
 * Whether a portal user stands for the subject of a record: the person themself, an administrator
 * of the service, or of the service a vehicle belongs to.
 */
export async function speaksFor(
  db: Db | Tx,
  auth: Pick<AuthContext, 'userId'>,
  enterpriseId: string,
  subject: Subject,
): Promise<boolean> {
  if (subject.user_id) return subject.user_id === auth.userId;
  const managed = await administeredServiceIds(db, enterpriseId, auth.userId);
  if (subject.service_id) return managed.includes(subject.service_id);
  if (subject.vehicle_id) {
    const service = await currentServiceOfVehicle(db, subject.vehicle_id);
    return service !== null && managed.includes(service);
  }
  return false;
}

/** The same rule as SQL over a table's holder columns, for row scopes and lists. */
export function speaksForSql(
  columns: { user_id: SQLWrapper; service_id: SQLWrapper; vehicle_id: SQLWrapper },
  user: UserParam,
): SQL {
  return or(
    eq(columns.user_id as never, user),
    administersSql(columns.service_id, user),
    administersVehicleSql(columns.vehicle_id, user),
  ) as SQL;
}
