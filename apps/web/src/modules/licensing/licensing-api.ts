import type {
  CertificationOutput,
  DecisionPreview,
  DocumentRecord,
  LicenseRequestDetail,
  LicenseRequestSummary,
  ListResult,
  ResponseOutput,
  submitResult,
} from '@licensure/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../platform/api/client';
import { paymentsKeys } from '../payments/payments-api';

export type SubmitResult = z.infer<typeof submitResult>;

/** A licence open for applications (GET licenses/available). */
export interface AvailableLicence {
  id: string;
  name: string;
  description: string | null;
  entity: string;
  form_package_id: string | null;
  levels: { id: string; label: string; category_id: string; category_label: string }[];
  application_types: { id: string; label: string; license_category_levels: string[] }[];
}

export interface ProcessStatusRow {
  id: string;
  process_id: string;
  process_label: string;
  label: string;
  is_final: boolean;
  active: boolean;
}

export interface RequestStatusRow {
  id: string;
  label: string;
  license_id?: string | null;
}

export interface LicenceRow {
  id: string;
  name: string;
}

/** Who a request is for: oneself (nothing set), a service one administers, or one of its vehicles. */
export interface RequestSubject {
  service_id?: string;
  vehicle_id?: string;
}

/** A service on the signed-in person's roster (services/getbyuserid). */
export interface RosterService {
  id: string;
  name: string;
  is_administrator: boolean;
}

export interface ServiceVehicle {
  id: string;
  serial_number: string;
  unit_number: string | null;
}

export interface QueueCounts {
  total: number;
  statuses: { status_id: string | null; label: string | null; count: number }[];
}

const enc = encodeURIComponent;

export const licensingApi = {
  available: (signal?: AbortSignal) => api.get<AvailableLicence[]>('/api/licenses/available', { signal }),
  openDraft: (licenseId: string, subject: RequestSubject = {}) =>
    api.get<LicenseRequestSummary | null>('/api/LicensingModule/LicenseRequest', {
      query: { license_id: licenseId, ...subject },
    }),
  start: (licenseId: string, subject: RequestSubject = {}, renewsCertificationId?: string) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests', {
      license_request: {
        license_id: licenseId,
        ...subject,
        ...(renewsCertificationId ? { renews_certification_id: renewsCertificationId } : {}),
      },
    }),
  /** Services the person administers (a service's administrator applies for it and its vehicles). */
  administeredServices: async (userId: string, signal?: AbortSignal) =>
    (
      await api.get<RosterService[]>('/api/services/getbyuserid', { query: { user_id: userId }, signal })
    ).filter((s) => s.is_administrator),
  serviceVehicles: (serviceId: string, signal?: AbortSignal) =>
    api.get<ServiceVehicle[]>('/api/services/serviceVehicles', { query: { service_id: serviceId }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<LicenseRequestDetail>(`/api/LicenseRequests/${enc(id)}`, { signal }),
  mine: (signal?: AbortSignal) => api.get<LicenseRequestSummary[]>('/api/LicenseRequests/mine', { signal }),
  chooseApplicationTypes: (id: string, selections: Record<string, boolean>) =>
    api.put<LicenseRequestDetail>(`/api/LicenseRequests/${enc(id)}/applicationtypes`, { selections }),
  submit: (id: string) => api.post<SubmitResult>('/api/LicenseRequests/submit', { licenseRequestID: id }),
  remove: (id: string, reason: string) =>
    api.delete<{ deleted: boolean }>(`/api/LicenseRequests/${enc(id)}`, { query: { reason } }),
  /** Starts the response to one form of a request (as the request's applicant). */
  startForm: (
    requestId: string,
    formId: string,
    subject: { user_id: string | null; service_id: string | null; vehicle_id: string | null },
  ) =>
    api.post<ResponseOutput>('/api/fbresponses', {
      response: {
        form_id: formId,
        license_request_id: requestId,
        user_id: subject.user_id,
        service_id: subject.service_id,
        vehicle_id: subject.vehicle_id,
        current_page: 0,
        complete: false,
        questions: [],
      },
      saveAnswers: true,
      getLess: true,
    }),
  certifications: (signal?: AbortSignal) =>
    api.get<ListResult<CertificationOutput>>('/api/certifications', {
      query: { numPerPage: 100 },
      signal,
    }),
  verifyUrl: (certificationId: string) =>
    api.get<{ url: string }>(`/api/certifications/${enc(certificationId)}/verifyurl`),

  // The reviewer's side.
  queue: (query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get<ListResult<LicenseRequestSummary>>('/api/LicenseRequests', { query, signal }),
  counts: (query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get<QueueCounts>('/api/LicenseRequests/counts', { query, signal }),
  licences: (signal?: AbortSignal) =>
    api.get<ListResult<LicenceRow>>('/api/licenses', { query: { numPerPage: 500 }, signal }),
  processStatuses: (licenseId: string | undefined, signal?: AbortSignal) =>
    api.get<ListResult<ProcessStatusRow>>('/api/processstatuses', {
      query: { license_id: licenseId, numPerPage: 500 },
      signal,
    }),
  requestStatuses: (licenseId: string | undefined, signal?: AbortSignal) =>
    api.get<ListResult<RequestStatusRow>>('/api/licenserequeststatuses', {
      query: { license_id: licenseId, numPerPage: 500 },
      signal,
    }),
  processChange: (body: {
    licenseRequestID: string;
    processID: string;
    statusID: string;
    note: string | null;
    /** Send the note to the applicant; otherwise it stays internal. */
    toApplicant?: boolean;
  }) => api.post<LicenseRequestDetail>('/api/licenserequestprocessstatuses/processchange', body),
  changeStatus: (id: string, licenseId: string, statusId: string) =>
    api.put<LicenseRequestDetail>(`/api/LicenseRequests/${enc(id)}`, {
      license_request: { license_id: licenseId, status_id: statusId },
    }),
  approve: (id: string, note: string | null, acknowledgeUnpaidFees = false, overrideReason?: string) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/approve', {
      licenseRequestID: id,
      note,
      acknowledgeUnpaidFees,
      ...(overrideReason ? { override_reason: overrideReason } : {}),
    }),
  /** What approving or denying would change (the plan the approval applies); writes nothing. */
  decisionPreview: (id: string, decision: 'approve' | 'deny', signal?: AbortSignal) =>
    api.get<DecisionPreview>(`/api/LicenseRequests/${enc(id)}/decisionPreview`, {
      signal,
      query: { decision },
    }),
  deny: (id: string, reason: string) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/deny', { licenseRequestID: id, reason }),
  returnForCorrections: (id: string, message: string, formIds: string[], fields: string[]) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/return', {
      licenseRequestID: id,
      message,
      form_ids: formIds,
      fields,
    }),
  requestInfo: (id: string, message: string, infoKind: 'document' | 'answer') =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/requestInfo', {
      licenseRequestID: id,
      message,
      info_kind: infoKind,
    }),
  addNote: (id: string, note: string, toApplicant: boolean, concern = false) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/notes', {
      licenseRequestID: id,
      note,
      toApplicant,
      concern,
    }),
  checkout: (id: string) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/checkout', { licenseRequestID: id }),
  assign: (id: string, userId: string | null) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/assign', { licenseRequestID: id, user_id: userId }),
  reviewers: (signal?: AbortSignal) =>
    api.get<{ id: string; name: string }[]>('/api/LicenseRequests/reviewers', { signal }),
  // The applicant's answers to the reviewer.
  answerInfo: (id: string, answer: string | null, documentId: string | null) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/answerInfo', {
      licenseRequestID: id,
      ...(answer ? { answer } : {}),
      ...(documentId ? { document_id: documentId } : {}),
    }),
  withdraw: (id: string, reason: string | null) =>
    api.post<LicenseRequestDetail>('/api/LicenseRequests/withdraw', {
      licenseRequestID: id,
      ...(reason ? { reason } : {}),
    }),
  documents: (responseId: string, signal?: AbortSignal) =>
    api.get<ListResult<DocumentRecord>>('/api/Documents', {
      query: { fb_response_id: responseId, numPerPage: 100 },
      signal,
    }),
};

