import type {
  checklistOutput,
  checkoutOutput,
  InspectionInput,
  InspectionOutput,
  inspectionCommentOutput,
  ListResult,
  OfflineChange,
  SyncResult,
  VisitCreateBody,
  VisitOfflineBundle,
  VisitOutput,
} from '@licensure/contracts';
import type { z } from 'zod';
import { api, type QueryValue } from '../../platform/api/client';

export type ChecklistOutput = z.infer<typeof checklistOutput>;
export type CommentOutput = z.infer<typeof inspectionCommentOutput>;
export type CheckoutOutput = z.infer<typeof checkoutOutput>;

export interface Named {
  id: string;
  label: string;
}
export interface TemplateItem extends Named {
  entity: 'service' | 'vehicle';
  form_id: string | null;
  result_set: string | null;
}

export const inspectionKeys = {
  all: ['inspections'] as const,
  visits: (q: Record<string, QueryValue>) => ['inspections', 'visits', q] as const,
  visit: (id: string) => ['inspections', 'visit', id] as const,
  visitInspections: (id: string) => ['inspections', 'visit-inspections', id] as const,
  bundle: (visitId: string) => ['inspections', 'bundle', visitId] as const,
  inspection: (id: string) => ['inspections', 'inspection', id] as const,
  comments: (id: string) => ['inspections', 'comments', id] as const,
  checkouts: (visitId: string) => ['inspections', 'checkouts', visitId] as const,
  years: ['inspections', 'years'] as const,
  templates: ['inspections', 'templates'] as const,
  statuses: ['inspections', 'statuses'] as const,
};

/** The fields of an inspection that PUT IPInspections/{id} takes back. */
export function inspectionInputOf(i: InspectionOutput): InspectionInput {
  return {
    visit_id: i.visit_id,
    ip_template_id: i.ip_template_id,
    entity: i.entity,
    service_id: i.service_id,
    vehicle_id: i.vehicle_id,
    ip_status_id: i.ip_status_id,
    inspector_id: i.inspector_id,
    outcome: i.outcome,
    notes: i.notes,
    signer_name: i.signer_name,
    signature_type_in_person: i.signature_type_in_person,
    spot_check: i.spot_check,
    deficiencies: i.deficiencies.map((d) => ({
      client_id: d.client_id ?? null,
      ip_deficiency_id: d.ip_deficiency_id ?? null,
      ip_deficiency_category_id: d.ip_deficiency_category_id ?? null,
      description: d.description,
      due_date: d.due_date ?? null,
      corrected_on: d.corrected_on ?? null,
      correction_notes: d.correction_notes ?? null,
      photo_document_ids: d.photo_document_ids ?? [],
    })),
    fees: i.fees.map((f) => ({ ip_extra_fee_id: f.ip_extra_fee_id, quantity: f.quantity })),
  };
}

const all = { currentPage: 1, numPerPage: 500 };

export const inspectionsApi = {
  visits: (q: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListResult<VisitOutput>>('/api/IPVisits', { query: q, signal }),
  years: () => api.get<number[]>('/api/IPVisits/getyears'),
  visit: (id: string) => api.get<VisitOutput>(`/api/IPVisits/${encodeURIComponent(id)}`),
  createVisit: (body: VisitCreateBody) => api.post<VisitOutput>('/api/IPVisits', body),
  visitInspections: (visitId: string) =>
    api.get<InspectionOutput[]>('/api/IPInspectionsVisitID', { query: { visit_id: visitId } }),
  /** Everything a visit needs offline; the staff pages read checklists and lists from it too. */
  bundle: (visitId: string) =>
    api.get<VisitOfflineBundle>(`/api/IPVisits/${encodeURIComponent(visitId)}/offline`),
  sync: (visitId: string, changes: OfflineChange[]) =>
    api.post<{ results: SyncResult[] }>(`/api/IPVisits/${encodeURIComponent(visitId)}/sync`, { changes }),
  inspection: (id: string) => api.get<InspectionOutput>(`/api/IPInspections/${encodeURIComponent(id)}`),
  saveInspection: (id: string, inspection: InspectionInput & { updated_at?: string }, submit = false) =>
    api.put<InspectionOutput>(`/api/IPInspections/${encodeURIComponent(id)}`, {
      inspection,
      ...(submit ? { isSubmit: true, handleChecklist: true } : {}),
    }),
  comments: (inspectionId: string) =>
    api.get<ListResult<CommentOutput>>('/api/IPComment', {
      query: { inspection_id: inspectionId, ...all, sortBy: 'created_at' },
    }),
  addComment: (comment: { inspection_id: string; comment: string; show_on_pdf: boolean }) =>
    api.post<CommentOutput>('/api/IPComment', { comment }),
  resolveComment: (id: string) => api.put<CommentOutput>(`/api/IPComment/${encodeURIComponent(id)}/resolve`),
  toggleComment: (id: string) =>
    api.put<CommentOutput>(`/api/IPComment/${encodeURIComponent(id)}/toggleShowOnPdf`),
  checkouts: (visitId: string) =>
    api.get<ListResult<CheckoutOutput>>('/api/IPCheckoutLogs', {
      query: { visit_id: visitId, open: 'true', ...all },
    }),
  checkout: (visitId: string, takeOver: boolean) =>
    api.post<CheckoutOutput>('/api/IPCheckoutLogs', {
      checkout_log: { visit_id: visitId, take_over: takeOver, device: deviceName() },
    }),
  checkin: (checkoutId: string) =>
    api.put<CheckoutOutput>(`/api/IPCheckoutLogs/${encodeURIComponent(checkoutId)}`, {
      checkout_log: { checked_in: true },
    }),
  templates: () =>
    api.get<ListResult<TemplateItem>>('/api/IPTemplates', { query: { ...all, active: 'true' } }),
  statuses: () => api.get<ListResult<Named>>('/api/IPStatuses', { query: { ...all, sortBy: 'sort_order' } }),
  services: (search: string, signal?: AbortSignal) =>
    api.get<ListResult<{ id: string; name: string }>>('/api/services', {
      query: { search, numPerPage: 20, sortBy: 'name' },
      signal,
    }),
  vehicles: (serviceId: string) =>
    api.get<
      ListResult<{ id: string; unit_number: string | null; serial_number: string; make: string | null }>
    >('/api/vehicles', { query: { service_id: serviceId, numPerPage: 200 } }),
  /** Staff members, to name a visit's inspectors (first 200 by last name). */
  staff: () =>
    api.get<ListResult<{ id: string; first_name: string | null; last_name: string | null }>>('/api/users', {
      query: { is_staff: 'true', numPerPage: 200, sortBy: 'last_name' },
    }),
};

/** A short name of this device, kept with a checkout. */
function deviceName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return ua.slice(0, 200) || 'Browser';
}

export const documentContentHref = (documentId: string) =>
  `/api/Documents/${encodeURIComponent(documentId)}/content`;

export const visitWhen = (v: Pick<VisitOutput, 'inspection_date' | 'inspection_time'>) =>
  v.inspection_time ? `${v.inspection_date} ${v.inspection_time.slice(0, 5)}` : v.inspection_date;

export const vehicleLabel = (v: { unit_number: string | null; serial_number: string }) =>
  v.unit_number ? `${v.unit_number} (${v.serial_number})` : v.serial_number;

export const resultChoices = (resultSet: string | null | undefined) =>
  (resultSet ?? 'Pass,Fail')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
