import {
  correspondenceMessages,
  type QueueCorrespondenceInput,
  type QueuedCorrespondence,
  queueCorrespondenceInput,
} from '@licensure/contracts';
import { correspondenceRecipients, correspondences, type Tx } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import { badRequest } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { loadMergeValues } from '../merge/load-merge-values';
import { fieldsUsed, htmlToPlainText, mergeHtml, mergeText, sanitizeMessageHtml } from '../merge/merge-html';
import { loadMergeTemplate } from '../merge/render-template';
import { resolveRecipients } from './resolve-recipients';

/** The queue whose jobs send one correspondence each (its job id is the correspondence id). */
export const SEND_QUEUE = 'correspondence-send';

export interface SendJob {
  correspondenceId: string;
  enterpriseId: string;
}

/**
 * Stores a send and one message a recipient, then enqueues the sending in the same transaction (the job
 * exists only if the caller's transaction commits). With an idempotency key, a second call with the
 * same key (a retried trigger action or task) returns the first send and enqueues nothing.
 * The job queue must be started before a call inside a transaction (PGlite has one connection).
 */
export async function queueCorrespondence(
  tx: Tx,
  input: QueueCorrespondenceInput,
  jobs: Pick<JobQueue, 'send'>,
): Promise<QueuedCorrespondence> {
  const parsed = queueCorrespondenceInput.safeParse(input);
  if (!parsed.success)
    throw badRequest(
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message])),
    );
  const v = parsed.data;
  if (v.idempotencyKey) {
    const [existing] = await tx
      .select({ id: correspondences.id, total: correspondences.total })
      .from(correspondences)
      .where(
        and(
          eq(correspondences.enterprise_id, v.enterpriseId),
          eq(correspondences.idempotency_key, v.idempotencyKey),
        ),
      );
    if (existing) return { ...existing, created: false };
  }

  const template = v.mergeTemplateId ? await loadMergeTemplate(tx, v.enterpriseId, v.mergeTemplateId) : null;
  const subject = template?.subject ?? v.subject ?? '';
  let html = sanitizeMessageHtml(template?.body_html ?? v.message ?? '');
  let mergedSubject = subject;
  if (v.mergeObject) {
    const values = await loadMergeValues(tx, v.enterpriseId, v.mergeObject);
    html = mergeHtml(html, values);
    mergedSubject = mergeText(subject, values).trim();
  }
  if (!mergedSubject.trim() || !html.trim()) throw badRequest({ message: correspondenceMessages.noContent });

  const recipients = await resolveRecipients(tx, v.enterpriseId, v.to, v.contactGroups, v.mergeObject);
  if (recipients.length === 0) throw badRequest({ to: correspondenceMessages.noRecipients });
  let personal = !v.mergeObject && fieldsUsed(subject + html).length > 0;
  // A letter to one person is merged for them now, so the send records what was sent (its history
  // shows 'Welcome to Test State EMS, Ann', never the template's '{{person.first_name}}').
  let mergedFor: string | null = null;
  if (personal && recipients.length === 1 && recipients[0]!.userId) {
    mergedFor = recipients[0]!.userId;
    const values = await loadMergeValues(tx, v.enterpriseId, { kind: 'person', id: mergedFor });
    html = mergeHtml(html, values);
    mergedSubject = mergeText(subject, values).trim();
    personal = false;
  }

  const [row] = await tx
    .insert(correspondences)
    .values({
      enterprise_id: v.enterpriseId,
      subject: mergedSubject,
      html_body: html,
      text_body: htmlToPlainText(html),
      from_address: v.from ?? null,
      reply_to: v.replyTo,
      cc: v.cc,
      bcc: v.bcc,
      merge_template_id: template?.id ?? null,
      merge_object: v.mergeObject?.kind ?? (personal || mergedFor ? 'person' : null),
      merge_entity_id: v.mergeObject?.id ?? mergedFor,
      document_ids: v.documentIds,
      initiated_by_id: v.initiatedById ?? null,
      idempotency_key: v.idempotencyKey ?? null,
      status: 'queued',
      total: recipients.length,
    })
    .returning();
  const send = row!;
  for (let i = 0; i < recipients.length; i += 5000)
    await tx.insert(correspondenceRecipients).values(
      recipients.slice(i, i + 5000).map((r) => ({
        correspondence_id: send.id,
        enterprise_id: v.enterpriseId,
        user_id: r.userId,
        address: r.address,
      })),
    );
  await recordChange(
    tx,
    { userId: v.initiatedById ?? null, enterpriseId: v.enterpriseId },
    { entity: 'correspondences', objectId: send.id, action: 'create', after: send },
  );
  const job: SendJob = { correspondenceId: send.id, enterpriseId: v.enterpriseId };
  await jobs.send(SEND_QUEUE, job, { tx, id: send.id });
  return { id: send.id, total: recipients.length, created: true };
}