export const licensingKeys = {
  all: ['licensing'] as const,
  available: () => ['licensing', 'available'] as const,
  request: (id: string) => ['licensing', 'request', id] as const,
  mine: () => ['licensing', 'mine'] as const,
  certifications: () => ['licensing', 'certifications'] as const,
  queue: (query: Record<string, string | number>) => ['licensing', 'queue', query] as const,
  counts: (query: Record<string, string | number>) => ['licensing', 'counts', query] as const,
  licences: () => ['licensing', 'licences'] as const,
  administeredServices: () => ['licensing', 'administered-services'] as const,
  serviceVehicles: (serviceId: string) => ['licensing', 'service-vehicles', serviceId] as const,
  processStatuses: (licenseId?: string) => ['licensing', 'process-statuses', licenseId ?? ''] as const,
  requestStatuses: (licenseId?: string) => ['licensing', 'request-statuses', licenseId ?? ''] as const,
  documents: (responseId: string) => ['licensing', 'documents', responseId] as const,
  reviewers: () => ['licensing', 'reviewers'] as const,
  decisionPreview: (id: string, decision: 'approve' | 'deny') =>
    ['licensing', 'decision-preview', id, decision] as const,
};

/**
 * After the applicant changes a request (submits it, answers, withdraws): what it owes is fetched anew
 * before it is shown again (its fees are worked out on submission), and the requests and alerts are
 * read again. One place, so that no page shows a request's state or fees from before the change.
 */
export async function refreshAfterRequestChange(client: QueryClient): Promise<void> {
  await client.resetQueries({ queryKey: paymentsKeys.all });
  await Promise.all([
    client.invalidateQueries({ queryKey: licensingKeys.all }),
    // The alerts module's keys all start with 'alerts' (alertKeys): a submission raises or retires some.
    client.invalidateQueries({ queryKey: ['alerts'] }),
  ]);
}

/** Where a credential's certificate (or wallet card) PDF is downloaded. */
export const certificateHref = (certificationId: string, format: 'certificate' | 'card' = 'certificate') =>
  `/api/certifications/${enc(certificationId)}/certificate${format === 'card' ? '?format=card' : ''}`;

/** Where the holder downloads the credential as a W3C Verifiable Credential (application/vc+jwt) for a wallet. */
export const verifiableCredentialHref = (certificationId: string) =>
  `/api/certifications/${enc(certificationId)}/vc`;

/** Where the queue's CSV export (the same filters, every page) is downloaded. */
export const queueCsvHref = (query: Record<string, string | number>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (k !== 'currentPage' && k !== 'numPerPage') params.set(k, String(v));
  const qs = params.toString();
  return `/api/LicenseRequests/exportCsv${qs ? `?${qs}` : ''}`;
};

/** Where a request's XML export is downloaded. */
export const requestXmlHref = (requestId: string) => `/api/LicenseRequests/getXML?id=${enc(requestId)}`;
