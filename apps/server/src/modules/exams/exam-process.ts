import { type EligibleRequest, retestRefusal } from '@licensure/contracts';
import {
  type Db,
  exCandidates,
  license_category_levels,
  license_request_application_types,
  licenseRequestProcessStatuses,
  licenseRequests,
  licenses,
  processes,
  processStatuses,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { history } from '../licensing/request-store';

/**
 * The exam process of a licence: a review process coded `exam`, whose statuses are coded `pending`,
 * `passed` and `failed`. A request waits for the exam while its exam process is at any status but
 * `passed`, and is eligible for the packet of the level it applied for.
 */
export const EXAM_PROCESS_CODE = 'exam';

export interface PacketRef {
  id: string;
  license_category_level_id: string | null;
  max_failed_attempts: number;
}

const examProcessJoin = and(
  eq(processes.id, licenseRequestProcessStatuses.process_id),
  sql`lower(${processes.code}) = ${EXAM_PROCESS_CODE}`,
) as SQL;

/**
 * Requests of the enterprise waiting for this packet's exam (optionally only one person's or one
 * request), with their failed attempts and whether retesting is refused.
 */
export async function eligibleRequests(
  db: Db | Tx,
  enterpriseId: string,
  packet: PacketRef,
  only: { userId?: string; requestId?: string } = {},
): Promise<EligibleRequest[]> {
  const levelMatch: SQL | undefined = packet.license_category_level_id
    ? exists(
        db
          .select({ one: sql`1` })
          .from(license_request_application_types)
          .where(
            and(
              eq(license_request_application_types.license_request_id, licenseRequests.id),
              eq(
                license_request_application_types.license_category_level_id,
                packet.license_category_level_id,
              ),
              eq(license_request_application_types.checked, true),
            ),
          ),
      )
    : undefined;
  const rows = await db
    .select({
      license_request_id: licenseRequests.id,
      user_id: licenseRequests.user_id,
      name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
      license_name: licenses.name,
      level: sql<string | null>`(select string_agg(l.label, ', ') from license_request_application_types a
        join ${license_category_levels} l on l.id = a.license_category_level_id
        where a.license_request_id = ${licenseRequests.id} and a.checked)`,
      process_status: processStatuses.label,
      failed_attempts: sql<number>`(select count(*)::int from ex_candidates c
        where c.license_request_id = ${licenseRequests.id} and c.exam_packet_id = ${packet.id} and c.status = 'failed')`,
      registered: sql<boolean>`exists (select 1 from ex_candidates c
        where c.license_request_id = ${licenseRequests.id} and c.status = 'registered')`,
    })
    .from(licenseRequests)
    .innerJoin(
      licenseRequestProcessStatuses,
      eq(licenseRequestProcessStatuses.license_request_id, licenseRequests.id),
    )
    .innerJoin(processes, examProcessJoin)
    .innerJoin(processStatuses, eq(processStatuses.id, licenseRequestProcessStatuses.process_status_id))
    .leftJoin(users, eq(users.id, licenseRequests.user_id))
    .leftJoin(licenses, eq(licenses.id, licenseRequests.license_id))
    .where(
      and(
        eq(licenseRequests.enterprise_id, enterpriseId),
        isNull(licenseRequests.deleted_at),
        sql`${licenseRequests.review_state} not in ('draft', 'denied', 'withdrawn')`,
        sql`coalesce(lower(${processStatuses.code}), '') <> 'passed'`,
        levelMatch,
        only.userId ? eq(licenseRequests.user_id, only.userId) : undefined,
        only.requestId ? eq(licenseRequests.id, only.requestId) : undefined,
      ),
    )
    .orderBy(licenseRequests.created_at);
  return rows.map((r) => ({
    ...r,
    failed_attempts: Number(r.failed_attempts),
    registered: r.registered === true,
    refusal: retestRefusal(Number(r.failed_attempts), packet.max_failed_attempts),
  }));
}

/** The failed sittings of a request for a packet, counted in the caller's transaction. */
export async function failedAttempts(tx: Tx, requestId: string, packetId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(exCandidates)
    .where(
      and(
        eq(exCandidates.license_request_id, requestId),
        eq(exCandidates.exam_packet_id, packetId),
        eq(exCandidates.status, 'failed'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Sets the request's exam process to the status coded as the outcome (`passed` or `failed`), with a
 * history entry (which records the process-changed event). A process without that status is a 409:
 * the configuration must say what a result means.
 */
export async function setExamProcessStatus(
  tx: Tx,
  request: FastifyRequest,
  licenseRequestId: string,
  outcome: 'passed' | 'failed',
  note: string,
): Promise<void> {
  const [row] = await tx
    .select({ process_id: processes.id, current: licenseRequestProcessStatuses.process_status_id })
    .from(licenseRequestProcessStatuses)
    .innerJoin(processes, examProcessJoin)
    .where(eq(licenseRequestProcessStatuses.license_request_id, licenseRequestId));
  if (!row) return;
  const [status] = await tx
    .select({ id: processStatuses.id })
    .from(processStatuses)
    .where(
      and(eq(processStatuses.process_id, row.process_id), sql`lower(${processStatuses.code}) = ${outcome}`),
    );
  if (!status)
    throw new AppError(
      'conflict',
      `The exam process has no status coded "${outcome}": add one to record this result.`,
    );
  if (status.id === row.current) return;
  await tx
    .update(licenseRequestProcessStatuses)
    .set({ process_status_id: status.id, updated_by: request.auth?.userId ?? null, updated_at: new Date() })
    .where(
      and(
        eq(licenseRequestProcessStatuses.license_request_id, licenseRequestId),
        eq(licenseRequestProcessStatuses.process_id, row.process_id),
      ),
    );
  await history(tx, request, licenseRequestId, {
    kind: 'process',
    process_id: row.process_id,
    process_status_id: status.id,
    note,
    internal: false,
  });
}
