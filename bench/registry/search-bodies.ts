/**
 * Request bodies for bench/search.ts, drawn from real generated rows (random people, services,
 * vehicles and licences), in kinds: each kind is one way the UI searches. Bodies rotate through the
 * kinds, so every kind is equally represented in the load.
 */
import type pg from 'pg';
import type { Counts } from './generate-sql';

export interface Kind {
  name: string;
  bodies: Record<string, unknown>[];
}

export interface Endpoint {
  name: string;
  path: string;
  /** Staff routes send the admin session; public ones send nothing. */
  auth: boolean;
  kinds: Kind[];
}

/** Random ordinals 1..n, through the ids the generator derives from them (primary-key lookups). */
const ordinals = (n: number, count: number) =>
  Array.from({ length: count }, () => 1 + Math.floor(Math.random() * n));

/** Take the first `min..max` characters of a value. */
const prefixOf = (s: string, min: number, max: number) =>
  s.slice(0, Math.min(s.length, min + Math.floor(Math.random() * (max - min + 1))));

async function rows<T extends pg.QueryResultRow>(c: pg.Client, sql: string, ids: number[]): Promise<T[]> {
  const { rows } = await c.query<T>(sql, [ids]);
  if (rows.length === 0) throw new Error(`no rows for bodies: ${sql}`);
  return rows;
}

export async function sampleEndpoints(c: pg.Client, counts: Counts, perKind = 200): Promise<Endpoint[]> {
  const people = await rows<{
    last_name: string;
    first_name: string;
    email: string | null;
    nr: string | null;
  }>(
    c,
    `select last_name, first_name, email, national_ems_id as nr from users
     where id = any(select md5('bench-user-' || g)::uuid from unnest($1::int[]) g) and deleted_at is null`,
    ordinals(counts.people, perKind * 2),
  );
  const licences = await rows<{ number: string; last_name: string; first_name: string }>(
    c,
    `select c.number, u.last_name, u.first_name from certifications c join users u on u.id = c.user_id
     where c.user_id = any(select md5('bench-user-' || g)::uuid from unnest($1::int[]) g)`,
    ordinals(counts.people, perKind),
  );
  const services = await rows<{ name: string; number: string }>(
    c,
    `select s.name, c.number from services s join certifications c on c.service_id = s.id
     where s.id = any(select md5('bench-service-' || g)::uuid from unnest($1::int[]) g)`,
    ordinals(counts.services, perKind),
  );
  const vehicles = await rows<{ serial_number: string; unit_number: string }>(
    c,
    `select serial_number, unit_number from vehicles
     where id = any(select md5('bench-vehicle-' || g)::uuid from unnest($1::int[]) g)
       and in_service and deleted_at is null`,
    ordinals(counts.vehicles, perKind),
  );
  const withEmail = people.filter((p) => p.email);
  const withNr = people.filter((p) => p.nr);
  const take = <T>(xs: T[]) => xs.slice(0, perKind);
  return [
    {
      name: 'users/search',
      path: '/api/users/search',
      auth: true,
      kinds: [
        {
          name: 'last_name prefix (3-5 chars)',
          bodies: take(people).map((p) => ({ last_name: prefixOf(p.last_name, 3, 5) })),
        },
        {
          name: 'last_name + first_name prefix',
          bodies: take(people).map((p) => ({
            last_name: p.last_name,
            first_name: prefixOf(p.first_name, 1, 3),
          })),
        },
        { name: 'email', bodies: take(withEmail).map((p) => ({ email: p.email })) },
        { name: 'national_ems_id', bodies: take(withNr).map((p) => ({ national_ems_id: p.nr })) },
        // Answered 400 by a server whose lookup fields lack license_number: the run then says so.
        { name: 'license_number', bodies: licences.map((l) => ({ license_number: l.number })) },
        {
          name: 'free text (search)',
          bodies: take(people).map((p) => ({ search: prefixOf(p.last_name, 4, 6) })),
        },
      ],
    },
    {
      name: 'services/search',
      path: '/api/services/search',
      auth: true,
      kinds: [
        {
          name: 'service_name (first word)',
          bodies: services.map((s) => ({ service_name: s.name.split(' ')[0] })),
        },
        {
          name: 'primary_license_number prefix',
          bodies: services.map((s) => ({ primary_license_number: prefixOf(s.number, 6, 9) })),
        },
      ],
    },
    {
      name: 'vehicles/search',
      path: '/api/vehicles/search',
      auth: true,
      kinds: [
        {
          name: 'serial prefix (6-11 chars)',
          bodies: vehicles.map((v) => ({ search: prefixOf(v.serial_number, 6, 11) })),
        },
      ],
    },
    {
      name: 'PublicLookupUser',
      path: '/api/PublicLookupUser',
      auth: false,
      kinds: [
        {
          name: 'last_name + first_name prefix',
          bodies: licences.map((l) => ({ last_name: l.last_name, first_name: prefixOf(l.first_name, 1, 3) })),
        },
        { name: 'license_number', bodies: licences.map((l) => ({ license_number: l.number })) },
      ],
    },
  ];
}

/** The bodies of an endpoint, interleaved kind by kind. */
export function interleave(e: Endpoint): string[] {
  const out: string[] = [];
  const longest = Math.max(...e.kinds.map((k) => k.bodies.length));
  for (let i = 0; i < longest; i++)
    for (const k of e.kinds) {
      const b = k.bodies[i % k.bodies.length];
      if (b) out.push(JSON.stringify(b));
    }
  return out;
}
