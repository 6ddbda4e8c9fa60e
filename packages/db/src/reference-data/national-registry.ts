/**
 * National Registry of Emergency Medical Technicians (NREMT) certification levels and statuses.
 *
 * Levels and post-nominal credentials: nremt.org "About the National Registry" (NCCA-accredited
 * programmes: Emergency Medical Responder (NREMR), Emergency Medical Technician (NREMT), Advanced
 * Emergency Medical Technician (NRAEMT), Paramedic (NRP)). NEMSIS codes: dPersonnel.29 EMS Personnel's
 * National Registry Certification Level, NEMSIS v3.5.1.
 * Statuses: nremt.org Recertification Handbook, "Active and Inactive Status" (Active, Inactive, Lapsed);
 * suspension and revocation: nremt.org "Certification Eligibility, Discipline and Appeals" policy.
 */

export interface NremtLevel {
  /** The level as the National Registry names it in short: EMR, EMT, AEMT, Paramedic. */
  code: string;
  label: string;
  /** Post-nominal of a nationally certified clinician at this level. */
  credential: string;
  /** NEMSIS v3.5 dPersonnel.29 code. */
  nemsisCode: string;
}

export const nremtLevels: NremtLevel[] = [
  { code: 'EMR', label: 'Emergency Medical Responder', credential: 'NREMR', nemsisCode: '1529003' },
  { code: 'EMT', label: 'Emergency Medical Technician', credential: 'NREMT', nemsisCode: '1529005' },
  {
    code: 'AEMT',
    label: 'Advanced Emergency Medical Technician',
    credential: 'NRAEMT',
    nemsisCode: '1529001',
  },
  { code: 'Paramedic', label: 'Paramedic', credential: 'NRP', nemsisCode: '1529007' },
];

export interface NremtStatus {
  code: string;
  label: string;
  description: string;
  /** A certification state reached through recertification, or the result of a disciplinary action. */
  kind: 'certification' | 'disciplinary';
}

export const nremtStatuses: NremtStatus[] = [
  {
    code: 'active',
    label: 'Active',
    description:
      'Certified and providing patient care: affiliated with an agency, skills verified by its Training Officer or Medical Director.',
    kind: 'certification',
  },
  {
    code: 'inactive',
    label: 'Inactive',
    description:
      'Certified but not working or volunteering in EMS, or without an agency affiliation or skills verification; may return to active status.',
    kind: 'certification',
  },
  {
    code: 'lapsed',
    label: 'Lapsed',
    description:
      'Recertification was not completed by the expiration date or within the reinstatement period.',
    kind: 'certification',
  },
  {
    code: 'suspended',
    label: 'Suspended',
    description: 'Certification suspended by the National Registry as a disciplinary action.',
    kind: 'disciplinary',
  },
  {
    code: 'revoked',
    label: 'Revoked',
    description: 'Certification revoked by the National Registry as a disciplinary action.',
    kind: 'disciplinary',
  },
];
