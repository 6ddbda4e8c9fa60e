import type { ListResult, PortalMessage, PortalMessageSummary } from '@licensure/contracts';
import { api } from '../../platform/api/client';

const enc = encodeURIComponent;

export const MESSAGES_PER_PAGE = 20;

export const messageKeys = {
  all: ['messages'] as const,
  page: (page: number) => ['messages', 'page', page] as const,
  one: (id: string) => ['messages', 'one', id] as const,
};

export const messagesApi = {
  list: (page: number, signal?: AbortSignal) =>
    api.get<ListResult<PortalMessageSummary>>('/api/portal/messages', {
      query: { currentPage: page, numPerPage: MESSAGES_PER_PAGE },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<PortalMessage>(`/api/portal/messages/${enc(id)}`, { signal }),
};

/** Where a file sent with a message is downloaded. */
export const attachmentHref = (messageId: string, documentId: string) =>
  `/api/portal/messages/${enc(messageId)}/attachments/${enc(documentId)}`;
