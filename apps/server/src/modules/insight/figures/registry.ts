import { sql } from 'drizzle-orm';
import { addDays, type FigureDefinition, num, type Period, selectRows } from './figure';

const expiringColumns = [
  { key: 'within_30', label: 'Next 30 days', kind: 'count' },
  { key: 'within_60', label: 'Next 60 days', kind: 'count' },
  { key: 'within_90', label: 'Next 90 days', kind: 'count' },
] as const;

/** Active credentials expiring from today to 90 days ahead, with the holder's key (a level or a county). */
function expiringRows(
  enterpriseId: string,
  p: Period,
  key: ReturnType<typeof sql>,
  join: ReturnType<typeof sql>,
) {
  return sql`select ${key} as key, count(*) filter (where c.expiration_date <= ${addDays(p.today, 30)}::date) as d30,
                    count(*) filter (where c.expiration_date <= ${addDays(p.today, 60)}::date) as d60,
                    count(*) as d90
             from certifications c ${join}
             where c.enterprise_id = ${enterpriseId} and c.deleted_at is null and c.status = 'active'
               and c.expiration_date >= ${p.today}::date and c.expiration_date <= ${addDays(p.today, 90)}::date
             group by 1 order by 1 nulls last`;
}

type ExpiringRow = { key: string | null; d30: string; d60: string; d90: string };
const cells = (r: ExpiringRow) => ({ within_30: num(r.d30), within_60: num(r.d60), within_90: num(r.d90) });

export const expiringByLevel: FigureDefinition = {
  id: 'expiring_level',
  title: 'Credentials expiring, by level',
  description:
    'Active credentials whose expiry falls in the next 30, 60 and 90 days (each count includes the shorter ones), by certification level.',
  present: true,
  columns: [{ key: 'level', label: 'Level', kind: 'text' }, ...expiringColumns],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<ExpiringRow>(
      db,
      expiringRows(
        enterpriseId,
        p,
        sql`l.label`,
        sql`left join certification_levels l on l.id = c.certification_level_id`,
      ),
    );
    return rows.map((r) => {
      const label = r.key ?? 'No level';
      return { label, cells: { level: label, ...cells(r) }, link: null };
    });
  },
};

export const expiringByCounty: FigureDefinition = {
  id: 'expiring_county',
  title: 'Credentials expiring, by county',
  description:
    "Active credentials whose expiry falls in the next 30, 60 and 90 days, by the county of the holder's address (a person's, or a service's; a vehicle's is its service's when it has one).",
  present: true,
  columns: [{ key: 'county', label: 'County', kind: 'text' }, ...expiringColumns],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<ExpiringRow>(
      db,
      expiringRows(
        enterpriseId,
        p,
        sql`coalesce(g.name || coalesce(', ' || s.abbreviation, ''), 'No county')`,
        sql`left join users u on u.id = c.user_id
            left join services sv on sv.id = c.service_id
            left join geo_counties g on g.fips = coalesce(u.county_fips, sv.county_fips)
            left join geo_states s on s.fips = g.state_fips`,
      ),
    );
    return rows.map((r) => {
      const label = r.key ?? 'No county';
      return { label, cells: { county: label, ...cells(r) }, link: null };
    });
  },
};
