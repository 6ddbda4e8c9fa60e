/**
 * Code lists for the "data elements" lookup.
 *
 * NEMSIS lists are copied from the NEMSIS v3.5.1 data dictionary (NHTSA, build 250403, Critical Patch 1,
 * 3 April 2025), file `DataDictionary/Ancillary/DEMEMS/DEMDataSet_ElementEnumerations.txt` and, for
 * ePatient.24, `DataDictionary/PDFHTML/EMSDEMSTATE/sections/elements/ePatient.24.xml`. NEMSIS is a
 * federally funded (NHTSA) public data standard. Hair and eye colour are not NEMSIS elements: they are
 * the NCIC personal-descriptor codes (FBI CJIS), as published in the NIEM `fbi` 2.0 code sets
 * HAICodeSimpleType and EYECodeSimpleType. See README.md in this folder.
 */

export interface CodeListEntry {
  code: string;
  label: string;
}

export interface CodeListSection {
  /** The element the list comes from, e.g. "dPersonnel.13 EMS Personnel's Race". */
  source: string;
  entries: CodeListEntry[];
}

export const NEMSIS_VERSION = '3.5.1';

/** [code, label] pairs in display order: the source order, except the level lists, which run from EMR up. */
type Pairs = readonly (readonly [string, string])[];

function section(source: string, pairs: Pairs): CodeListSection {
  return { source, entries: pairs.map(([code, label]) => ({ code, label })) };
}

const nemsis = (element: string) => `NEMSIS v${NEMSIS_VERSION} ${element}`;

/** State certification/licensure levels (9917xxx), shared by dAgency.11, dVehicle.05 and dConfiguration.06/.08. */
const levelOfService: Pairs = [
  ['9917003', 'Emergency Medical Responder (EMR)'],
  ['9917005', 'Emergency Medical Technician (EMT)'],
  ['9917001', 'Advanced Emergency Medical Technician (AEMT)'],
  ['9917002', 'Emergency Medical Technician - Intermediate'],
  ['9917007', 'Paramedic'],
  ['9917021', 'Critical Care Paramedic'],
  ['9917023', 'Community Paramedicine'],
  ['9917029', 'Licensed Practical Nurse (LPN)'],
  ['9917031', 'Registered Nurse'],
  ['9917025', 'Nurse Practitioner'],
  ['9917027', 'Physician Assistant'],
  ['9917019', 'Physician'],
];

/** Personnel licensure levels (9925xxx), shared by dPersonnel.24 and dPersonnel.38. */
const personnelLevels: Pairs = [
  ['9925003', 'Emergency Medical Responder (EMR)'],
  ['9925005', 'Emergency Medical Technician (EMT)'],
  ['9925001', 'Advanced Emergency Medical Technician (AEMT)'],
  ['9925002', 'Emergency Medical Technician - Intermediate'],
  ['9925007', 'Paramedic'],
  ['9925033', 'Critical Care Paramedic'],
  ['9925035', 'Community Paramedicine'],
  ['9925041', 'Licensed Practical Nurse (LPN)'],
  ['9925043', 'Registered Nurse'],
  ['9925037', 'Nurse Practitioner'],
  ['9925039', 'Physician Assistant'],
  ['9925027', 'Physician'],
  ['9925029', 'Respiratory Therapist'],
  ['9925023', 'Other Healthcare Professional'],
  ['9925025', 'Other Non-Healthcare Professional'],
  ['9925031', 'Student'],
];

