// Contracts of the correspondence module: letters and emails sent to people (issue 12, item 7).
import { z } from 'zod';
import { mergeObjectKind, mergeObjectRef } from './merge';
import { booleanish, listQuery, timestamp } from './paging';
import { id } from './shared-fields';

const email = (name: string) => z.email({ message: `${name} must hold email addresses` }).max(320);

export const correspondenceStatuses = ['queued', 'sending', 'sent', 'held', 'partial', 'failed'] as const;
export const recipientStatuses = ['queued', 'sending', 'sent', 'held', 'failed'] as const;

export const correspondenceMessages = {
  noRecipients: 'Choose at least one recipient with an email address.',
  noContent: 'Choose a merge template, or write a subject and a message.',
  tooManyRecipients: 'A send reaches at most 50000 recipients.',
  nothingToRetry: 'No failed message of this correspondence is waiting to be sent again.',
} as const;

/** Addresses: people (by id, their email) or plain addresses. */
const addressList = (name: string) =>
  z
    .array(z.union([id(name), email(name)]))
    .max(50_000, correspondenceMessages.tooManyRecipients)
    .default([]);

/**
 * `queueCorrespondence(tx, input, jobs)`: stores a send and its messages and enqueues the sending.
 * `to` holds people's ids (or addresses); `contactGroups` adds the people of the merged record's groups.
 * Without `mergeObject`, a template is merged against each recipient's own person record.
 */
export const queueCorrespondenceInput = z
  .object({
    enterpriseId: id('enterpriseId'),
    to: addressList('to'),
    contactGroups: z.array(z.string().max(64)).max(20).default([]),
    cc: z.array(email('cc')).max(50).default([]),
    bcc: z.array(email('bcc')).max(50).default([]),
    replyTo: z.array(email('replyto')).max(10).default([]),
    from: email('from').optional(),
    mergeTemplateId: id('mergeTemplateID').optional(),
    mergeObject: mergeObjectRef.optional(),
    subject: z.string().trim().max(500).optional(),
    /** Free-text HTML (sanitised), used when no template is named. */
    message: z.string().max(200_000).optional(),
    /** Documents of the recipient person attached to the message. */
    documentIds: z.array(id('userDocumentIDs')).max(20).default([]),
    initiatedById: id('initiatedByID').nullable().optional(),
    /** Same key, same send: a retried trigger action or task never sends twice. */
    idempotencyKey: z.string().min(1).max(200).optional(),
  })
  .refine((v) => !!v.mergeTemplateId || (!!v.subject?.trim() && !!v.message?.trim()), {
    message: correspondenceMessages.noContent,
    path: ['message'],
  });
export type QueueCorrespondenceInput = z.input<typeof queueCorrespondenceInput>;

/** `POST /api/Correspondences`: the spec's payload. */
export const correspondenceSendBody = z
  .object({
    mergeEntityID: id('mergeEntityID').nullish(),
    mergeObject: mergeObjectKind.nullish(),
    message: z.string().max(200_000).nullish(),
    subject: z.string().trim().max(500).nullish(),
    from: email('from').nullish(),
    to: addressList('to'),
    contactGroups: z.array(z.string().max(64)).max(20).default([]),
    cc: z.array(email('cc')).max(50).default([]),
    bcc: z.array(email('bcc')).max(50).default([]),
    replyto: z.array(email('replyto')).max(10).default([]),
    userDocumentIDs: z.array(id('userDocumentIDs')).max(20).default([]),
    include_documents: booleanish.optional(),
    mergeTemplateID: id('mergeTemplateID').nullish(),
    enterpriseID: z.string().max(64).nullish(),
    initiatedByID: z.string().max(64).nullish(),
  })
  .refine((v) => !v.mergeEntityID || !!v.mergeObject, {
    message: 'mergeObject must name the kind of record of mergeEntityID',
    path: ['mergeObject'],
  });

export const correspondenceOutput = z.object({
  id: z.uuid(),
  subject: z.string(),
  html_body: z.string(),
  text_body: z.string(),
  from_address: z.string().nullable(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  merge_template_id: z.uuid().nullable(),
  merge_template_name: z.string().nullable(),
  merge_object: z.string().nullable(),
  merge_entity_id: z.uuid().nullable(),
  document_ids: z.array(z.uuid()),
  initiated_by_id: z.uuid().nullable(),
  initiated_by_name: z.string().nullable(),
  status: z.string(),
  total: z.number().int(),
  sent_count: z.number().int(),
  failed_count: z.number().int(),
  completed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CorrespondenceOutput = z.infer<typeof correspondenceOutput>;

export const correspondenceRecipientOutput = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  address: z.string(),
  status: z.enum(recipientStatuses),
  error: z.string().nullable(),
  attempts: z.number().int(),
  subject: z.string().nullable(),
  sent_at: timestamp.nullable(),
});
export type CorrespondenceRecipientOutput = z.infer<typeof correspondenceRecipientOutput>;

/** `GET /api/Correspondences/{id}`: the send with its messages (the first 500). */
export const correspondenceDetail = correspondenceOutput.extend({
  recipients: z.array(correspondenceRecipientOutput),
});
export type CorrespondenceDetail = z.infer<typeof correspondenceDetail>;

/** `GET /api/Correspondences`: history of a person (sent to them) or of a record (merged from it). */
export const correspondenceListQuery = listQuery.extend({
  user_id: id('user_id').optional(),
  merge_entity_id: id('merge_entity_id').optional(),
  status: z.enum(correspondenceStatuses).optional(),
});

export const correspondenceZipBody = z.object({
  correspondenceIds: z.array(id('correspondenceIds')).min(1, 'Choose at least one correspondence.').max(500),
});

export const queuedCorrespondence = z.object({
  id: z.uuid(),
  total: z.number().int(),
  /** false when the idempotency key had already queued this send. */
  created: z.boolean(),
});
export type QueuedCorrespondence = z.infer<typeof queuedCorrespondence>;
