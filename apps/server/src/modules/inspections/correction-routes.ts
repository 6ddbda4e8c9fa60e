import {
  correctionRejectBody,
  deficiencyCorrectionBody,
  deficiencyCorrectionOutput,
  serviceInspectionOutput,
  serviceInspectionSummary,
} from '@licensure/contracts';
import { documents } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administersService } from '../../platform/permissions/policies';
import { idParams } from '../../platform/resources/register';
import { createWriter } from '../../platform/resources/write';
import { logDocumentAccess } from '../documents/access-log';
import { attachmentDisposition } from '../documents/content-disposition';
import { reviewCorrection, submitCorrection } from './corrections';
import { renderInspectionReport } from './inspection-report';
import { inspectionResource } from './inspections.resources';
import {
  correctionsOf,
  listServiceInspections,
  loadServiceInspection,
  serviceInspection,
} from './service-inspections';

const tags = ['inspections'];
const administrators =
  'For the administrator of the service (an active roster entry flagged administrator): 403 to someone who administers no service, 404 for a draft or another service’s inspection.';

/**
 * Inspections as a service sees them (portal): its administrator reads the submitted inspections, their
 * deficiencies and report, and answers a deficiency with its correction. Staff list the corrections of
 * an inspection and accept or reject each.
 */
export async function correctionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const inspections = createWriter(db, inspectionResource);

  r.get('/api/ServiceInspections', {
    config: { access: administersService('forbidden') },
    schema: {
      tags,
      summary: 'The submitted inspections of the services the caller administers, newest first',
      description: administrators,
      response: { 200: z.array(serviceInspectionSummary) },
    },
    handler: (request) => listServiceInspections(db, request),
  });

  r.get('/api/ServiceInspections/:id', {
    config: { access: administersService('forbidden') },
    schema: {
      tags,
      summary:
        'A submitted inspection of a service the caller administers, its deficiencies and their corrections',
      description: administrators,
      params: idParams,
      response: { 200: serviceInspectionOutput },
    },
    handler: (request) => serviceInspection(db, request, request.params.id),
  });

  r.get('/api/ServiceInspections/:id/report', {
    config: { access: administersService('forbidden') },
    schema: {
      tags,
      summary: 'The PDF report of a submitted inspection of a service the caller administers',
      description: `The report kept when the inspection was submitted (its read is logged), else one rendered now. ${administrators}`,
      params: idParams,
    },
    handler: async (request, reply) => {
      const row = await loadServiceInspection(db, request, request.params.id);
      const [stored] = row.pdf_document_id
        ? await db
            .select()
            .from(documents)
            .where(and(eq(documents.id, row.pdf_document_id), isNull(documents.deleted_at)))
        : [];
      reply
        .header('content-type', 'application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (stored) {
        const stream = await app.deps.files.get(stored.storage_key);
        await logDocumentAccess(db, request, [stored.id], 'download');
        return reply
          .header('content-length', String(stored.size_bytes))
          .header('content-disposition', attachmentDisposition(stored.name))
          .send(stream);
      }
      const { pdf, fileName } = await renderInspectionReport(db, request, row.id);
      return reply.header('content-disposition', attachmentDisposition(fileName)).send(pdf);
    },
  });

  r.post('/api/ServiceInspections/:id/corrections', {
    config: { access: administersService('forbidden'), refs: { 'correction.document_id': 'documents' } },
    schema: {
      tags,
      summary: 'Answer an open deficiency with its correction (text, and a document uploaded first)',
      description: `The document (Documents/upload with the service's service_id) is attached to the inspection. One correction of a deficiency waits for review at a time (409). ${administrators}`,
      params: idParams,
      body: deficiencyCorrectionBody,
      response: { 201: deficiencyCorrectionOutput },
    },
    handler: async (request, reply) => {
      const id = await submitCorrection(app, request, request.params.id, request.body.correction);
      const [made] = (await correctionsOf(db, [request.params.id])).filter((c) => c.id === id);
      return reply.status(201).send(made!);
    },
  });

  r.get('/api/IPInspections/:id/corrections', {
    config: { access: 'inspections.read' },
    schema: {
      tags,
      summary: 'The corrections services sent for the deficiencies of an inspection, oldest first',
      params: idParams,
      response: { 200: z.array(deficiencyCorrectionOutput) },
    },
    handler: async (request) => {
      await inspections.load(db, request, request.params.id);
      return correctionsOf(db, [request.params.id]);
    },
  });

  for (const action of ['accept', 'reject'] as const)
    r.put(`/api/IPDeficiencyCorrections/:id/${action}`, {
      config: { access: 'inspections.write' },
      schema: {
        tags,
        summary:
          action === 'accept'
            ? 'Accept a correction: its deficiency is corrected today'
            : 'Reject a correction with a reason, mailed to the administrator who sent it',
        params: idParams,
        ...(action === 'reject' ? { body: correctionRejectBody } : {}),
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        const body = request.body as z.infer<typeof correctionRejectBody> | undefined;
        await reviewCorrection(
          app,
          request,
          request.params.id,
          action === 'accept' ? { accept: true } : { accept: false, reason: body!.reason },
        );
        return reply.status(204).send(null);
      },
    });
}
