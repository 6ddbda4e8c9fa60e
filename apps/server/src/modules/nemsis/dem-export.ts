import { randomUUID } from 'node:crypto';
import type { Db } from '@licensure/db';
import { sql } from 'drizzle-orm';
import {
  levelIndex,
  personnelLevelCode,
  registryLevelCode,
  stateFips,
  stateLevelCode,
  vehicleTypeCode,
  zip,
} from './codes';
import { enterpriseStateFips, loadProfile, loadService, query, type ServiceRow } from './load';
import { NEMSIS_VERSION } from './schemas';
import { many, NV, nemsisDateTime, opt, req, reqMany } from './xml';

const PERSON_CHUNK = 250;
/** dPersonnel.28's pattern: a National Registry number as NEMSIS takes it (E1234567). */
const REGISTRY_NUMBER = /^[A-Z][A-Z0-9][0-9]{6}$/;
const today = () => new Date().toISOString().slice(0, 10);

export interface DemExport {
  service: ServiceRow;
  fileName: string;
  /** The document, in pieces of at most a few hundred records: never the whole file at once. */
  chunks: AsyncGenerator<string>;
}

/** The DEM export of a service, or null when the service is not one of the enterprise's. */
export async function demExport(db: Db, enterpriseId: string, serviceId: string): Promise<DemExport | null> {
  const service = await loadService(db, enterpriseId, serviceId);
  if (!service) return null;
  const slug = (service.service_number ?? service.id.slice(0, 8)).replace(/[^A-Za-z0-9_-]/g, '_');
  return { service, fileName: `DEM-${slug}-v351.xml`, chunks: writeDem(db, enterpriseId, service) };
}

