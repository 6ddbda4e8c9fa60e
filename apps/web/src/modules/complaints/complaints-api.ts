import type {
  CertificationOutput,
  ComplaintActivityOutput,
  ComplaintBulkBody,
  ComplaintFiledView,
  ComplaintInput,
  ComplaintOutput,
  DocumentRecord,
  InvestigationInput,
  InvestigationOutput,
  ListResult,
  PublicAttachmentLimits,
  PublicComplaintBody,
  ScreeningAttachment,
} from '@licensure/contracts';
import { api, type QueryValue } from '../../platform/api/client';

export interface ListItem {
  id: string;
  label: string;
  is_closed?: boolean;
}

const all = { currentPage: 1, numPerPage: 500, sortBy: 'sort_order' };

export const complaintKeys = {
  all: ['complaints'] as const,
  list: (q: Record<string, QueryValue>) => ['complaints', 'list', q] as const,
  one: (id: string) => ['complaints', 'one', id] as const,
  activities: (id: string) => ['complaints', 'activities', id] as const,
  documents: (id: string) => ['complaints', 'documents', id] as const,
  screening: (id: string) => ['complaints', 'screening', id] as const,
  investigations: (id: string) => ['complaints', 'investigations', id] as const,
  investigation: (id: string) => ['complaints', 'investigation', id] as const,
  list_: (path: string) => ['complaints', 'lists', path] as const,
  mine: (userId: string) => ['complaints', 'mine', userId] as const,
  staff: ['complaints', 'staff'] as const,
};

/** The fields of a complaint that PUT Complaints/{id} takes back. */
function inputOf(c: ComplaintOutput) {
  return {
    complaint_category_id: c.complaint_category_id,
    complaint_status_id: c.complaint_status_id,
    user_id: c.user_id,
    service_id: c.service_id,
    vehicle_id: c.vehicle_id,
    certification_id: c.certification_id,
    subject_name: c.subject_name,
    complainant_first_name: c.complainant_first_name,
    complainant_last_name: c.complainant_last_name,
    complainant_email: c.complainant_email,
    complainant_phone: c.complainant_phone,
    complainant_address: c.complainant_address,
    description: c.description,
    incident_date: c.incident_date,
    incident_location: c.incident_location,
    assigned_to: c.assigned_to,
  };
}

export const complaintsApi = {
  /** POST Complaints/getFilter: the signal lets a newer search abort an older one. */
  filter: (q: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.post<ListResult<ComplaintOutput>>('/api/Complaints/getFilter', q, { signal }),
  create: (complaint: ComplaintInput) => api.post<ComplaintOutput>('/api/Complaints', { complaint }),
  get: (id: string) => api.get<ComplaintOutput>(`/api/Complaints/${id}`),
  update: (c: ComplaintOutput, changes: Partial<ReturnType<typeof inputOf>>) =>
    api.put<ComplaintOutput>(`/api/Complaints/${c.id}`, { complaint: { ...inputOf(c), ...changes } }),
  bulk: (body: ComplaintBulkBody) => api.post<{ updated: number }>('/api/Complaints/bulkAction', body),
  list: (path: string) => api.get<ListResult<ListItem>>(`/api/${path}`, { query: all }),
  activities: (complaintId: string) =>
    api.get<ListResult<ComplaintActivityOutput>>('/api/ComplaintActivityTracking', {
      query: { complaint_id: complaintId, numPerPage: 500, sortBy: 'activity_date' },
    }),
  logActivity: (a: {
    complaint_id: string;
    investigation_id?: string | null;
    complaint_activity_type_id: string | null;
    activity_date: string;
    description: string;
  }) => api.post<ComplaintActivityOutput>('/api/ComplaintActivityTracking', { complaint_activity: a }),
  documents: (id: string) => api.get<DocumentRecord[]>(`/api/Complaints/${id}/documents`),
  /** Files of the public form waiting for screening: name, type and size only. */
  screening: (id: string) => api.get<ScreeningAttachment[]>(`/api/Complaints/${id}/attachments/screening`),
  release: (id: string, documentId: string) =>
    api.post<{ released: true }>(`/api/Complaints/${id}/attachments/${documentId}/release`, {}),
  discard: (id: string, documentId: string, reason: string) =>
    api.post<{ discarded: true }>(`/api/Complaints/${id}/attachments/${documentId}/discard`, { reason }),
  investigations: (complaintId: string) =>
    api.get<ListResult<InvestigationOutput>>('/api/InvestigationsModule/Investigation', {
      query: { complaint_id: complaintId },
    }),
  investigation: (id: string) =>
    api.get<InvestigationOutput>(`/api/InvestigationsModule/Investigation/${id}`),
  openInvestigation: (complaintId: string, investigatorId: string) =>
    api.post<InvestigationOutput>('/api/InvestigationsModule/Investigation', {
      investigation: { complaint_id: complaintId, investigator_ids: [investigatorId] },
    }),
  saveInvestigation: (inv: InvestigationOutput, changes: Partial<InvestigationInput>) =>
    api.put<InvestigationOutput>(`/api/InvestigationsModule/Investigation/${inv.id}`, {
      investigation: {
        complaint_id: inv.complaint_id,
        status: inv.status,
        investigator_ids: inv.investigator_ids,
        summary: inv.summary,
        findings: inv.findings,
        outcome: inv.outcome,
        outcome_date: inv.outcome_date,
        outcome_public: inv.outcome_public,
        certification_id: inv.certification_id,
        ...changes,
      },
    }),
  investigationActivities: (investigationId: string) =>
    api.get<ListResult<ComplaintActivityOutput>>('/api/InvestigationActivityTrackingHistory', {
      query: { investigation_id: investigationId, numPerPage: 500 },
    }),
  /** Credentials whose number matches, to link a complaint to what it is about. */
  credentials: (search: string, signal?: AbortSignal) =>
    api.get<ListResult<CertificationOutput>>('/api/certifications', {
      query: { search, numPerPage: 10, sortBy: 'number' },
      signal,
    }),
  /** Staff members, to assign complaints to (first 200 by last name). */
  staff: () =>
    api.get<ListResult<{ id: string; first_name: string | null; last_name: string | null }>>('/api/users', {
      query: { is_staff: 'true', numPerPage: 200, sortBy: 'last_name' },
    }),
  /** The complaints a portal user filed (status only). */
  mine: (userId: string) =>
    api.get<ComplaintFiledView[]>('/api/Complaints/getByUserID', { query: { user_id: userId } }),
  publicCategories: () => api.get<{ id: string; label: string }[]>('/api/complaints/publicCategories'),
  attachmentLimits: () => api.get<PublicAttachmentLimits>('/api/complaints/publicAttachmentLimits'),
  file: (body: PublicComplaintBody) =>
    api.post<{ number: string; message: string }>('/api/complaints/file', body),
};

export const printUrl = (investigationId: string) =>
  `/api/InvestigationsModule/Investigation/print?id=${encodeURIComponent(investigationId)}`;

export const todayIso = () => new Date().toISOString().slice(0, 10);
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** A file's size in words: "820 KB", "4.5 MB". */
export const describeSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
