import type {
  CorrespondenceDetail,
  CorrespondenceOutput,
  ListResult,
  QueuedCorrespondence,
} from '@licensure/contracts';
import { api, type QueryValue } from '../../platform/api/client';

export const CORRESPONDENCE_BASE = '/staff/correspondence';

export interface SendInput {
  to: string[];
  cc: string[];
  bcc: string[];
  replyto: string[];
  subject?: string;
  message?: string;
  mergeTemplateID?: string;
  userDocumentIDs: string[];
}

export const correspondenceApi = {
  list: (query: Record<string, QueryValue>) =>
    api.get<ListResult<CorrespondenceOutput>>('/api/Correspondences', { query }),
  one: (id: string) => api.get<CorrespondenceDetail>(`/api/Correspondences/${id}`),
  send: (input: SendInput) => api.post<QueuedCorrespondence>('/api/Correspondences', input),
  retry: (id: string) => api.post<{ requeued: number }>(`/api/Correspondences/${id}/retry`),
};

/** A send's state in words (never colour alone). */
export const statusLabel: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  held: 'Held in the mail log (no mail server configured)',
  partial: 'Partly failed',
  failed: 'Failed',
};

/** "a@x.org, b@y.org" -> addresses. */
export const addressesOf = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
