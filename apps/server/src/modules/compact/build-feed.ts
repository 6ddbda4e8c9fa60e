import { createHash } from 'node:crypto';
import { compactFeedColumns, csvLine } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../triggers/rows';

interface LicenceRow {
  id: string;
  state: string | null;
  national_ems_id: string | null;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  birth_date: string | null;
  number: string;
  level: string | null;
  status: string;
  issue_date: string | null;
  expiration_date: string | null;
}
interface ActionRow {
  certification_id: string;
  outcome: string;
  outcome_date: string | null;
  outcome_public: boolean;
}

export interface CompactFeed {
  content: string;
  sha256: string;
  licenceCount: number;
  adverseActionCount: number;
}

const statusWord: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  suspended: 'Suspended',
  revoked: 'Revoked',
};
const actionWord: Record<string, string> = {
  reprimand: 'Reprimand',
  probation: 'Probation',
  suspension: 'Suspension',
  revocation: 'Revocation',
};

/**
 * The licence and adverse-action file of an enterprise on `fileDate`: every person's credential that is
 * not deleted (an `L` row) and each disciplinary outcome recorded on it through the complaints module's
 * investigations (an `A` row after its licence). The privilege to practice is `N` for a licence that is
 * not active or has expired by the file's date, `Y` otherwise.
 */
export async function buildCompactFeed(
  db: Db | Tx,
  enterpriseId: string,
  fileDate: string,
): Promise<CompactFeed> {
  const licences = rowsOf<LicenceRow>(
    await db.execute(sql`
      select c.id, e.abbreviation as state, u.national_ems_id, u.last_name, u.first_name, u.middle_name,
        u.birth_date::text as birth_date, c.number, l.label as level, c.status,
        c.issue_date::text as issue_date, c.expiration_date::text as expiration_date
      from certifications c
      join users u on u.id = c.user_id
      join enterprises e on e.id = c.enterprise_id
      left join certification_levels l on l.id = c.certification_level_id
      where c.enterprise_id = ${enterpriseId} and c.deleted_at is null and c.user_id is not null
        and u.deleted_at is null
      order by c.number, c.id`),
  );
  const actions = rowsOf<ActionRow>(
    await db.execute(sql`
      select coalesce(i.certification_id, k.certification_id) as certification_id, i.outcome,
        i.outcome_date::text as outcome_date, i.outcome_public
      from investigations i
      join complaints k on k.id = i.complaint_id
      where i.enterprise_id = ${enterpriseId} and i.deleted_at is null and k.deleted_at is null
        and i.outcome in ('reprimand', 'probation', 'suspension', 'revocation')
        and coalesce(i.certification_id, k.certification_id) is not null
      order by i.outcome_date nulls last, i.id`),
  );
  const byLicence = new Map<string, ActionRow[]>();
  for (const a of actions)
    byLicence.set(a.certification_id, [...(byLicence.get(a.certification_id) ?? []), a]);

  let content = csvLine(compactFeedColumns);
  let adverseActionCount = 0;
  for (const c of licences) {
    const expired = c.expiration_date !== null && c.expiration_date < fileDate;
    const privilege = c.status === 'active' && !expired ? 'Y' : 'N';
    const licence = [
      c.state ?? '',
      c.national_ems_id ?? '',
      c.last_name ?? '',
      c.first_name ?? '',
      c.middle_name ?? '',
      c.birth_date ?? '',
      c.number,
      c.level ?? '',
      statusWord[c.status] ?? c.status,
      c.issue_date ?? '',
      c.expiration_date ?? '',
      privilege,
    ];
    content += csvLine(['L', ...licence, '', '', '']);
    for (const a of byLicence.get(c.id) ?? []) {
      content += csvLine([
        'A',
        ...licence,
        actionWord[a.outcome] ?? a.outcome,
        a.outcome_date ?? '',
        a.outcome_public ? 'Y' : 'N',
      ]);
      adverseActionCount++;
    }
  }
  return {
    content,
    sha256: createHash('sha256').update(content).digest('hex'),
    licenceCount: licences.length,
    adverseActionCount,
  };
}

/** The file's name: the state, the date and a short digest, so two files of one day differ. */
export const compactFileName = (state: string, fileDate: string, sha256: string) =>
  `ems-compact-${state.toLowerCase().replace(/[^a-z0-9]/g, '') || 'state'}-${fileDate}-${sha256.slice(0, 8)}.csv`;
