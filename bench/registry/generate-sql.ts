/**
 * The server-side statements of the registry generator: each inserts one batch of rows with
 * `INSERT ... SELECT ... FROM generate_series($from, $to)`, drawing names and places at random.
 *
 * Rows are numbered from 1 per kind and their ids derive from that number (md5('bench-user-42')::uuid),
 * so a batch can refer to people, services and vehicles of other batches without a lookup table.
 */
import pg from 'pg';
import {
  companyKinds,
  emailDomains,
  firstNames,
  lastNames,
  serviceKinds,
  streetNames,
  streetSuffixes,
  surnameParts,
  vehicleMakes,
} from './names';

export interface Counts {
  people: number;
  services: number;
  vehicles: number;
  /** service_personnel rows (about 3 a service). */
  roster: number;
  /** Certifications of people, services and vehicles; the three add up to the 2M of the full scale. */
  personCertifications: number;
  serviceCertifications: number;
  vehicleCertifications: number;
}

export function countsFor(scale: number): Counts {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    people: n(1_000_000),
    services: n(50_000),
    vehicles: n(200_000),
    roster: n(150_000),
    personCertifications: n(1_700_000),
    serviceCertifications: n(100_000),
    vehicleCertifications: n(200_000),
  };
}

/** What every statement needs: the enterprise and the certification levels with their number prefixes. */
export interface Context {
  enterpriseId: string;
  counts: Counts;
  /** Certification levels, most junior first; `weight` is each one's share of people's certifications. */
  levels: { id: string; prefix: string; weight: number }[];
  /** Rows 1..texasZips of bench_zips are Texan (the seeded enterprise is a Texas office); zips is all. */
  texasZips: number;
  zips: number;
}

const lit = (s: string) => pg.escapeLiteral(s);
const textArray = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
/** An element of a list, skewed toward its start (the lists are ordered by frequency). */
const pickSkewed = (xs: readonly string[]) =>
  `(${textArray(xs)})[1 + floor(power(random(), 1.5) * ${xs.length})::int]`;
const pick = (xs: readonly string[]) => `(${textArray(xs)})[1 + floor(random() * ${xs.length})::int]`;
const rareSurname = `initcap(${pick(surnameParts.start)} || ${pick(surnameParts.middle)} || ${pick(surnameParts.end)})`;
/** A random index into bench_zips: 85% Texan. */
const zipIndex = (c: Context) =>
  `case when random() < 0.85 then 1 + floor(random() * ${c.texasZips})::int
        else 1 + floor(random() * ${c.zips})::int end`;
const digits = (n: number) => `lpad(floor(random() * ${10 ** n})::int::text, ${n}, '0')`;
const phone = `'(' || (201 + floor(random() * 798))::int || ') ' || (201 + floor(random() * 798))::int || '-' || ${digits(4)}`;
const street = `(1 + floor(random() * 9899))::int || ' ' || ${pick(streetNames)} || ' ' || ${pick(streetSuffixes)}`;
const createdAt = `now() - random() * interval '3650 days'`;
const userId = (ordinal: string) => `md5('bench-user-' || ${ordinal})::uuid`;
const serviceId = (ordinal: string) => `md5('bench-service-' || ${ordinal})::uuid`;
const vehicleId = (ordinal: string) => `md5('bench-vehicle-' || ${ordinal})::uuid`;
/** The certification level index (1-based), drawn by the levels' weights from the random number `r`. */
function levelIndex(c: Context, r: string): string {
  const total = c.levels.reduce((s, l) => s + l.weight, 0);
  let acc = 0;
  const arms = c.levels.slice(0, -1).map((l, i) => {
    acc += l.weight / total;
    return `when ${r} < ${acc.toFixed(4)} then ${i + 1}`;
  });
  return arms.length > 0 ? `case ${arms.join(' ')} else ${c.levels.length} end` : '1';
}
const levelIds = (c: Context) => `ARRAY[${c.levels.map((l) => lit(l.id)).join(',')}]::uuid[]`;
const levelPrefixes = (c: Context) => textArray(c.levels.map((l) => l.prefix));

/** Zip codes to draw addresses from, Texan ones first. */
export const zipsTable = `
  create temp table bench_zips as
  select row_number() over (order by z.state_abbreviation <> 'TX', z.zip)::int as n,
         z.zip, z.city, z.state_abbreviation, z.county_fips, coalesce(c.name, z.city) as county
  from geo_zip_counties z left join geo_counties c on c.fips = z.county_fips
  where z.county_fips <> '' and z.city <> '';
  create unique index on bench_zips (n);
  analyze bench_zips`;

