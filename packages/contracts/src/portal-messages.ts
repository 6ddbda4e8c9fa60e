// The portal's Messages: the letters and mails sent to the signed-in person, from the mail record.
import { z } from 'zod';
import { listQuery, listResponse, timestamp } from './paging';

/** `GET /api/portal/messages`: newest first, a page at a time. */
export const portalMessageListQuery = listQuery.pick({ currentPage: true, numPerPage: true });

/** One message in the list: what the person got (merged for them), when, and how many files came with it. */
export const portalMessageSummary = z.object({
  /** The message (one recipient of a send), not the send. */
  id: z.uuid(),
  subject: z.string(),
  sent_at: timestamp,
  attachment_count: z.number().int(),
});
export type PortalMessageSummary = z.infer<typeof portalMessageSummary>;
export const portalMessageList = listResponse(portalMessageSummary);

export const portalMessageAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
});

/** `GET /api/portal/messages/{id}`: the message as merged for the person, its body sanitised. */
export const portalMessage = portalMessageSummary.extend({
  html_body: z.string(),
  text_body: z.string(),
  attachments: z.array(portalMessageAttachment),
});
export type PortalMessage = z.infer<typeof portalMessage>;