/** ISO 639-2/B codes as NEMSIS lists them (dPersonnel.20 is the same list without English). */
const languages: Pairs = [
  ['amh', 'Amharic'],
  ['ara', 'Arabic'],
  ['arm', 'Armenian'],
  ['ben', 'Bengali'],
  ['crp', 'Cajun (Creole and Pidgins)'],
  ['chi', 'Chinese'],
  ['hrv', 'Croatian'],
  ['cze', 'Czech'],
  ['dan', 'Danish'],
  ['dut', 'Dutch'],
  ['eng', 'English'],
  ['fin', 'Finnish'],
  ['tai', 'Formosan'],
  ['fre', 'French'],
  ['cpf', 'French Creole'],
  ['ger', 'German'],
  ['gre', 'Greek'],
  ['guj', 'Gujarati'],
  ['heb', 'Hebrew'],
  ['hin', 'Hindi (Urdu)'],
  ['hun', 'Hungarian'],
  ['ilo', 'Ilocano'],
  ['itl', 'Italian'],
  ['jpn', 'Japanese'],
  ['kor', 'Korean'],
  ['kro', 'Kru'],
  ['lit', 'Lithuanian'],
  ['mal', 'Malayalam'],
  ['hmn', 'Miao (Hmong)'],
  ['mkh', 'Mon-Khmer (Cambodian)'],
  ['nav', 'Navaho'],
  ['nno', 'Norwegian'],
  ['pan', 'Panjabi'],
  ['gem', 'Pennsylvania Dutch (Germanic Other)'],
  ['per', 'Persian'],
  ['pol', 'Polish'],
  ['por', 'Portuguese'],
  ['rum', 'Romanian'],
  ['rus', 'Russian'],
  ['sgn', 'Sign Languages'],
  ['smo', 'Samoan'],
  ['srp', 'Serbo-Croatian'],
  ['slo', 'Slovak'],
  ['spa', 'Spanish'],
  ['swe', 'Swedish'],
  ['syr', 'Syriac'],
  ['tgl', 'Tagalog'],
  ['tha', 'Thai (Laotian)'],
  ['tur', 'Turkish'],
  ['ukr', 'Ukrainian'],
  ['vie', 'Vietnamese'],
  ['yid', 'Yiddish'],
];

/**
 * Section name -> code list. NEMSIS v3.5.1 has no separate ethnicity element: Hispanic or Latino is a
 * value of race (dPersonnel.13), so there is no `ethnicity` section.
 */
