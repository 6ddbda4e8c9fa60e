import type { ReferenceListKey } from '@licensure/contracts';
import type { Tx } from '../client';
import { dataElementRows, nemsisSections, nremtLevels, nremtStatuses } from '../reference-data/index';
import { referenceTables } from '../schema/reference';
import { complaintReferenceData } from './complaint-lists';
import { isoCountries } from './countries';
import { formReferenceData } from './demo-forms';

type Row = Record<string, unknown> & { label: string };

const labels = (...names: string[]): Row[] => names.map((label, i) => ({ label, sort_order: i + 1 }));

/** Standard reference data every enterprise starts with: NEMSIS code lists and common statuses. */
export function standardReferenceData(): Partial<Record<ReferenceListKey, Row[]>> {
  return {
    ...formReferenceData(),
    ...complaintReferenceData(),
    data_elements: [
      ...dataElementRows(),
      ...['Pending', 'Conviction', 'Absolved'].map((label, i) => ({
        data_section_name: 'criminal_history_status',
        code: label.toUpperCase(),
        label,
        sort_order: i + 1,
      })),
    ],
    vehicle_types: (nemsisSections.vehicle_types?.entries ?? []).map((e, i) => ({
      code: e.code,
      label: e.label,
      description: 'NEMSIS dVehicle.04',
      sort_order: i + 1,
    })),
    nremt_levels: nremtLevels.map((l, i) => ({
      code: l.code,
      label: l.label,
      description: `${l.credential}; NEMSIS ${l.nemsisCode}`,
      sort_order: i + 1,
    })),
    nremt_statuses: nremtStatuses.map((s, i) => ({
      code: s.code,
      label: s.label,
      description: s.description,
      sort_order: i + 1,
    })),
    countries: isoCountries().map((c) => ({ ...c, sort_order: 0 })),
    entities: [
      { label: 'Person', code: 'user', is_user: true, sort_order: 1 },
      { label: 'Service', code: 'service', is_service: true, sort_order: 2 },
      { label: 'Vehicle', code: 'vehicle', is_vehicle: true, sort_order: 3 },
      { label: 'Self-entered course', code: 'self_entered_course', sort_order: 4 },
    ],
    user_statuses: [
      { label: 'Active', code: 'ACTIVE', sort_order: 1 },
      { label: 'Inactive', code: 'INACTIVE', sort_order: 2 },
      {
        label: 'Locked',
        code: 'LOCKED',
        locked: true,
        locked_message: 'This account is locked. Contact the licensing office to unlock it.',
        sort_order: 3,
      },
      {
        label: 'Deceased',
        code: 'DECEASED',
        locked: true,
        locked_message: 'This account is closed.',
        sort_order: 4,
      },
    ],
    license_request_statuses: labels(
      'In progress',
      'Submitted',
      'Under review',
      'Approved',
      'Denied',
      'Withdrawn',
    ).map((r) => ({
      ...r,
      is_final: ['Approved', 'Denied', 'Withdrawn'].includes(r.label),
    })),
    transaction_statuses: labels('Pending', 'Paid', 'Failed', 'Refunded', 'Voided'),
    attendee_statuses: labels('Registered', 'Attended', 'Completed', 'Failed', 'Withdrawn').map((r) => ({
      ...r,
      is_completion: r.label === 'Completed',
    })),
    alert_types: [
      { label: 'Credential expiring', entity: 'user', severity: 'warning', sort_order: 1 },
      { label: 'Open deficiency', entity: 'service', severity: 'warning', sort_order: 2 },
      { label: 'Out of service', entity: 'vehicle', severity: 'critical', sort_order: 3 },
      { label: 'Note', severity: 'information', sort_order: 4 },
    ],
    document_types: [
      { label: 'Course completion certificate', entity: 'user', expires: false, sort_order: 1 },
      { label: 'National registry card', entity: 'user', expires: true, sort_order: 2 },
      { label: 'Driver licence', entity: 'user', expires: true, sort_order: 3 },
      { label: 'Proof of insurance', entity: 'service', expires: true, sort_order: 4 },
      { label: 'Vehicle registration', entity: 'vehicle', expires: true, sort_order: 5 },
      { label: 'Other', is_other: true, sort_order: 6 },
    ],
    file_types: [
      { label: 'PDF document', extension: 'pdf', mime_type: 'application/pdf' },
      { label: 'JPEG image', extension: 'jpg', mime_type: 'image/jpeg' },
      { label: 'PNG image', extension: 'png', mime_type: 'image/png' },
      {
        label: 'Word document',
        extension: 'docx',
        mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      {
        label: 'Excel workbook',
        extension: 'xlsx',
        mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { label: 'CSV file', extension: 'csv', mime_type: 'text/csv' },
    ],
    license_charge_types: [
      { label: 'Application fee', sort_order: 1 },
      { label: 'Late fee', is_calculated: true, sort_order: 2 },
      { label: 'Background check fee', sort_order: 3 },
    ],
    background_checks: [
      { label: 'State criminal history', days_valid: 365, sort_order: 1 },
      { label: 'FBI fingerprint check', days_valid: 365, sort_order: 2 },
    ],
    date_types: labels('Issue date', 'Expiration date', 'Course date', 'Inspection date'),
    policy_types: labels('Policy', 'Protocol', 'Guideline'),
    policy_statuses: labels('Draft', 'Published', 'Retired'),
    policy_classifications: [
      { label: 'Administrative', type: 'Policy', sort_order: 1 },
      { label: 'Clinical', type: 'Protocol', sort_order: 2 },
    ],
    validation_types: labels('Education verification', 'Background check', 'Exam result'),
    trigger_categories: labels('Licensing', 'Inspections', 'Investigations', 'Education'),
    vehicle_specialties: labels('Bariatric', 'Neonatal', 'Critical care', 'Wheelchair'),
    positions: [
      { label: 'Service director', is_service_designation: true, sort_order: 1 },
      { label: 'Medical director', is_service_designation: true, sort_order: 2 },
      { label: 'Paramedic', sort_order: 3 },
      { label: 'EMT', sort_order: 4 },
      { label: 'Driver', sort_order: 5 },
      { label: 'Training officer', sort_order: 6 },
    ],
  };
}

/** Fills an enterprise's reference lists with the standard data. */
export async function seedReferenceLists(tx: Tx, enterpriseId: string): Promise<void> {
  for (const [key, rows] of Object.entries(standardReferenceData()) as [ReferenceListKey, Row[]][]) {
    const table = referenceTables[key];
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(table)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, enterprise_id: enterpriseId })));
    }
  }
}
