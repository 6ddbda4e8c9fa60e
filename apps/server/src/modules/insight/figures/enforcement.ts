import { sql } from 'drizzle-orm';
import { type FigureDefinition, num, selectRows } from './figure';

/** Visits scheduled ahead, visits overdue, and inspections with deficiencies not yet corrected. */
export const inspectionsFigure: FigureDefinition = {
  id: 'inspections',
  title: 'Inspections scheduled, overdue and with open deficiencies',
  description:
    'Visits scheduled from today to the end of the period, visits whose date has passed that are not completed or cancelled, and submitted inspections with a deficiency not yet corrected (and of those, past its due date).',
  present: true,
  columns: [
    { key: 'measure', label: 'Measure', kind: 'text' },
    { key: 'count', label: 'Count', kind: 'count' },
  ],
  async rows(db, enterpriseId, p) {
    const [r] = await selectRows<Record<string, string>>(
      db,
      sql`select
            (select count(*) from ip_visits v where v.enterprise_id = ${enterpriseId} and v.deleted_at is null
               and v.status in ('scheduled', 'in_progress') and v.inspection_date >= ${p.today}::date
               and v.inspection_date <= greatest(${p.to}::date, ${p.today}::date + 90)) as scheduled,
            (select count(*) from ip_visits v where v.enterprise_id = ${enterpriseId} and v.deleted_at is null
               and v.status in ('scheduled', 'in_progress') and v.inspection_date < ${p.today}::date) as overdue,
            (select count(distinct d.inspection_id) from ip_inspection_deficiencies d
               join ip_inspections i on i.id = d.inspection_id and i.deleted_at is null
               where d.enterprise_id = ${enterpriseId} and d.corrected_on is null) as open_deficiencies,
            (select count(distinct d.inspection_id) from ip_inspection_deficiencies d
               join ip_inspections i on i.id = d.inspection_id and i.deleted_at is null
               where d.enterprise_id = ${enterpriseId} and d.corrected_on is null
                 and d.due_date < ${p.today}::date) as past_due`,
    );
    const measures = [
      ['Visits scheduled (next 90 days or to the period end)', 'scheduled'],
      ['Visits overdue', 'overdue'],
      ['Inspections with open deficiencies', 'open_deficiencies'],
      ['Inspections with deficiencies past due', 'past_due'],
    ] as const;
    return measures.map(([label, key]) => ({
      label,
      cells: { measure: label, count: num(r?.[key] ?? 0) },
      link: '/staff/inspections',
    }));
  },
};

/** Open complaints today by their status, in age bands of days since they were received. */
export const complaintsOpen: FigureDefinition = {
  id: 'complaints_open',
  title: 'Complaints open, by stage and age',
  description: 'Complaints not closed today, by their status, in bands of days since they were received.',
  present: true,
  columns: [
    { key: 'stage', label: 'Stage', kind: 'text' },
    { key: 'd0_30', label: '0-30 days', kind: 'count' },
    { key: 'd31_90', label: '31-90 days', kind: 'count' },
    { key: 'd91_180', label: '91-180 days', kind: 'count' },
    { key: 'd181', label: 'Over 180 days', kind: 'count' },
    { key: 'total', label: 'Open', kind: 'count' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string | null>>(
      db,
      sql`select s.label as stage,
                 count(*) filter (where a.age <= 30) as d0_30,
                 count(*) filter (where a.age between 31 and 90) as d31_90,
                 count(*) filter (where a.age between 91 and 180) as d91_180,
                 count(*) filter (where a.age > 180) as d181,
                 count(*) as total
          from (select c.complaint_status_id,
                       ${p.today}::date - (c.received_at at time zone 'UTC')::date as age
                from complaints c
                where c.enterprise_id = ${enterpriseId} and c.deleted_at is null and c.closed_at is null) a
          left join complaint_statuses s on s.id = a.complaint_status_id
          group by s.label, s.sort_order order by s.sort_order nulls last, s.label`,
    );
    return rows.map((r) => {
      const stage = r.stage ?? 'No status';
      return {
        label: stage,
        cells: {
          stage,
          d0_30: num(r.d0_30),
          d31_90: num(r.d31_90),
          d91_180: num(r.d91_180),
          d181: num(r.d181),
          total: num(r.total),
        },
        link: '/staff/complaints',
      };
    });
  },
};

const outcomes = ['dismissed', 'reprimand', 'probation', 'suspension', 'revocation'] as const;

/** Complaints closed per month, by the outcome of their investigation (the most severe one). */
export const complaintOutcomes: FigureDefinition = {
  id: 'complaint_outcomes',
  title: 'Complaint outcomes by month',
  description:
    'Complaints closed each month, by the disciplinary outcome of their investigations (the most severe), or closed with no discipline.',
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'closed', label: 'Closed', kind: 'count' },
    { key: 'no_discipline', label: 'No discipline', kind: 'count' },
    ...outcomes.map((o) => ({ key: o, label: o[0]!.toUpperCase() + o.slice(1), kind: 'count' as const })),
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string | null>>(
      db,
      sql`select to_char(date_trunc('month', c.closed_at), 'YYYY-MM') as month, count(*) as closed,
                 count(*) filter (where o.rank is null or o.rank = 0) as no_discipline,
                 count(*) filter (where o.rank = 1) as dismissed, count(*) filter (where o.rank = 2) as reprimand,
                 count(*) filter (where o.rank = 3) as probation, count(*) filter (where o.rank = 4) as suspension,
                 count(*) filter (where o.rank = 5) as revocation
          from complaints c
          left join lateral (
            select max(array_position(array['none','dismissed','reprimand','probation','suspension','revocation'], i.outcome) - 1) as rank
            from investigations i where i.complaint_id = c.id and i.deleted_at is null) o on true
          where c.enterprise_id = ${enterpriseId} and c.deleted_at is null
            and c.closed_at >= ${p.from}::date and c.closed_at < ${p.to}::date + 1
          group by 1 order by 1`,
    );
    return rows.map((r) => {
      const month = r.month ?? '';
      const cells: Record<string, string | number | null> = {
        month,
        closed: num(r.closed),
        no_discipline: num(r.no_discipline),
      };
      for (const o of outcomes) cells[o] = num(r[o]);
      return { label: month, cells, link: '/staff/complaints' };
    });
  },
};
