import type { Db } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { levelIndex, stateLevelCode } from './codes';
import { enterpriseStateFips, loadProfile, query } from './load';
import { NEMSIS_VERSION } from './schemas';
import { NV, nemsisDateTime, opt, req } from './xml';

const AGENCY_BATCH = 2000;

/** The DEM elements the state collects from its agencies (sElement.01): those the DEM export writes. */
const collectedElements = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'].map(
    (n) => `dAgency.${n}`,
  ),
  ...['01', '02', '03', '04', '05', '07', '08', '09', '10', '11'].map((n) => `dContact.${n}`),
  ...['01', '06', '07', '08', '09', '10', '13', '16'].map((n) => `dConfiguration.${n}`),
  ...['01', '02', '06', '08', '09', '10', '11', '12'].map((n) => `dLocation.${n}`),
  ...['01', '02', '03', '04', '10'].map((n) => `dVehicle.${n}`),
  ...['01', '02', '03', '10', '22', '23', '24', '25', '26', '27', '28', '29', '30'].map(
    (n) => `dPersonnel.${n}`,
  ),
];

/**
 * The State export: the state, its configuration (the levels it licenses and, for each, the procedures
 * and medications of its State profile, and its protocols), and every licensed agency (sAgency: a service
 * holding an active credential), read in batches of AGENCY_BATCH by id and written as it is read.
 */
export async function* stateExport(db: Db, enterpriseId: string): AsyncGenerator<string> {
  const { values: profile } = await loadProfile(db, enterpriseId, null);
  const state = await enterpriseStateFips(db, enterpriseId, profile);
  const levelRows = await query<{ code: string | null; abbreviation: string | null; label: string | null }>(
    db,
    sql`select code, abbreviation, label from certification_levels where enterprise_id = ${enterpriseId} order by rank nulls last, label`,
  );
  const levels = [
    ...new Set(
      levelRows
        .map((l) => stateLevelCode(levelIndex(l.code, l.abbreviation, l.label)))
        .filter((c): c is string => !!c),
    ),
  ];

  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<StateDataSet xmlns="http://www.nemsis.org" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" timestamp="${nemsisDateTime(new Date())}">\n`;
  yield `<sState>${req('sState.01', state)}</sState>\n`;
  yield `<sSoftware><sSoftware.SoftwareGroup>${opt('sSoftware.01', 'Licensure')}${opt('sSoftware.02', 'Licensure')}${opt('sSoftware.03', NEMSIS_VERSION)}</sSoftware.SoftwareGroup></sSoftware>\n`;
  yield `<sElement>${collectedElements.map((e) => opt('sElement.01', e)).join('')}</sElement>\n`;
  let configuration = '<sConfiguration>';
  configuration += levels.length
    ? levels.map((l) => opt('sConfiguration.01', l)).join('')
    : req('sConfiguration.01', null, NV.notReporting);
  const each = levels.length ? levels : [null];
  for (const l of each) {
    configuration += `<sConfiguration.ProcedureGroup>${req('sConfiguration.02', l, NV.notReporting)}`;
    configuration += profile.procedures.length
      ? profile.procedures.map((p) => opt('sConfiguration.03', p)).join('')
      : req('sConfiguration.03', null, NV.notReporting);
    configuration += '</sConfiguration.ProcedureGroup>';
  }
  for (const l of each) {
    configuration += `<sConfiguration.MedicationGroup>${req('sConfiguration.04', l, NV.notReporting)}`;
    configuration += profile.medications.length
      ? profile.medications.map((m) => opt('sConfiguration.05', m, { CodeType: '9924003' })).join('')
      : req('sConfiguration.05', null, NV.notReporting);
    configuration += '</sConfiguration.MedicationGroup>';
  }
  configuration += profile.protocols.length
    ? profile.protocols.map((p) => opt('sConfiguration.06', p)).join('')
    : req('sConfiguration.06', null, NV.notReporting);
  yield `${configuration}</sConfiguration>\n`;

  let after = '00000000-0000-0000-0000-000000000000';
  let opened = false;
  for (;;) {
    const batch = await query<{
      id: string;
      name: string;
      service_number: string | null;
      licence_number: string | null;
    }>(
      db,
      sql`select s.id, s.name, s.service_number, lic.number as licence_number
          from services s
          join lateral (select c.number from certifications c
            where c.service_id = s.id and c.deleted_at is null and c.status = 'active'
            order by c.expiration_date desc nulls last limit 1) lic on true
          where s.enterprise_id = ${enterpriseId} and s.deleted_at is null and s.id > ${after}
          order by s.id limit ${AGENCY_BATCH}`,
    );
    if (batch.length === 0) break;
    if (!opened) {
      yield '<sAgency>\n';
      opened = true;
    }
    let text = '';
    for (const a of batch) {
      const number = (a.licence_number ?? a.service_number ?? a.id).slice(0, 15);
      text += `<sAgencyGroup>${req('sAgency.01', (a.service_number ?? a.licence_number ?? a.id).slice(0, 50))}${req('sAgency.02', number)}${req('sAgency.03', a.name)}</sAgencyGroup>\n`;
    }
    yield text;
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < AGENCY_BATCH) break;
  }
  if (opened) yield '</sAgency>\n';
  yield '</StateDataSet>\n';
}
