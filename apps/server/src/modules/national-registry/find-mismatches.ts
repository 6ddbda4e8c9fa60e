import type { RegistryMismatch, RegistryMismatchKind } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../triggers/rows';

interface RecordRow {
  id: string;
  national_ems_id: string;
  payload: { first_name: string; last_name: string; level: string; expiration_date: string; status: string };
  received_at: string | Date;
  person_id: string | null;
  person_first: string | null;
  person_last: string | null;
  resolved: RegistryMismatchKind[] | null;
}
interface CredentialRow {
  user_id: string;
  status: string;
  expiration_date: string | null;
  levels: string[] | null;
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The latest imported registry certification of each registry number (or of one record), with the person
 * it names: the linked person, else the one person of the enterprise holding that National EMS ID.
 */
async function latestRecords(db: Db | Tx, enterpriseId: string, recordId?: string): Promise<RecordRow[]> {
  const result = await db.execute(sql`
    with latest as (
      select distinct on (upper(d.national_ems_id)) d.*
      from national_registry_integration_data d
      where d.enterprise_id = ${enterpriseId} and d.payload->>'source' = 'registry_export'
        and d.national_ems_id is not null
      order by upper(d.national_ems_id), d.created_at desc, d.id desc)
    select l.id, l.national_ems_id, l.payload, l.created_at as received_at,
      p.id as person_id, p.first_name as person_first, p.last_name as person_last,
      (select array_agg(r.kind) from national_registry_resolutions r where r.registry_data_id = l.id) as resolved
    from latest l
    left join lateral (
      select u.id, u.first_name, u.last_name from users u
      where u.enterprise_id = ${enterpriseId} and u.deleted_at is null
        and (u.id = l.user_id or (l.user_id is null and upper(u.national_ems_id) = upper(l.national_ems_id)))
      order by (u.id = l.user_id) desc nulls last
      limit 2) p on true
    where ${recordId ? sql`l.id = ${recordId}` : sql`true`}
    order by l.created_at desc, l.id`);
  // Two people holding one unlinked number: the number names nobody for sure, so it stays unknown.
  const rows = rowsOf<RecordRow>(result);
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.id, (count.get(r.id) ?? 0) + 1);
  const once = new Map<string, RecordRow>();
  for (const r of rows)
    if (!once.has(r.id))
      once.set(
        r.id,
        (count.get(r.id) ?? 0) > 1 ? { ...r, person_id: null, person_first: null, person_last: null } : r,
      );
  return [...once.values()];
}

async function credentialsOf(db: Db | Tx, enterpriseId: string, people: string[]) {
  if (people.length === 0) return new Map<string, CredentialRow[]>();
  const result = await db.execute(sql`
    select c.user_id, c.status, c.expiration_date::text as expiration_date,
      array_remove(array[l.label, l.code, l.abbreviation], null) as levels
    from certifications c
    left join certification_levels l on l.id = c.certification_level_id
    where c.enterprise_id = ${enterpriseId} and c.deleted_at is null
      and c.user_id in (${sql.join(
        people.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})`);
  const by = new Map<string, CredentialRow[]>();
  for (const c of rowsOf<CredentialRow>(result)) by.set(c.user_id, [...(by.get(c.user_id) ?? []), c]);
  return by;
}

/** The mismatches of one registry record with the state's records, before resolutions are taken off. */
function compare(
  r: RecordRow,
  creds: CredentialRow[],
): Omit<RegistryMismatch, 'registry_data_id' | 'registry' | 'person' | 'registry_number' | 'received_at'>[] {
  const reg = r.payload;
  if (!r.person_id) return [{ kind: 'unknown_number', state_value: null, registry_value: r.national_ems_id }];
  const out: ReturnType<typeof compare> = [];
  if (norm(reg.first_name) !== norm(r.person_first) || norm(reg.last_name) !== norm(r.person_last))
    out.push({
      kind: 'name',
      state_value: `${r.person_first ?? ''} ${r.person_last ?? ''}`.trim(),
      registry_value: `${reg.first_name} ${reg.last_name}`,
    });
  const live = creds.filter((c) => c.status === 'active');
  const leveled = live.filter((c) => (c.levels ?? []).length > 0);
  if (leveled.length && !leveled.some((c) => (c.levels ?? []).some((l) => norm(l) === norm(reg.level))))
    out.push({
      kind: 'level',
      state_value: [...new Set(leveled.map((c) => c.levels?.[0] ?? ''))].join(', '),
      registry_value: reg.level,
    });
  const latest = live
    .map((c) => c.expiration_date)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  if (latest && latest !== reg.expiration_date)
    out.push({ kind: 'expiration', state_value: latest, registry_value: reg.expiration_date });
  if (live.length && (norm(reg.status) !== 'active' || reg.expiration_date < today()))
    out.push({
      kind: 'lapsed',
      state_value: 'Active state credential',
      registry_value: norm(reg.status) !== 'active' ? reg.status : `Expired ${reg.expiration_date}`,
    });
  return out;
}

/** Open mismatches of the enterprise (or of one record): those no resolution settled yet. */
export async function findMismatches(
  db: Db | Tx,
  enterpriseId: string,
  recordId?: string,
): Promise<RegistryMismatch[]> {
  const records = await latestRecords(db, enterpriseId, recordId);
  const creds = await credentialsOf(
    db,
    enterpriseId,
    records.map((r) => r.person_id).filter((p): p is string => Boolean(p)),
  );
  const out: RegistryMismatch[] = [];
  for (const r of records) {
    const resolved = new Set(r.resolved ?? []);
    for (const m of compare(r, creds.get(r.person_id ?? '') ?? [])) {
      if (resolved.has(m.kind)) continue;
      out.push({
        ...m,
        registry_data_id: r.id,
        registry_number: r.national_ems_id,
        registry: {
          registry_number: r.national_ems_id,
          first_name: r.payload.first_name,
          last_name: r.payload.last_name,
          level: r.payload.level,
          expiration_date: r.payload.expiration_date,
          status: r.payload.status,
        },
        person: r.person_id
          ? { id: r.person_id, first_name: r.person_first, last_name: r.person_last }
          : null,
        received_at: new Date(r.received_at).toISOString(),
      });
    }
  }
  return out;
}
