import type {
  DeficiencyCorrectionInput,
  DeficiencyCorrectionOutput,
  ServiceInspectionOutput,
  ServiceInspectionSummary,
} from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { uploadDocument } from '../documents/documents-api';

const enc = encodeURIComponent;

export const correctionKeys = {
  serviceInspections: ['service-inspections'] as const,
  serviceInspection: (id: string) => ['service-inspections', id] as const,
  ofInspection: (id: string) => ['inspections', 'corrections', id] as const,
};

/** Inspections as a service's administrator reads them, and the corrections staff review. */
export const correctionsApi = {
  serviceInspections: (signal?: AbortSignal) =>
    api.get<ServiceInspectionSummary[]>('/api/ServiceInspections', { signal }),
  serviceInspection: (id: string) => api.get<ServiceInspectionOutput>(`/api/ServiceInspections/${enc(id)}`),
  /** Uploads the document (as a file of the service), then sends the correction naming it. */
  submit: async (
    inspection: Pick<ServiceInspectionOutput, 'id' | 'service_id'>,
    correction: Omit<DeficiencyCorrectionInput, 'document_id'>,
    file: File | null,
  ) => {
    const document = file
      ? await uploadDocument(
          file,
          { service_id: inspection.service_id, description: 'Correction of an inspection deficiency' },
          () => undefined,
        )
      : null;
    return api.post<DeficiencyCorrectionOutput>(`/api/ServiceInspections/${enc(inspection.id)}/corrections`, {
      correction: { ...correction, document_id: document?.id ?? null },
    });
  },
  ofInspection: (inspectionId: string) =>
    api.get<DeficiencyCorrectionOutput[]>(`/api/IPInspections/${enc(inspectionId)}/corrections`),
  accept: (id: string) => api.put<null>(`/api/IPDeficiencyCorrections/${enc(id)}/accept`),
  reject: (id: string, reason: string) =>
    api.put<null>(`/api/IPDeficiencyCorrections/${enc(id)}/reject`, { reason }),
};

export const serviceReportHref = (inspectionId: string) =>
  `/api/ServiceInspections/${enc(inspectionId)}/report`;

export const correctionStatusLabel: Record<DeficiencyCorrectionOutput['status'], string> = {
  submitted: 'Waiting for review',
  accepted: 'Accepted',
  rejected: 'Not accepted',
};
