import type { ReviewerView } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import { num, selectRows } from './figures/figure';

type RequestRow = {
  id: string;
  license_name: string | null;
  subject_name: string | null;
  review_state: string;
  submitted_at: Date | string | null;
  assigned_at: Date | string | null;
  age_days: number | string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function requestsWhere(db: Db, enterpriseId: string, where: SQL, limit: number) {
  return selectRows<RequestRow>(
    db,
    sql`select r.id, l.name as license_name,
               coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), s.name, v.unit_number) as subject_name,
               r.review_state, r.completed_on as submitted_at, r.assigned_at,
               current_date - (coalesce(r.completed_on, r.created_at) at time zone 'UTC')::date as age_days
        from license_requests r
        left join licenses l on l.id = r.license_id
        left join users u on u.id = r.user_id
        left join services s on s.id = r.service_id
        left join vehicles v on v.id = r.vehicle_id
        where r.enterprise_id = ${enterpriseId} and r.deleted_at is null and ${where}
        order by r.completed_on nulls last, r.created_at
        limit ${limit}`,
  );
}

const present = (r: RequestRow) => ({
  id: r.id,
  license_name: r.license_name,
  subject_name: r.subject_name,
  review_state: r.review_state,
  submitted_at: iso(r.submitted_at),
  assigned_at: iso(r.assigned_at),
  age_days: Number(r.age_days),
});

/**
 * The staff home of a reviewer: the open requests they have checked out (oldest first), the submitted
 * requests nobody has checked out (what comes next), and their processing times over the last 90 days
 * beside the whole office's, from the same summary the dashboard reads.
 */
export async function reviewerView(db: Db, enterpriseId: string, userId: string): Promise<ReviewerView> {
  const [checkedOut, nextUp, waiting, times] = await Promise.all([
    requestsWhere(
      db,
      enterpriseId,
      sql`r.assigned_to = ${userId} and r.review_state in ('submitted', 'info_requested', 'returned')`,
      50,
    ),
    requestsWhere(db, enterpriseId, sql`r.assigned_to is null and r.review_state = 'submitted'`, 5),
    selectRows<{ n: string }>(
      db,
      sql`select count(*) as n from license_requests r where r.enterprise_id = ${enterpriseId}
          and r.deleted_at is null and r.assigned_to is null and r.review_state = 'submitted'`,
    ),
    selectRows<{ mine: boolean; n: string; median: string | null; p90: string | null }>(
      db,
      sql`select t.mine, count(*) as n,
                 percentile_cont(0.5) within group (order by t.total_days) as median,
                 percentile_cont(0.9) within group (order by t.total_days) as p90
          from (select coalesce(x.decided_by = ${userId}, false) as mine, x.total_days
                from insight_request_times x
                where x.enterprise_id = ${enterpriseId} and x.decided_at >= now() - interval '90 days') t
          group by grouping sets ((t.mine), ())`,
    ),
  ]);
  const timesOf = (r: (typeof times)[number] | undefined) => ({
    decided: num(r?.n ?? 0) ?? 0,
    median_days: num(r?.median ?? null, 1),
    p90_days: num(r?.p90 ?? null, 1),
  });
  return {
    checked_out: checkedOut.map(present),
    next_up: nextUp.map(present),
    waiting_count: num(waiting[0]?.n ?? 0) ?? 0,
    mine: timesOf(times.find((r) => r.mine === true)),
    office: timesOf(times.find((r) => r.mine === null)),
  };
}