export const nemsisSections: Record<string, CodeListSection> = {
  gender: section(nemsis("dPersonnel.40 EMS Personnel's Sex"), [
    ['9919001', 'Female'],
    ['9919003', 'Male'],
    ['9919005', 'Unknown'],
  ]),
  race: section(nemsis("dPersonnel.13 EMS Personnel's Race"), [
    ['1513001', 'American Indian or Alaska Native'],
    ['1513003', 'Asian'],
    ['1513005', 'Black or African American'],
    ['1513007', 'Hispanic or Latino'],
    ['1513009', 'Native Hawaiian or Other Pacific Islander'],
    ['1513011', 'White'],
    ['1513013', 'Middle Eastern or North African'],
  ]),
  education: section(nemsis("dPersonnel.15 EMS Personnel's Highest Educational Degree"), [
    ['1515001', 'No Schooling Completed'],
    ['1515003', 'Nursery School to 4th Grade'],
    ['1515005', '5th Grade or 6th Grade'],
    ['1515007', '7th Grade or 8th Grade'],
    ['1515009', '9th Grade'],
    ['1515011', '10th Grade'],
    ['1515013', '11th Grade'],
    ['1515015', '12th Grade, No Diploma'],
    ['1515017', 'High School Graduate-Diploma or the Equivalent (GED)'],
    ['1515019', 'Some College Credit, but Less than 1 Year'],
    ['1515021', '1 or More Years of College, No Degree'],
    ['1515023', 'Associate Degree'],
    ['1515025', "Bachelor's Degree"],
    ['1515027', "Master's Degree"],
    ['1515029', 'Professional Degree (i.e. MD, DDS, DVM, LLB, JD)'],
    ['1515031', 'Doctorate Degree (i.e. PhD, EdD)'],
  ]),
  employment_status: section(nemsis("dPersonnel.31 EMS Personnel's Employment Status"), [
    ['1531001', 'Full Time Paid Employee'],
    ['1531003', 'Part Time Paid Employee'],
    ['1531005', 'Volunteer'],
    ['1531007', 'Neither an Employee Nor a Volunteer'],
  ]),
  vehicle_types: section(nemsis('dVehicle.04 Vehicle Type'), [
    ['1404001', 'Ambulance'],
    ['1404003', 'ATV'],
    ['1404005', 'Bicycle'],
    ['1404007', 'Fire Apparatus'],
    ['1404009', 'Fixed Wing'],
    ['1404011', 'Motorcycle'],
    ['1404013', 'Other'],
    ['1404015', 'Personal Vehicle'],
    ['1404017', 'Quick Response Vehicle (Non-Transport Vehicle other than Fire Apparatus)'],
    ['1404019', 'Rescue'],
    ['1404021', 'Rotor Craft'],
    ['1404023', 'Snow Vehicle'],
    ['1404025', 'Watercraft'],
  ]),
  organization_types: section(nemsis('dAgency.13 Organizational Type'), [
    ['9912001', 'Fire Department'],
    ['9912003', 'Governmental, Non-Fire'],
    ['9912005', 'Hospital'],
    ['9912007', 'Private, Nonhospital'],
    ['9912009', 'Tribal'],
  ]),
  organization_status: section(nemsis('dAgency.12 Organization Status'), [
    ['1016001', 'Mixed'],
    ['1016003', 'Non-Volunteer'],
    ['1016005', 'Volunteer'],
  ]),
  agency_tax_status: section(nemsis('dAgency.14 EMS Agency Organizational Tax Status'), [
    ['1018001', 'For Profit'],
    ['1018003', 'Other (e.g., Government)'],
    ['1018005', 'Not For Profit'],
  ]),
  agency_service_types: section(
    nemsis('dAgency.09 Primary Type of Service (also dAgency.10 Other Types of Service)'),
    [
      ['9920001', '911 Response (Scene) with Transport Capability'],
      ['9920003', '911 Response (Scene) without Transport Capability'],
      ['9920005', 'Air Medical'],
      ['9920007', 'ALS Intercept'],
      ['9920011', 'Hazmat'],
      ['9920013', 'Medical Transport (Convalescent, Interfacility Transfer Hospital and Nursing Home)'],
      ['9920015', 'Rescue'],
      ['9920017', 'Community Paramedicine'],
      ['9920019', 'Critical Care (Ground)'],
    ],
  ),
  level_of_service: section(
    nemsis('dAgency.11 Level of Service (same list: dVehicle.05 Crew State Certification/Licensure Levels)'),
    levelOfService,
  ),
  personnel_licensure_levels: section(
    nemsis(
      "dPersonnel.24 EMS Personnel's State EMS Certification Licensure Level (same list: dPersonnel.38)",
    ),
    personnelLevels,
  ),
  national_registry_levels: section(
    nemsis("dPersonnel.29 EMS Personnel's National Registry Certification Level"),
    [
      ['1529003', 'Emergency Medical Responder (EMR)'],
      ['1529005', 'Emergency Medical Technician (EMT)'],
      ['1529001', 'Advanced Emergency Medical Technician (AEMT)'],
      ['1529002', 'Emergency Medical Technician - Intermediate'],
      ['1529007', 'Paramedic'],
    ],
  ),
  primary_language: section(
    nemsis(
      "ePatient.24 Patient's Preferred Language(s) (ISO 639-2/B; dPersonnel.20 is this list less English)",
    ),
    languages,
  ),
  hair: section(
    'NCIC Hair Color (HAI) field codes, as in NIEM fbi 2.0 HAICodeSimpleType; not a NEMSIS element',
    [
      ['BLK', 'Black'],
      ['BLN', 'Blond or Strawberry'],
      ['BLU', 'Blue'],
      ['BRO', 'Brown'],
      ['GRN', 'Green'],
      ['GRY', 'Gray or Partially Gray'],
      ['ONG', 'Orange'],
      ['PLE', 'Purple'],
      ['PNK', 'Pink'],
      ['RED', 'Red or Auburn'],
      ['SDY', 'Sandy'],
      ['WHI', 'White'],
      ['XXX', 'Unknown or Completely Bald'],
    ],
  ),
  eye_colour: section(
    'NCIC Eye Color (EYE) field codes, as in NIEM fbi 2.0 EYECodeSimpleType; not a NEMSIS element',
    [
      ['BLK', 'Black'],
      ['BLU', 'Blue'],
      ['BRO', 'Brown'],
      ['GRN', 'Green'],
      ['GRY', 'Gray'],
      ['HAZ', 'Hazel'],
      ['MAR', 'Maroon'],
      ['MUL', 'Multicolored'],
      ['PNK', 'Pink'],
      ['XXX', 'Unknown'],
    ],
  ),
};

/** One row of the `data_elements` reference list. */
export interface DataElementRow {
  data_section_name: string;
  code: string;
  label: string;
  description: string;
  sort_order: number;
}

/** Every section flattened to `data_elements` rows; sort_order keeps the source order within a section. */
export function dataElementRows(
  sections: Record<string, CodeListSection> = nemsisSections,
): DataElementRow[] {
  return Object.entries(sections).flatMap(([name, s]) =>
    s.entries.map((e, i) => ({
      data_section_name: name,
      code: e.code,
      label: e.label,
      description: s.source,
      sort_order: i + 1,
    })),
  );
}

/** The label of a code in a section, or undefined. */
export function nemsisLabel(sectionName: string, code: string): string | undefined {
  return nemsisSections[sectionName]?.entries.find((e) => e.code === code)?.label;
}
