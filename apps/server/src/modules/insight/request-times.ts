import type { Db, Tx } from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../triggers/rows';

/**
 * Computes the processing time of decided requests from their history and stores it in
 * insight_request_times (one row a request, replaced when computed again). The request's first
 * submission starts the clock, its first approval or denial stops it; each span that starts with a
 * return or a request for information and lasts until the next entry (the applicant resubmitting or
 * answering) is time waiting on the applicant, the rest is time waiting on staff. A request with no
 * submission in its history (entered before history was kept) starts at its submission date.
 */
export function requestTimesStatement(which: SQL): SQL {
  return sql`with decided as (
      select h.license_request_id as id, min(h.at) as decided_at
      from license_request_history h
      where h.kind in ('issued', 'denied') and ${which}
      group by h.license_request_id),
    steps as (
      select d.id, x.kind, x.at,
             lead(x.at) over (partition by d.id order by x.at, x.id) as next_at
      from decided d
      join license_request_history x on x.license_request_id = d.id and x.at <= d.decided_at
       and x.kind in ('submitted', 'returned', 'info_requested', 'info_answered', 'issued', 'denied')),
    spans as (
      select id, min(at) filter (where kind = 'submitted') as first_submitted,
             coalesce(sum(extract(epoch from next_at - at)) filter (where kind in ('returned', 'info_requested')), 0) / 86400.0 as applicant_days
      from steps group by id)
    insert into insight_request_times as t (license_request_id, enterprise_id, license_id, decided_by, decision,
                                            submitted_at, decided_at, total_days, applicant_days)
    select r.id, r.enterprise_id, r.license_id, dh.user_id, dh.kind,
           coalesce(s.first_submitted, r.completed_on, r.created_at), d.decided_at,
           greatest(extract(epoch from d.decided_at - coalesce(s.first_submitted, r.completed_on, r.created_at)) / 86400.0, 0),
           least(coalesce(s.applicant_days, 0),
                 greatest(extract(epoch from d.decided_at - coalesce(s.first_submitted, r.completed_on, r.created_at)) / 86400.0, 0))
    from decided d
    join license_requests r on r.id = d.id
    left join spans s on s.id = d.id
    left join lateral (select h.user_id, h.kind from license_request_history h
                       where h.license_request_id = d.id and h.kind in ('issued', 'denied') and h.at = d.decided_at
                       limit 1) dh on true
    on conflict (license_request_id) do update set
      license_id = excluded.license_id, decided_by = excluded.decided_by, decision = excluded.decision,
      submitted_at = excluded.submitted_at, decided_at = excluded.decided_at,
      total_days = excluded.total_days, applicant_days = excluded.applicant_days`;
}

/** The processing time of one request, after its decision (the event consumer calls it in its transaction). */
export async function recordRequestTime(tx: Db | Tx, requestId: string): Promise<void> {
  await tx.execute(requestTimesStatement(sql`h.license_request_id = ${requestId}`));
}

/**
 * The processing times of every decided request that has none yet: requests decided before this table
 * existed, seeded or loaded in bulk. Set-based, and harmless to run again; returns how many it added.
 */
export async function recordMissingRequestTimes(db: Db | Tx): Promise<number> {
  const result = await db.execute(
    sql`${requestTimesStatement(
      sql`not exists (select 1 from insight_request_times t where t.license_request_id = h.license_request_id)`,
    )} returning 1`,
  );
  return rowsOf(result).length;
}
