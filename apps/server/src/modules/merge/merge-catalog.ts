import type {
  MergeCode,
  MergeContactGroupOutput,
  MergeFieldOutput,
  MergeObjectKind,
} from '@licensure/contracts';
import { mergeCodes } from '@licensure/contracts';

/** The kinds of record each code's templates merge against. */
export const objectsOfCode: Record<MergeCode, readonly MergeObjectKind[]> = {
  Inspections: ['service', 'vehicle'],
  Investigations: ['person', 'service'],
  'Inspection Visits': ['service', 'vehicle'],
  Exams: ['request', 'person'],
  Licensing: ['request', 'person', 'service', 'vehicle'],
  Certifications: ['certification'],
  Correspondence: ['person', 'service', 'vehicle'],
};

export const objectLabels: Record<MergeObjectKind, string> = {
  person: 'Person',
  service: 'Service',
  vehicle: 'Vehicle',
  request: 'Licence request',
  certification: 'Credential',
};

type FieldGroup =
  | 'person'
  | 'service'
  | 'vehicle'
  | 'request'
  | 'exam'
  | 'certification'
  | 'enterprise'
  | 'date';

/** Fields of each group, as `{{group.name}}`. */
export const fieldLabels: Record<FieldGroup, Record<string, string>> = {
  person: {
    first_name: 'First name',
    middle_name: 'Middle name',
    last_name: 'Last name',
    full_name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    street: 'Street',
    city: 'City',
    state: 'State',
    postal_code: 'ZIP code',
    account_identifier: 'Account identifier',
    national_ems_id: 'National registry number',
  },
  service: {
    name: 'Service name',
    service_number: 'Service number',
    email: 'Service email',
    phone: 'Service phone',
    street: 'Service street',
    city: 'Service city',
    state: 'Service state',
    postal_code: 'Service ZIP code',
  },
  vehicle: {
    unit_number: 'Unit number',
    serial_number: 'VIN or serial number',
    make: 'Make',
    model: 'Model',
    model_year: 'Model year',
    license_plate: 'Licence plate',
  },
  request: {
    license_name: 'Licence',
    status: 'Request status',
    started_on: 'Started on',
    submitted_on: 'Submitted on',
  },
  /** The exam session the request's candidate is registered for (admission letters). */
  exam: {
    session_name: 'Exam session name',
    session_number: 'Exam session number',
    session_date: 'Exam date',
    start_time: 'Exam start time',
    location: 'Exam location',
    location_address: 'Exam location address',
    exam_packet: 'Exam',
    attempt: 'Exam attempt',
  },
  certification: {
    number: 'Credential number',
    license_name: 'Licence',
    level: 'Level',
    status: 'Credential status',
    issue_date: 'Issue date',
    expiration_date: 'Expiration date',
  },
  enterprise: { name: 'Agency name', abbreviation: 'Agency abbreviation', address: 'Agency address' },
  date: { today: "Today's date" },
};

/** The field groups a kind of record fills: its own and its holder's. */
export const groupsOfObject: Record<MergeObjectKind, readonly FieldGroup[]> = {
  person: ['person'],
  service: ['service'],
  vehicle: ['vehicle', 'service'],
  request: ['request', 'person', 'service', 'vehicle'],
  certification: ['certification', 'person', 'service', 'vehicle'],
};

/** Who a send can reach, relative to the merged record. */
export const contactGroupsOfObject: Record<MergeObjectKind, readonly MergeContactGroupOutput[]> = {
  person: [{ key: 'person', label: 'The person', object: 'person' }],
  service: [
    { key: 'service_administrators', label: 'Administrators of the service', object: 'service' },
    { key: 'service_roster', label: 'Everyone on the service roster', object: 'service' },
  ],
  vehicle: [
    {
      key: 'vehicle_service_administrators',
      label: "Administrators of the vehicle's service",
      object: 'vehicle',
    },
  ],
  request: [
    { key: 'applicant', label: 'The applicant (or the administrators of its service)', object: 'request' },
  ],
  certification: [
    { key: 'holder', label: 'The holder (or the administrators of its service)', object: 'certification' },
  ],
};

const codesOf = (code?: MergeCode): readonly MergeCode[] => (code ? [code] : mergeCodes);

export function mergeObjectsFor(code?: MergeCode) {
  const kinds = new Set(codesOf(code).flatMap((c) => objectsOfCode[c]));
  return [...kinds].map((kind) => ({
    kind,
    label: objectLabels[kind],
    codes: mergeCodes.filter((c) => objectsOfCode[c].includes(kind)),
  }));
}

/**
 * Codes whose templates use other groups than their objects give: Exams letters are about a candidate
 * (a person, or the request with its exam session), never a service or vehicle.
 */
const groupsOfCode: Partial<Record<MergeCode, readonly FieldGroup[]>> = {
  Exams: ['exam', 'request', 'person'],
};

export function mergeFieldsFor(code?: MergeCode): MergeFieldOutput[] {
  const groups = new Set<FieldGroup>(
    codesOf(code).flatMap((c) => groupsOfCode[c] ?? objectsOfCode[c].flatMap((k) => groupsOfObject[k])),
  );
  groups.add('enterprise');
  groups.add('date');
  return [...groups].flatMap((group) =>
    Object.entries(fieldLabels[group]).map(([name, label]) => ({
      key: `${group}.${name}`,
      label,
      object: group,
    })),
  );
}

export function contactGroupsFor(code?: MergeCode): MergeContactGroupOutput[] {
  const kinds = new Set(codesOf(code).flatMap((c) => objectsOfCode[c]));
  return [...kinds].flatMap((k) => contactGroupsOfObject[k]);
}
