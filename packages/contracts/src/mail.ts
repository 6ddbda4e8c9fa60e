// The mail log: every mail the product sends (account mails, letters, trigger mails), as it was sent.
import { z } from 'zod';
import { listQuery, listResponse, timestamp } from './paging';

export const mailStates = ['queued', 'sent', 'failed', 'held'] as const;
export type MailState = (typeof mailStates)[number];

export const mailMessages = {
  notRetryable: 'Only a failed mail, or a held one once a mail server is configured, can be sent again.',
  noMailServer: 'No mail server is configured (SMTP_URL): held mail cannot be sent yet.',
  fromCorrespondence: 'This mail is part of a correspondence: send it again from that correspondence.',
  notSending: 'Mail is not being sent: SMTP_URL is not set',
} as const;

/** `GET /api/mail`: newest first, a page at a time; `to` matches part of the recipient, `status` one state. */
export const mailListQuery = listQuery.pick({ currentPage: true, numPerPage: true }).extend({
  to: z.string().trim().max(320).optional(),
  status: z.enum(mailStates, { message: `status must be one of ${mailStates.join(', ')}` }).optional(),
});
export type MailListQuery = z.infer<typeof mailListQuery>;

export const mailSummary = z.object({
  id: z.uuid(),
  from_address: z.string().nullable(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(mailStates),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});
export type MailSummary = z.infer<typeof mailSummary>;
export const mailList = listResponse(mailSummary);
export type MailList = z.infer<typeof mailList>;

/** `GET /api/mail/{id}`: the merged subject and bodies (the HTML as stored: show it sandboxed). */
export const mailDetail = mailSummary.extend({
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  text_body: z.string(),
  html_body: z.string().nullable(),
  last_attempt_at: timestamp.nullable(),
  /** The correspondence the mail belongs to (send it again from there), if any. */
  correspondence_id: z.uuid().nullable(),
  /** Whether POST /api/mail/{id}/retry would send it now. */
  retryable: z.boolean(),
});
export type MailDetail = z.infer<typeof mailDetail>;

/**
 * `GET /api/mail/status`: `banner` for administrators (mail.read or security.admin) when mail is not
 * being sent in production; `dev_viewer` the address of the held-mail viewer when this request may open
 * it (outside production, no SMTP_URL, a request from this computer), else null.
 */
export const mailDeliveryStatus = z.object({
  banner: z.string().nullable(),
  dev_viewer: z.string().nullable(),
});
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatus>;