async function* writeDem(db: Db, enterpriseId: string, service: ServiceRow): AsyncGenerator<string> {
  const [{ values: profile }, { values: stateProfile }] = await Promise.all([
    loadProfile(db, enterpriseId, service.id),
    loadProfile(db, enterpriseId, null),
  ]);
  const homeState =
    (await enterpriseStateFips(db, enterpriseId, stateProfile)) ??
    stateFips(service.county_fips, service.state);
  const agencyState = stateFips(service.county_fips, service.state) ?? homeState;
  const level = stateLevelCode(
    levelIndex(service.level_code, service.level_abbreviation, service.level_label),
  );
  const agencyNumber = (service.licence_number ?? service.service_number ?? service.id).slice(0, 15);
  const stateId = (service.service_number ?? service.licence_number ?? service.id).slice(0, 50);

  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<DEMDataSet xmlns="http://www.nemsis.org" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n';
  yield `<DemographicReport timeStamp="${nemsisDateTime(new Date())}">\n`;
  yield `<dRecord><dRecord.SoftwareApplicationGroup>${opt('dRecord.01', 'Licensure')}${opt('dRecord.02', 'Licensure')}${opt('dRecord.03', NEMSIS_VERSION)}</dRecord.SoftwareApplicationGroup></dRecord>\n`;

  // dAgency: the service area, a group a state, from its counties, tracts and ZIP codes.
  const counties = await query<{ fips: string }>(
    db,
    sql`select county_fips as fips from service_counties where service_id = ${service.id} and not is_affiliation
        union select county_fips from services where id = ${service.id} and county_fips is not null
        union select value from service_areas where service_id = ${service.id} and kind = 'county'`,
  );
  const areas = await query<{ kind: string; value: string; state_code: string }>(
    db,
    sql`select kind, value, state_code from service_areas where service_id = ${service.id} and kind in ('census_tract', 'postal_code') order by value`,
  );
  const byState = new Map<string, { counties: Set<string>; tracts: Set<string>; zips: Set<string> }>();
  const group = (fips: string) => {
    const found = byState.get(fips);
    if (found) return found;
    const created = { counties: new Set<string>(), tracts: new Set<string>(), zips: new Set<string>() };
    byState.set(fips, created);
    return created;
  };
  for (const c of counties) if (/^\d{5}$/.test(c.fips)) group(c.fips.slice(0, 2)).counties.add(c.fips);
  for (const a of areas) {
    if (
      a.kind === 'census_tract' &&
      /^\d{11}$/.test(a.value) &&
      byState.get(a.value.slice(0, 2))?.counties.has(a.value.slice(0, 5))
    )
      group(a.value.slice(0, 2)).tracts.add(a.value);
    const st = stateFips(null, a.state_code);
    if (a.kind === 'postal_code' && zip(a.value) && st && byState.has(st)) group(st).zips.add(a.value);
  }
  const serviceZip = zip(service.postal_code);
  if (serviceZip && agencyState && byState.has(agencyState)) group(agencyState).zips.add(serviceZip);

  let agency = `<dAgency>${opt('dAgency.01', stateId)}${opt('dAgency.02', agencyNumber)}${opt('dAgency.03', service.name)}${opt('dAgency.04', agencyState)}`;
  for (const [fips, g] of [...byState].sort(([a], [b]) => a.localeCompare(b))) {
    agency += `<dAgency.AgencyServiceGroup UUID="${randomUUID()}">${opt('dAgency.05', fips)}${many('dAgency.06', [...g.counties].sort())}`;
    agency += `${reqMany('dAgency.07', [...g.tracts].sort())}${reqMany('dAgency.08', [...g.zips].sort())}</dAgency.AgencyServiceGroup>`;
  }
  agency += `${opt('dAgency.09', profile.primary_service_type)}${many('dAgency.10', profile.other_service_types)}`;
  agency += `${opt('dAgency.11', level)}${opt('dAgency.12', profile.organization_status)}${opt('dAgency.13', service.classification_code)}`;
  agency += `${opt('dAgency.14', profile.tax_status)}${req('dAgency.25', null)}`;
  agency += `${req('dAgency.26', null, service.classification_code === '9912001' ? NV.notRecorded : NV.notApplicable)}</dAgency>\n`;
  yield agency;

  // dContact: the service's designated person (director).
  const contacts = await query<{
    last_name: string | null;
    first_name: string | null;
    middle_name: string | null;
    email: string | null;
  }>(
    db,
    sql`select u.last_name, u.first_name, u.middle_name, u.email from service_personnel sp join users u on u.id = sp.user_id
        where sp.service_id = ${service.id} and sp.is_designated and (sp.end_date is null or sp.end_date >= ${today()})
        order by u.last_name, u.first_name`,
  );
  if (contacts.length > 0) {
    yield `<dContact>${contacts
      .map(
        (c) =>
          `<dContact.ContactInfoGroup UUID="${randomUUID()}">${opt('dContact.01', '1101003')}${req('dContact.02', c.last_name)}${req('dContact.03', c.first_name)}${opt('dContact.04', c.middle_name)}` +
          `${opt('dContact.05', service.street)}${opt('dContact.07', agencyState)}${opt('dContact.08', serviceZip)}${opt('dContact.09', 'US')}` +
          `${opt('dContact.10', phone(service.phone))}${opt('dContact.11', c.email)}</dContact.ContactInfoGroup>`,
      )
      .join('')}</dContact>\n`;
  }

  // dConfiguration: the service's state, the levels it may staff, what each level may do.
  const vehicles = await query<{
    id: string;
    unit_number: string | null;
    serial_number: string;
    model_year: number | null;
    type_code: string | null;
    type_label: string | null;
  }>(
    db,
    sql`select v.id, v.unit_number, v.serial_number, v.model_year, vt.code as type_code, vt.label as type_label
        from service_vehicles sv join vehicles v on v.id = sv.vehicle_id
        left join vehicle_types vt on vt.id = v.vehicle_type_id
        where sv.service_id = ${service.id} and v.deleted_at is null and (sv.end_date is null or sv.end_date >= ${today()})
        order by v.unit_number nulls last, v.serial_number`,
  );
  const levels = await permittedLevels(db, service, level);
  const callSigns = [...new Set(vehicles.map((v) => v.unit_number).filter((u): u is string => !!u))];
  let configuration = `<dConfiguration><dConfiguration.ConfigurationGroup UUID="${randomUUID()}">${opt('dConfiguration.01', agencyState)}`;
  for (const l of levels)
    configuration += `<dConfiguration.ProcedureGroup UUID="${randomUUID()}">${opt('dConfiguration.06', l)}${many('dConfiguration.07', profile.procedures)}</dConfiguration.ProcedureGroup>`;
  for (const l of levels)
    configuration += `<dConfiguration.MedicationGroup UUID="${randomUUID()}">${opt('dConfiguration.08', l)}${profile.medications.map((m) => opt('dConfiguration.09', m, { CodeType: '9924003' })).join('')}</dConfiguration.MedicationGroup>`;
  configuration += `${many('dConfiguration.10', profile.protocols)}${opt('dConfiguration.13', profile.emd_provided)}`;
  configuration += `${req('dConfiguration.14', null, profile.emd_provided === '1213001' ? NV.notApplicable : NV.notRecorded)}${req('dConfiguration.15', null)}${many('dConfiguration.16', callSigns)}`;
  yield `${configuration}</dConfiguration.ConfigurationGroup></dConfiguration>\n`;

  // dLocation: the service's stations.
  const stations = await query<{
    id: string;
    name: string;
    street: string | null;
    state: string | null;
    postal_code: string | null;
    county_fips: string | null;
    phone: string | null;
  }>(
    db,
    sql`select id, name, street, state, postal_code, county_fips, phone from service_stations
        where service_id = ${service.id} and active order by name`,
  );
  if (stations.length > 0) {
    yield `<dLocation>${stations
      .map(
        (s) =>
          `<dLocation.LocationGroup UUID="${randomUUID()}">${opt('dLocation.01', '1301001')}${opt('dLocation.02', s.name)}${opt('dLocation.06', s.street)}` +
          `${opt('dLocation.08', stateFips(s.county_fips, s.state))}${opt('dLocation.09', zip(s.postal_code))}${opt('dLocation.10', s.county_fips && /^\d{5}$/.test(s.county_fips) ? s.county_fips : null)}` +
          `${opt('dLocation.11', 'US')}${opt('dLocation.12', phone(s.phone))}</dLocation.LocationGroup>`,
      )
      .join('')}</dLocation>\n`;
  }

  if (vehicles.length > 0) {
    yield `<dVehicle>${vehicles
      .map(
        (v) =>
          `<dVehicle.VehicleGroup UUID="${randomUUID()}">${req('dVehicle.01', v.unit_number ?? v.serial_number.slice(0, 25))}` +
          `${opt('dVehicle.02', v.serial_number.length === 17 ? v.serial_number.toUpperCase() : null)}${opt('dVehicle.03', v.unit_number)}` +
          `${req('dVehicle.04', vehicleTypeCode(v.type_code, v.type_label))}${req('dVehicle.10', v.model_year)}</dVehicle.VehicleGroup>`,
      )
      .join('')}</dVehicle>\n`;
  }

  yield* writePersonnel(db, service.id, homeState);
  yield '</DemographicReport>\n</DEMDataSet>\n';
}

