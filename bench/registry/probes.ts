/**
 * Index probes: the query shapes the indexes of packages/db were made for, explained on the scale
 * database, each with the index it must use. They check the indexes themselves, apart from how a
 * route happens to phrase its SQL (bench/search.ts explains the routes' own statements too).
 */
import type pg from 'pg';
import { explain, type Plan } from './plans';

export interface Probe {
  name: string;
  sql: string;
  params: unknown[];
  expect: string;
}

export interface ProbeResult extends Plan {
  name: string;
  expect: string;
  ok: boolean;
}

/** Values taken from a real row, so the probes find something. */
export async function probes(c: pg.Client): Promise<Probe[]> {
  const { rows } = await c.query<{ ln: string; fn: string; email: string; nr: string; num: string }>(
    `select lower(u.last_name) as ln, lower(u.first_name) as fn, lower(u.email) as email,
            upper(u.national_ems_id) as nr, upper(c.number) as num
     from users u join certifications c on c.user_id = u.id
     where u.id = md5('bench-user-' || 4242)::uuid and u.email is not null limit 1`,
  );
  const p = rows[0] ?? {
    ln: 'smith',
    fn: 'mary',
    email: 'mary.smith1@gmail.com',
    nr: 'NR00000001',
    num: 'EMT0000001',
  };
  const v = await c.query<{ serial: string }>(
    `select upper(serial_number) as serial from vehicles where id = md5('bench-vehicle-' || 4242)::uuid`,
  );
  const serial = v.rows[0]?.serial ?? '1FD';
  return [
    {
      name: 'last name prefix',
      sql: 'select id from users where lower(last_name) like $1',
      params: [`${p.ln.slice(0, 4)}%`],
      expect: 'users_last_name_prefix_idx',
    },
    {
      name: 'last name contains (trigram)',
      sql: 'select id from users where lower(last_name) like $1',
      params: [`%${p.ln.slice(1, 5)}%`],
      expect: 'users_last_name_trgm_idx',
    },
    {
      name: 'first name prefix (trigram)',
      sql: 'select id from users where lower(first_name) like $1',
      params: [`${p.fn.slice(0, 3)}%`],
      expect: 'users_first_name_trgm_idx',
    },
    {
      name: 'email prefix',
      // As the routes ask: users_email_cover_idx holds the people not deleted.
      sql: 'select id from users where lower(email) like $1 and deleted_at is null',
      params: [`${p.email.slice(0, 10)}%`],
      expect: 'users_email_cover_idx',
    },
    {
      name: 'national EMS id prefix',
      sql: 'select id from users where upper(national_ems_id) like $1',
      params: [`${p.nr.slice(0, 8)}%`],
      expect: 'users_national_ems_id_idx',
    },
    {
      name: 'licence number prefix',
      sql: 'select id from certifications where upper(number) like $1',
      params: [`${p.num.slice(0, 7)}%`],
      expect: 'certifications_number_idx',
    },
    {
      name: 'vehicle serial prefix',
      sql: 'select id from vehicles where upper(serial_number) like $1',
      params: [`${serial.slice(0, 8)}%`],
      expect: 'vehicles_serial_prefix_idx',
    },
    {
      name: 'service name contains (trigram)',
      sql: 'select id from services where lower(name) like $1',
      params: ['%austin%'],
      expect: 'services_name_trgm_idx',
    },
  ];
}

export async function runProbes(c: pg.Client): Promise<ProbeResult[]> {
  const out: ProbeResult[] = [];
  for (const probe of await probes(c)) {
    await explain(c, { text: probe.sql, values: probe.params }); // warm the pages first
    const plan = await explain(c, { text: probe.sql, values: probe.params });
    out.push({
      ...plan,
      name: probe.name,
      expect: probe.expect,
      ok: plan.indexes.includes(probe.expect) && plan.seqScans.length === 0,
    });
  }
  return out;
}
