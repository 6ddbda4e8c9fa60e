import type { RequestQueueQuery } from '@licensure/contracts';
import { licenseRequestProcessStatuses, licenseRequests, licenses, services, users } from '@licensure/db';
import { and, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { likeContains, sortTerm } from '../../platform/resources/list-query';
import { openStates, withApplicantStates } from './decisions';

/** The queue's sort keys; by default the longest waiting submission first. */
export function queueOrder(q: RequestQueueQuery): SQL {
  return sortTerm(
    {
      completed_on: sql`${licenseRequests.completed_on}`,
      created_at: sql`${licenseRequests.created_at}`,
      updated_at: sql`${licenseRequests.updated_at}`,
      assigned_at: sql`${licenseRequests.assigned_at}`,
      license_name: sql`${licenses.name}`,
    },
    q,
    'completed_on',
  );
}

/** The queue's filters as one condition (the list, its counts, the CSV export and the dashboard share it). */
export function queueWhere(enterpriseId: string, auth: AuthContext, q: RequestQueueQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(licenseRequests.enterprise_id, enterpriseId)];
  if (!q.includeDeleted) conditions.push(isNull(licenseRequests.deleted_at));
  if (q.license_id) conditions.push(eq(licenseRequests.license_id, q.license_id));
  if (q.status_id) conditions.push(eq(licenseRequests.status_id, q.status_id));
  if (q.user_id) conditions.push(eq(licenseRequests.user_id, q.user_id));
  if (q.service_id) conditions.push(eq(licenseRequests.service_id, q.service_id));
  if (q.progress !== undefined) conditions.push(eq(licenseRequests.progress, q.progress));
  if (q.state === 'open') conditions.push(inArray(licenseRequests.review_state, [...openStates]));
  else if (q.state === 'with_applicant')
    conditions.push(inArray(licenseRequests.review_state, [...withApplicantStates]));
  else if (q.state && q.state !== 'all') conditions.push(eq(licenseRequests.review_state, q.state));
  if (q.assigned_to === 'none') conditions.push(isNull(licenseRequests.assigned_to));
  else if (q.assigned_to)
    conditions.push(eq(licenseRequests.assigned_to, q.assigned_to === 'me' ? auth.userId : q.assigned_to));
  if (q.created_by === 'me') conditions.push(eq(licenseRequests.created_by, auth.userId));
  if (q.from) conditions.push(gte(licenseRequests.completed_on, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lte(licenseRequests.completed_on, new Date(`${q.to}T23:59:59.999Z`)));
  if (q.decided_from || q.decided_to)
    conditions.push(
      sql`exists (select 1 from license_request_history h where h.license_request_id = ${licenseRequests.id} and h.kind in ('issued', 'denied')${
        q.decided_from ? sql` and h.at >= ${`${q.decided_from}T00:00:00Z`}::timestamptz` : sql``
      }${q.decided_to ? sql` and h.at <= ${`${q.decided_to}T23:59:59.999Z`}::timestamptz` : sql``})`,
    );
  if (q.process_status_id || q.process_id)
    conditions.push(
      sql`exists (select 1 from ${licenseRequestProcessStatuses} where ${licenseRequestProcessStatuses.license_request_id} = ${licenseRequests.id}${
        q.process_id ? sql` and ${licenseRequestProcessStatuses.process_id} = ${q.process_id}` : sql``
      }${q.process_status_id ? sql` and ${licenseRequestProcessStatuses.process_status_id} = ${q.process_status_id}` : sql``})`,
    );
  const search = q.search?.trim();
  if (search)
    conditions.push(
      or(
        ilike(users.last_name, likeContains(search)),
        ilike(users.first_name, likeContains(search)),
        ilike(services.name, likeContains(search)),
      ),
    );
  return and(...conditions);
}