export function peopleSql(c: Context): string {
  return `
  insert into users (id, enterprise_id, user_name, email, first_name, last_name, middle_name, birth_date,
    account_identifier, national_ems_id, phone, street, city, state, postal_code, county_fips,
    deleted_at, created_at, updated_at)
  select ${userId('s.g')}, ${lit(c.enterpriseId)},
    case when s.r1 < 0.4 then lower(s.fn || '.' || replace(s.ln, '''', '')) || s.g end,
    case when s.r2 < 0.93 then lower(s.fn || '.' || replace(s.ln, '''', '')) || (s.g % 997) || '@' || s.domain end,
    s.fn, s.ln, s.mn, date '1950-01-01' + floor(s.r3 * 20000)::int,
    'P' || lpad(s.g::text, 7, '0'),
    case when s.r4 < 0.8 then 'NR' || lpad(((s.g::bigint * 7919) % 100000000)::text, 8, '0') end,
    s.phone, s.street, z.city, z.state_abbreviation, z.zip, z.county_fips,
    case when s.r5 < 0.005 then now() end, s.created, s.created
  from (
    select g, ${pickSkewed(firstNames)} as fn,
      case when random() < 0.75 then ${pickSkewed(lastNames)} else ${rareSurname} end as ln,
      case when random() < 0.6 then ${pick(firstNames)} end as mn,
      ${pick(emailDomains)} as domain, ${phone} as phone, ${street} as street,
      random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
      ${zipIndex(c)} as zn, ${createdAt} as created
    from generate_series($1::int, $2::int) g
    offset 0
  ) s join bench_zips z on z.n = s.zn`;
}

export function servicesSql(c: Context): string {
  return `
  insert into services (id, enterprise_id, name, service_number, primary_level_id, street, city, state,
    postal_code, county_fips, phone, email, website, active, created_at, updated_at)
  select ${serviceId('s.g')}, ${lit(c.enterpriseId)},
    case when s.k < 0.6 then z.city || ' ' || s.kind
         when s.k < 0.8 then z.county || case when s.k < 0.7 then ' EMS' else ' ESD No. ' || (1 + s.g % 12) end
         else s.family || ' ' || s.company end,
    'S' || lpad(s.g::text, 6, '0'),
    (${levelIds(c)})[${levelIndex(c, 's.rl')}],
    s.street, z.city, z.state_abbreviation, z.zip, z.county_fips, s.phone,
    'dispatch' || s.g || '@ems' || (s.g % 89) || '.example.org', null, s.ra >= 0.05, s.created, s.created
  from (
    select g, random() as k, random() as rl, random() as ra, ${pick(serviceKinds)} as kind,
      ${pickSkewed(lastNames)} as family, ${pick(companyKinds)} as company,
      ${phone} as phone, ${street} as street, ${zipIndex(c)} as zn, ${createdAt} as created
    from generate_series($1::int, $2::int) g
    offset 0
  ) s join bench_zips z on z.n = s.zn`;
}

/** Each service serves its own county; a third are also affiliated with another. */
export function serviceCountiesSql(): string {
  return `
  insert into service_counties (service_id, county_fips, is_affiliation)
  select s.id, s.county_fips, false from services s
  where s.id in (select ${serviceId('g')} from generate_series($1::int, $2::int) g) and s.county_fips is not null
  union all
  select ${serviceId('r.g')}, z.county_fips, true
  from (select g, 1 + floor(random() * (select count(*) from bench_zips))::int as zn
        from generate_series($1::int, $2::int) g where random() < 0.33 offset 0) r
  join bench_zips z on z.n = r.zn
  on conflict do nothing`;
}

const vinAlphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const vinChar = `substr('${vinAlphabet}', 1 + floor(random() * ${vinAlphabet.length})::int, 1)`;
/** VIN model-year codes for 2001..2025. */
const yearCodes = '123456789ABCDEFGHJKLMNPRS';
const models = vehicleMakes.flatMap(([make, list, wmi]) => list.map((model) => ({ make, model, wmi })));

