import { sql } from 'drizzle-orm';
import {
  addDays,
  earlier,
  type FigureDefinition,
  later,
  listLink,
  monthEnd,
  num,
  selectRows,
} from './figure';

const QUEUE = '/staff/requests';

/** Submissions (the queue's submission date) and decisions (approvals and denials) per week. */
export const requestsWeekly: FigureDefinition = {
  id: 'requests_weekly',
  title: 'Applications received and decided per week',
  description:
    'Requests submitted each week (by their latest submission, as the queue dates them) and requests approved or denied that week.',
  columns: [
    { key: 'week', label: 'Week of', kind: 'date' },
    { key: 'received', label: 'Received', kind: 'count' },
    { key: 'decided', label: 'Decided', kind: 'count' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<{ week: string; received: string; decided: string }>(
      db,
      sql`with received as (
            select date_trunc('week', r.completed_on)::date as week, count(*) as n
            from license_requests r
            where r.enterprise_id = ${enterpriseId} and r.deleted_at is null
              and r.completed_on >= ${p.from}::date and r.completed_on < ${p.to}::date + 1
            group by 1),
          decided as (
            select date_trunc('week', h.at)::date as week, count(*) as n
            from license_request_history h
            where h.enterprise_id = ${enterpriseId} and h.kind in ('issued', 'denied')
              and h.at >= ${p.from}::date and h.at < ${p.to}::date + 1
            group by 1)
          select to_char(week, 'YYYY-MM-DD') as week, coalesce(r.n, 0) as received, coalesce(d.n, 0) as decided
          from received r full join decided d using (week) order by week`,
    );
    return rows.map((r) => ({
      label: r.week,
      cells: { week: r.week, received: num(r.received), decided: num(r.decided) },
      link: listLink(QUEUE, {
        state: 'all',
        from: later(r.week, p.from),
        to: earlier(addDays(r.week, 6), p.to),
      }),
    }));
  },
};

const AGE_BANDS = [
  { label: '0-7 days', min: 0, max: 7 },
  { label: '8-30 days', min: 8, max: 30 },
  { label: '31-90 days', min: 31, max: 90 },
  { label: 'Over 90 days', min: 91, max: null },
] as const;

/** Requests waiting on staff today (submitted), by days since their submission. */
export const backlogAge: FigureDefinition = {
  id: 'backlog_age',
  title: 'Backlog by age',
  description: 'Submitted requests waiting for a decision today, by whole days since they were submitted.',
  present: true,
  columns: [
    { key: 'age', label: 'Days since submission', kind: 'text' },
    { key: 'requests', label: 'Requests', kind: 'count' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<{ band: number; n: string }>(
      db,
      sql`select case when age <= 7 then 0 when age <= 30 then 1 when age <= 90 then 2 else 3 end as band,
                 count(*) as n
          from (select ${p.today}::date - (r.completed_on at time zone 'UTC')::date as age
                from license_requests r
                where r.enterprise_id = ${enterpriseId} and r.deleted_at is null
                  and r.review_state = 'submitted') a
          group by 1`,
    );
    return AGE_BANDS.map((b, i) => ({
      label: b.label,
      cells: { age: b.label, requests: num(rows.find((r) => Number(r.band) === i)?.n ?? 0) },
      link: listLink(QUEUE, {
        state: 'submitted',
        from: b.max === null ? null : addDays(p.today, -b.max),
        to: addDays(p.today, -b.min),
      }),
    }));
  },
};

/** Requests waiting on staff today, by who has them checked out. */
export const backlogReviewer: FigureDefinition = {
  id: 'backlog_reviewer',
  title: 'Backlog by reviewer',
  description: 'Submitted requests waiting for a decision today, by the reviewer who has them checked out.',
  present: true,
  columns: [
    { key: 'reviewer', label: 'Reviewer', kind: 'text' },
    { key: 'requests', label: 'Requests', kind: 'count' },
    { key: 'oldest_days', label: 'Oldest (days)', kind: 'days' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<{ id: string | null; name: string | null; n: string; oldest: string }>(
      db,
      sql`select b.assigned_to as id, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name,
                 b.n, b.oldest
          from (select r.assigned_to, count(*) as n,
                       ${p.today}::date - min(r.completed_on at time zone 'UTC')::date as oldest
                from license_requests r
                where r.enterprise_id = ${enterpriseId} and r.deleted_at is null
                  and r.review_state = 'submitted'
                group by r.assigned_to) b
          left join users u on u.id = b.assigned_to
          order by b.assigned_to is null, b.n desc, name`,
    );
    return rows.map((r) => {
      const label = r.id ? (r.name ?? 'Unnamed staff member') : 'Not checked out';
      return {
        label,
        cells: { reviewer: label, requests: num(r.n), oldest_days: num(r.oldest) },
        link: listLink(QUEUE, { state: 'submitted', assigned_to: r.id ?? 'none' }),
      };
    });
  },
};

/**
 * Days from a request's first submission to its decision, per month of decision and licence, read
 * from its history: the spans that start when it was returned or information was asked of the
 * applicant, until the applicant answered or resubmitted, are the applicant's; the rest are staff's.
 */
export const processingTime: FigureDefinition = {
  id: 'processing_time',
  title: 'Processing time, submission to decision',
  description:
    'Median and 90th percentile of calendar days from first submission to approval or denial, by month of decision and licence; time waiting on the applicant (returned or asked for information) is shown apart from time waiting on staff.',
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'licence', label: 'Licence', kind: 'text' },
    { key: 'decided', label: 'Decided', kind: 'count' },
    { key: 'median_days', label: 'Median (days)', kind: 'days' },
    { key: 'p90_days', label: '90th percentile (days)', kind: 'days' },
    { key: 'staff_median_days', label: 'Waiting on staff, median (days)', kind: 'days' },
    { key: 'applicant_median_days', label: 'Waiting on applicant, median (days)', kind: 'days' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<{
      month: string;
      license_id: string | null;
      licence: string | null;
      n: string;
      median: string | null;
      p90: string | null;
      staff: string | null;
      applicant: string | null;
    }>(
      db,
      sql`select to_char(date_trunc('month', t.decided_at), 'YYYY-MM') as month, t.license_id,
                 l.name as licence, count(*) as n,
                 percentile_cont(0.5) within group (order by t.total_days) as median,
                 percentile_cont(0.9) within group (order by t.total_days) as p90,
                 percentile_cont(0.5) within group (order by t.total_days - t.applicant_days) as staff,
                 percentile_cont(0.5) within group (order by t.applicant_days) as applicant
          from insight_request_times t
          left join licenses l on l.id = t.license_id
          where t.enterprise_id = ${enterpriseId}
            and t.decided_at >= ${p.from}::date and t.decided_at < ${p.to}::date + 1
          group by 1, 2, 3
          order by 1, 3 nulls last`,
    );
    return rows.map((r) => {
      const licence = r.licence ?? 'No licence';
      return {
        label: `${r.month} ${licence}`,
        cells: {
          month: r.month,
          licence,
          decided: num(r.n),
          median_days: num(r.median, 1),
          p90_days: num(r.p90, 1),
          staff_median_days: num(r.staff, 1),
          applicant_median_days: num(r.applicant, 1),
        },
        link: listLink(QUEUE, {
          state: 'all',
          license_id: r.license_id,
          decided_from: later(`${r.month}-01`, p.from),
          decided_to: earlier(monthEnd(r.month), p.to),
        }),
      };
    });
  },
};
