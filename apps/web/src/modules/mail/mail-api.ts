import type { MailDeliveryStatus, MailDetail, MailList, MailState } from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const MAIL_BASE = '/staff/mail';

export interface MailFilter {
  to: string;
  status: MailState | '';
  currentPage: number;
}

export const mailApi = {
  list: (f: MailFilter) =>
    api.get<MailList>('/api/mail', {
      query: {
        to: f.to || undefined,
        status: f.status || undefined,
        currentPage: f.currentPage,
        numPerPage: 25,
      },
    }),
  one: (id: string) => api.get<MailDetail>(`/api/mail/${id}`),
  retry: (id: string) => api.post<MailDetail>(`/api/mail/${id}/retry`),
  status: () => api.get<MailDeliveryStatus>('/api/mail/status', { skipAuthRedirect: true }),
};

/** A mail's state in words (never colour alone). */
export const mailStateLabel: Record<MailState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held',
};
export const mailStateColor: Record<MailState, string> = {
  queued: 'blue',
  sent: 'green',
  failed: 'red',
  held: 'yellow',
};