/** The levels the service may staff: its own level and those its roster holds, as 9917xxx codes. */
async function permittedLevels(db: Db, service: ServiceRow, own: string | null): Promise<string[]> {
  const held = await query<{ code: string | null; abbreviation: string | null; label: string | null }>(
    db,
    sql`select distinct l.code, l.abbreviation, l.label from service_personnel sp
        join certifications c on c.user_id = sp.user_id and c.deleted_at is null and c.status = 'active'
        join certification_levels l on l.id = c.certification_level_id
        where sp.service_id = ${service.id} and (sp.end_date is null or sp.end_date >= ${today()})`,
  );
  const codes = new Set<string>(own ? [own] : []);
  for (const h of held) {
    const code = stateLevelCode(levelIndex(h.code, h.abbreviation, h.label));
    if (code) codes.add(code);
  }
  return [...codes];
}

interface PersonRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  email: string | null;
  national_ems_id: string | null;
}

interface LicenceRow {
  user_id: string;
  number: string;
  issue_date: string | null;
  first_issued: string | null;
  expiration_date: string | null;
  code: string | null;
  abbreviation: string | null;
  label: string | null;
}

/** dPersonnel: the current roster, in pieces of PERSON_CHUNK people, each with its licences and registry certification. */
async function* writePersonnel(db: Db, serviceId: string, homeState: string | null): AsyncGenerator<string> {
  const people = await query<PersonRow>(
    db,
    sql`select distinct on (u.id) u.id, u.first_name, u.last_name, u.middle_name, u.email, u.national_ems_id
        from service_personnel sp join users u on u.id = sp.user_id
        where sp.service_id = ${serviceId} and u.deleted_at is null and (sp.end_date is null or sp.end_date >= ${today()})
        order by u.id`,
  );
  if (people.length === 0) return;
  yield '<dPersonnel>\n';
  for (let start = 0; start < people.length; start += PERSON_CHUNK) {
    const slice = people.slice(start, start + PERSON_CHUNK);
    const ids = sql.join(
      slice.map((p) => sql`${p.id}::uuid`),
      sql`, `,
    );
    const licences = await query<LicenceRow>(
      db,
      sql`select c.user_id, c.number, c.issue_date::text, c.expiration_date::text, l.code, l.abbreviation, l.label,
            (select min(o.issue_date)::text from certifications o where o.user_id = c.user_id and o.number = c.number and o.deleted_at is null) as first_issued
          from certifications c left join certification_levels l on l.id = c.certification_level_id
          where c.user_id in (${ids}) and c.deleted_at is null and c.status in ('active', 'inactive', 'expired')
          order by c.user_id, c.expiration_date desc nulls last`,
    );
    const registry = await query<{
      user_id: string;
      number: string | null;
      level: string | null;
      expiration_date: string | null;
    }>(
      db,
      sql`select distinct on (user_id) user_id, national_ems_id as number, payload->>'level' as level, payload->>'expiration_date' as expiration_date
          from national_registry_integration_data where user_id in (${ids}) order by user_id, created_at desc`,
    );
    const licencesOf = groupBy(licences, (l) => l.user_id);
    const registryOf = new Map(registry.map((r) => [r.user_id, r]));
    let text = '';
    for (const p of slice) {
      text += `<dPersonnel.PersonnelGroup UUID="${randomUUID()}"><dPersonnel.NameGroup>${req('dPersonnel.01', p.last_name)}${req('dPersonnel.02', p.first_name)}${opt('dPersonnel.03', p.middle_name)}</dPersonnel.NameGroup>`;
      text += `${opt('dPersonnel.10', p.email, { EmailAddressType: '9904001' })}`;
      for (const l of licencesOf.get(p.id) ?? []) {
        const code = personnelLevelCode(levelIndex(l.code, l.abbreviation, l.label));
        text += `<dPersonnel.LicensureGroup UUID="${randomUUID()}">${req('dPersonnel.22', homeState)}${req('dPersonnel.23', l.number.slice(0, 50))}${req('dPersonnel.24', code)}`;
        text += `${opt('dPersonnel.25', l.issue_date)}${opt('dPersonnel.26', l.first_issued ?? l.issue_date)}${opt('dPersonnel.27', l.expiration_date)}</dPersonnel.LicensureGroup>`;
      }
      const nr = registryOf.get(p.id);
      // The registry number the person holds, else the one of the registry record linked to them.
      const nrNumber = [p.national_ems_id, nr?.number].find((n) => n && REGISTRY_NUMBER.test(n)) ?? null;
      text += `${opt('dPersonnel.28', nrNumber)}${opt('dPersonnel.29', nrNumber ? registryLevelCode(nr?.level) : null)}`;
      text += `${opt('dPersonnel.30', nrNumber && nr?.expiration_date && /^\d{4}-\d\d-\d\d$/.test(nr.expiration_date) ? nr.expiration_date : null)}`;
      text += '</dPersonnel.PersonnelGroup>\n';
    }
    yield text;
  }
  yield '</dPersonnel>\n';
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** A NEMSIS phone number (555-555-5555) from what the registry keeps, else null. */
export function phone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : null;
}
