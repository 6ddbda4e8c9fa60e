import type { publicLookupRow, publicServiceResult } from '@licensure/contracts';
import type { z } from 'zod';
import { api } from '../../platform/api/client';
import { type SearchPage, searchPageOf } from '../../platform/list/search-page';

export type PublicPersonLicence = z.infer<typeof publicLookupRow>;
export type PublicServiceLicence = z.infer<typeof publicServiceResult>;

/** One licence the public lookup found, a person's or a service's, shaped alike for its card. */
export interface LicenceRow {
  key: string;
  name: string;
  place: string;
  number: string | null;
  /** The licence type ("EMS Personnel Certification"), when the credential names one. */
  licence: string | null;
  level: string | null;
  /** The status in words ("Active"). */
  status: string | null;
  issue_date: string | null;
  expiration_date: string | null;
}

const inWords = (status: string | null) =>
  status ? `${status.charAt(0).toUpperCase()}${status.slice(1)}` : null;

export type LookupKind = 'person' | 'service';

export interface LookupCriteria {
  kind: LookupKind;
  last_name: string;
  first_name: string;
  name: string;
  number: string;
}

const place = (r: { city: string | null; state: string | null }) =>
  [r.city, r.state].filter(Boolean).join(', ');

/** Runs the public lookup of people or services; only the fields of that kind are sent. */
export async function publicLookup(
  c: LookupCriteria,
  currentPage: number,
  numPerPage: number,
  signal?: AbortSignal,
): Promise<SearchPage<LicenceRow>> {
  const paging = { currentPage, numPerPage };
  const given = (v: string) => v.trim() || undefined;
  if (c.kind === 'service') {
    const body = { service_name: given(c.name), primary_license_number: given(c.number), ...paging };
    const rows = await api.post<PublicServiceLicence[]>('/api/PublicLookupService', body, { signal });
    return searchPageOf(
      rows.map((r, i) => ({
        key: `${r.license_number ?? ''}:${r.name}:${i}`,
        name: r.name,
        place: place(r),
        // The service's credential as the people's are shown (one presenter on the server).
        number: r.credential?.number ?? r.license_number,
        licence: r.credential?.license_name ?? null,
        level: r.credential?.level_label ?? r.level,
        status: r.credential?.status_label ?? inWords(r.status),
        issue_date: r.credential?.issue_date ?? null,
        expiration_date: r.credential?.expiration_date ?? r.expiration_date,
      })),
      currentPage,
      numPerPage,
    );
  }
  const body = {
    last_name: given(c.last_name),
    first_name: given(c.first_name),
    license_number: given(c.number),
    ...paging,
  };
  const rows = await api.post<PublicPersonLicence[]>('/api/PublicLookupUser', body, { signal });
  return searchPageOf(
    rows.map((r) => ({
      key: `${r.user_id}:${r.license_number}`,
      name: [r.first_name, r.middle_name, r.last_name, r.suffix].filter(Boolean).join(' '),
      place: place(r),
      // The credential as My licences and the certificate show it (one presenter on the server).
      number: r.credential.number,
      licence: r.credential.license_name,
      level: r.credential.level_label,
      status: r.credential.status_label,
      issue_date: r.credential.issue_date,
      expiration_date: r.credential.expiration_date,
    })),
    currentPage,
    numPerPage,
  );
}
