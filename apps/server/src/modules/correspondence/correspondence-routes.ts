import {
  correspondenceDetail,
  correspondenceSendBody,
  correspondenceZipBody,
  queuedCorrespondence,
} from '@licensure/contracts';
import { correspondenceRecipients, correspondences } from '@licensure/db';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { selfOrPermission } from '../../platform/permissions/policies';
import { idParams } from '../../platform/resources/register';
import { checkSendDocuments } from './check-documents';
import {
  correspondenceColumns,
  correspondenceScope,
  joinCorrespondenceNames,
  presentCorrespondence,
} from './correspondence.resources';
import { queueCorrespondence } from './queue-correspondence';
import { retryCorrespondence } from './retry-correspondence';
import { zipCorrespondence } from './zip-correspondence';

const tags = ['correspondence'];

/** One send the caller may read (staff with correspondence.read, or a recipient), or a 404. */
export async function loadCorrespondence(app: FastifyInstance, request: FastifyRequest, id: string) {
  const { db } = app.deps.database;
  const scope = correspondenceScope(request.auth);
  const [row] = await joinCorrespondenceNames(
    db
      .select({ ...getTableColumns(correspondences), ...correspondenceColumns })
      .from(correspondences)
      .$dynamic(),
  ).where(
    and(
      eq(correspondences.id, id),
      eq(correspondences.enterprise_id, request.enterpriseId),
      scope?.where(request.auth?.userId ?? ''),
    ),
  );
  if (!row) throw notFound('correspondence');
  return row as Record<string, unknown>;
}

export async function correspondenceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/Correspondences/:id', {
    config: { access: selfOrPermission('correspondence.read', 'not_found'), resource: 'Correspondences' },
    schema: {
      tags,
      summary: 'One send with its messages (each with its outcome)',
      params: idParams,
      response: { 200: correspondenceDetail },
    },
    handler: async (request) => {
      const row = await loadCorrespondence(app, request, request.params.id);
      const seesAll = request.auth?.permissions.has('correspondence.read');
      const recipients = await db
        .select()
        .from(correspondenceRecipients)
        .where(
          and(
            eq(correspondenceRecipients.correspondence_id, request.params.id),
            // A recipient sees their own message, not the other addresses of a bulk send.
            seesAll ? undefined : eq(correspondenceRecipients.user_id, request.auth!.userId),
          ),
        )
        .orderBy(asc(correspondenceRecipients.address))
        .limit(500);
      const detail = presentCorrespondence(row);
      return {
        ...detail,
        ...(seesAll ? {} : { cc: [], bcc: [] }),
        recipients: recipients.map((m) => ({
          id: m.id,
          user_id: m.user_id,
          address: m.address,
          status: m.status,
          error: m.error,
          attempts: m.attempts,
          subject: m.subject,
          sent_at: m.sent_at ? m.sent_at.toISOString() : null,
        })),
      };
    },
  });

  r.post('/api/Correspondences', {
    config: { access: 'correspondence.send', refs: { mergeTemplateID: 'merge_templates' } },
    schema: {
      tags,
      summary:
        'Send correspondence: queued, sent by a job (SMTP, or held in the mail log when none is configured)',
      body: correspondenceSendBody,
      response: { 201: queuedCorrespondence },
    },
    handler: async (request, reply) => {
      const b = request.body;
      const mergeObject =
        b.mergeEntityID && b.mergeObject ? { kind: b.mergeObject, id: b.mergeEntityID } : undefined;
      // On PGlite a transaction holds the only connection: the queue must be running before it opens.
      await app.deps.jobs.start();
      const queued = await db.transaction(async (tx) => {
        const documentIds = b.userDocumentIDs.length
          ? await checkSendDocuments(
              tx,
              request.auth!,
              request.enterpriseId,
              b.userDocumentIDs,
              b.to,
              mergeObject,
            )
          : [];
        return queueCorrespondence(
          tx,
          {
            enterpriseId: request.enterpriseId,
            to: b.to,
            contactGroups: b.contactGroups,
            cc: b.cc,
            bcc: b.bcc,
            replyTo: b.replyto,
            from: b.from ?? undefined,
            mergeTemplateId: b.mergeTemplateID ?? undefined,
            mergeObject,
            subject: b.subject ?? undefined,
            message: b.message ?? undefined,
            documentIds: b.include_documents === false ? [] : documentIds,
            initiatedById: request.auth!.userId,
          },
          app.deps.jobs,
        );
      });
      return reply.status(201).send(queued);
    },
  });

  r.post('/api/Correspondences/:id/retry', {
    config: { access: 'correspondence.send' },
    schema: {
      tags,
      summary: 'Send the failed messages of a send again',
      params: idParams,
      response: { 200: z.object({ requeued: z.number().int() }) },
    },
    handler: async (request) => {
      await app.deps.jobs.start();
      const requeued = await db.transaction((tx) =>
        retryCorrespondence(
          tx,
          {
            enterpriseId: request.enterpriseId,
            correspondenceId: request.params.id,
            actorId: request.auth!.userId,
          },
          app.deps.jobs,
        ),
      );
      return { requeued };
    },
  });

  r.post('/api/Core/Correspondence/Zip', {
    config: { access: 'correspondence.read' },
    schema: {
      tags,
      summary: 'The chosen sends as one zip: each message as HTML and text, with its recipients and outcomes',
      body: correspondenceZipBody,
    },
    handler: async (request, reply) => {
      const zip = await zipCorrespondence(db, request.enterpriseId, request.body.correspondenceIds);
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="correspondence.zip"')
        .send(zip);
    },
  });
}
