import { nemsisSections, nremtLevels, usStates } from '@licensure/db/reference-data/index';

/**
 * Maps the product's own names to NEMSIS v3.5.1 codes, from the code lists the product seeds
 * (packages/db/src/reference-data): a certification level to dAgency.11 / dConfiguration.06 (9917xxx)
 * and dPersonnel.24 (9925xxx), a National Registry level to dPersonnel.29, a state to its ANSI code.
 */
const levelList = nemsisSections.level_of_service?.entries ?? [];
const personnelList = nemsisSections.personnel_licensure_levels?.entries ?? [];

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** Short names a level may go by, per position in the level lists (EMR, EMT, AEMT, EMT-I, Paramedic...). */
const aliases: string[][] = [
  ['emr', 'emergencymedicalresponder', 'firstresponder'],
  ['emt', 'emtb', 'emtbasic', 'emergencymedicaltechnician'],
  ['aemt', 'advancedemt', 'advancedemergencymedicaltechnician'],
  ['emti', 'intermediate', 'emtintermediate', 'emergencymedicaltechnicianintermediate'],
  ['paramedic', 'emtp', 'emtparamedic', 'medic'],
  ['ccp', 'criticalcareparamedic', 'flightparamedic'],
  ['cp', 'communityparamedic', 'communityparamedicine'],
  ['lpn', 'licensedpracticalnurse'],
  ['rn', 'registerednurse'],
  ['np', 'nursepractitioner'],
  ['pa', 'physicianassistant'],
  ['md', 'do', 'physician'],
];

/** Position of a level in the NEMSIS level lists, from its code, abbreviation or label. */
export function levelIndex(...names: (string | null | undefined)[]): number | null {
  for (const name of names) {
    if (!name) continue;
    const n = norm(name);
    const byAlias = aliases.findIndex((a) => a.includes(n));
    if (byAlias >= 0) return byAlias;
    const byLabel = levelList.findIndex((e) => norm(e.label) === n || norm(e.label).includes(`(${n})`));
    if (byLabel >= 0) return byLabel;
  }
  return null;
}

/** dAgency.11, dConfiguration.06/.08, dVehicle.05, sConfiguration.01 (9917xxx). */
export const stateLevelCode = (index: number | null) =>
  index === null ? null : (levelList[index]?.code ?? null);
/** dPersonnel.24 and .38 (9925xxx). */
export const personnelLevelCode = (index: number | null) =>
  index === null ? null : (personnelList[index]?.code ?? null);

/** dPersonnel.29 from the registry's level name (EMR, EMT, AEMT, Paramedic). */
export function registryLevelCode(level: string | null | undefined): string | null {
  if (!level) return null;
  const n = norm(level);
  return (
    nremtLevels.find((l) => norm(l.code) === n || norm(l.label) === n || norm(l.credential) === n)
      ?.nemsisCode ?? null
  );
}

const stateFipsByAbbreviation = new Map(usStates.map((s) => [s.abbreviation.toUpperCase(), s.fips]));
const stateFipsSet = new Set(usStates.map((s) => s.fips));

/** The two-digit ANSI state code from a county FIPS or a USPS abbreviation. */
export function stateFips(
  countyFips: string | null | undefined,
  abbreviation?: string | null,
): string | null {
  if (countyFips && /^\d{5}$/.test(countyFips) && stateFipsSet.has(countyFips.slice(0, 2)))
    return countyFips.slice(0, 2);
  if (abbreviation) return stateFipsByAbbreviation.get(abbreviation.trim().toUpperCase()) ?? null;
  return null;
}

/** dVehicle.04 (1404xxx) from the vehicle type's code when it is one, else its label. */
export function vehicleTypeCode(
  code: string | null | undefined,
  label: string | null | undefined,
): string | null {
  const list = nemsisSections.vehicle_types?.entries ?? [];
  if (code && list.some((e) => e.code === code)) return code;
  if (label) return list.find((e) => norm(e.label) === norm(label))?.code ?? null;
  return null;
}

/** A plain ZIP code (5 digits, or ZIP+4) as NEMSIS takes it, else null. */
export const zip = (value: string | null | undefined) =>
  value && /^\d{5}(-\d{4})?$/.test(value.trim()) ? value.trim() : null;