export function vehiclesSql(c: Context): string {
  const letter = `chr(65 + floor(random() * 26)::int)`;
  return `
  insert into vehicles (id, enterprise_id, serial_number, unit_number, make, model, model_year,
    license_plate, plate_state, in_service, deleted_at, created_at, updated_at)
  select ${vehicleId('s.g')}, ${lit(c.enterpriseId)},
    (${textArray(models.map((m) => m.wmi))})[s.m] || ${vinChar} || ${vinChar} || ${vinChar} || ${vinChar}
      || ${vinChar} || floor(random() * 10)::int || substr('${yearCodes}', s.year - 2000, 1) || ${vinChar}
      || lpad(s.g::text, 6, '0'),
    ${pick(['Medic', 'Ambulance', 'Rescue', 'Engine', 'Squad', 'Unit'])} || ' ' || (1 + s.g % 97),
    (${textArray(models.map((m) => m.make))})[s.m], (${textArray(models.map((m) => m.model))})[s.m], s.year,
    ${letter} || ${letter} || ${letter} || '-' || ${digits(4)}, 'TX',
    random() >= 0.08, case when random() < 0.01 then now() end, s.created, s.created
  from (
    select g, 1 + floor(random() * ${models.length})::int as m, 2001 + floor(random() * 25)::int as year,
      ${createdAt} as created
    from generate_series($1::int, $2::int) g
    offset 0
  ) s`;
}

/** Vehicle n belongs to service ((n - 1) mod services) + 1: four vehicles a service at full scale. */
export function serviceVehiclesSql(c: Context): string {
  return `
  insert into service_vehicles (service_id, vehicle_id, start_date)
  select ${serviceId(`(((g - 1) % ${c.counts.services}) + 1)`)}, ${vehicleId('g')},
    current_date - floor(random() * 3650)::int
  from generate_series($1::int, $2::int) g`;
}

/** Roster row n: service ((n - 1) mod services) + 1, a random person; the first round are the directors. */
export function rosterSql(c: Context): string {
  return `
  insert into service_personnel (enterprise_id, service_id, user_id, start_date, end_date, is_designated,
    is_administrator)
  select ${lit(c.enterpriseId)}, ${serviceId(`(((g - 1) % ${c.counts.services}) + 1)`)},
    ${userId(`(1 + floor(random() * ${c.counts.people})::int)`)},
    current_date - floor(random() * 5000)::int, case when random() < 0.1 then current_date - floor(random() * 300)::int end,
    g <= ${c.counts.services}, g <= ${c.counts.services} or random() < 0.05
  from generate_series($1::int, $2::int) g`;
}

/** Expiration dates spread over three years back and two ahead (issued two years before); the status follows. */
const statusOf = (exp: string, r: string) => `
  case when ${exp} < current_date then case when ${r} < 0.9 then 'expired' else 'inactive' end
       when ${r} < 0.96 then 'active' when ${r} < 0.98 then 'inactive' when ${r} < 0.995 then 'suspended'
       else 'revoked' end`;

/** Certification n of people: person n while n <= people (everyone holds one), then a random person. */
export function personCertificationsSql(c: Context): string {
  return `
  insert into certifications (enterprise_id, user_id, certification_level_id, number, status, issue_date,
    expiration_date, created_at, updated_at)
  select ${lit(c.enterpriseId)},
    ${userId(`case when s.g <= ${c.counts.people} then s.g else 1 + floor(s.r0 * ${c.counts.people})::int end`)},
    (${levelIds(c)})[s.l], (${levelPrefixes(c)})[s.l] || lpad(((s.g::bigint * 7919) % 10000000)::text, 7, '0'),
    ${statusOf('s.exp', 's.r1')}, s.exp - 730, s.exp, now(), now()
  from (
    select g, random() as r0, random() as r1, ${levelIndex(c, 'random()')} as l,
      current_date + (floor(random() * 1825) - 1095)::int as exp
    from generate_series($1::int, $2::int) g
    offset 0
  ) s`;
}

/** Two licences a service (number prefix EMS), one a vehicle (permit prefix VP). */
export function holderCertificationsSql(c: Context, holder: 'service' | 'vehicle'): string {
  const count = holder === 'service' ? c.counts.services : c.counts.vehicles;
  const id = holder === 'service' ? serviceId : vehicleId;
  const prefix = holder === 'service' ? 'EMS' : 'VP';
  return `
  insert into certifications (enterprise_id, ${holder}_id, certification_level_id, number, status, issue_date,
    expiration_date, created_at, updated_at)
  select ${lit(c.enterpriseId)}, ${id(`(((s.g - 1) % ${count}) + 1)`)},
    (${levelIds(c)})[${levelIndex(c, 's.rl')}], '${prefix}' || lpad(((s.g::bigint * 7919) % 1000000)::text, 6, '0'),
    ${statusOf('s.exp', 's.r1')}, s.exp - 365, s.exp, now(), now()
  from (
    select g, random() as rl, random() as r1,
      case when g <= ${count} then current_date + (floor(random() * 900) - 170)::int
           else current_date - floor(random() * 1095)::int - 1 end as exp
    from generate_series($1::int, $2::int) g
    offset 0
  ) s`;
}
