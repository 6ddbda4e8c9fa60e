import {
  categoryAutoNumberOutput,
  complaintBulkBody,
  complaintFiledView,
  complaintOutput,
  complaintsByUserQuery,
  documentRecord,
  publicAttachmentLimits,
  publicComplaintBody,
  publicComplaintReceipt,
  publicDisciplinaryAction,
  publicDisciplineQuery,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { pdfDisposition } from '../../platform/pdf/render-pdf';
import { complaintParty } from '../../platform/permissions/policies';
import { idParams } from '../../platform/resources/register';
import { createWriter } from '../../platform/resources/write';
import { complaintBulkAction } from './bulk-action';
import { categoryAutonumber, peekNumber, publicCategories } from './complaint-number';
import { complaintResource } from './complaints.resources';
import { complaintDocuments, complaintsByUser } from './complaints-by-user';
import { filePublicComplaint } from './file-public-complaint';
import { printInvestigation } from './print-investigation';
import { publicDiscipline } from './public-discipline';

const tags = ['complaints'];

/** The complaint operations beyond CRUD: numbering, a person's complaints, bulk actions, print, public intake. */
export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const writer = createWriter(db, complaintResource);

  r.get('/api/complaints/categoryAutoNumber/:id', {
    config: { access: 'complaints.read' },
    schema: {
      tags,
      summary: 'The number the next complaint of a category will get (from its auto number)',
      params: idParams,
      response: { 200: categoryAutoNumberOutput },
    },
    handler: async (request) => {
      const category = await categoryAutonumber(db, request.enterpriseId, request.params.id);
      if (!category) throw notFound('complaint category');
      const next = category.autonumberId
        ? await peekNumber(db, request.enterpriseId, category.autonumberId)
        : null;
      return {
        complaint_category_id: request.params.id,
        autonumber_id: category.autonumberId,
        next_number: next,
      };
    },
  });

  r.get('/api/Complaints/getByUserID', {
    config: { access: complaintParty('complaints.read') },
    schema: {
      tags,
      summary:
        "A person's complaints: staff see those they filed or are the subject of; anyone else only those they filed",
      querystring: complaintsByUserQuery,
      response: { 200: z.union([z.array(complaintOutput), z.array(complaintFiledView)]) },
    },
    handler: (request) => complaintsByUser(db, request, request.query),
  });

  r.post('/api/Complaints/bulkAction', {
    config: { access: 'complaints.write' },
    schema: {
      tags,
      summary: 'Assign, change the status of, or close many complaints ({complaintIDs, value, code})',
      body: complaintBulkBody,
      response: { 200: z.object({ updated: z.number().int() }) },
    },
    handler: async (request) => ({ updated: await complaintBulkAction(writer, request, request.body) }),
  });

  r.get('/api/InvestigationsModule/Investigation/print', {
    config: { access: 'investigations.read' },
    schema: {
      tags,
      summary: 'The investigation file as a PDF (complaint, investigators, activities, monitoring, outcome)',
      querystring: z.object({ id: z.uuid({ message: 'id must be a valid id' }) }),
    },
    handler: async (request, reply) => {
      const { pdf, number } = await printInvestigation(db, request, request.query.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfDisposition('inline', `Investigation ${number ?? ''}.pdf`))
        .send(pdf);
    },
  });

  r.get('/api/Complaints/:id/documents', {
    config: { access: 'complaints.read' },
    schema: {
      tags,
      summary:
        'The documents filed with a complaint (open one with Documents/{id}/content); files of a public filing once released',
      params: idParams,
      response: { 200: z.array(documentRecord) },
    },
    handler: (request) => complaintDocuments(db, request, request.params.id),
  });

  r.get('/api/complaints/publicCategories', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The active complaint categories the public complaint form offers',
      response: { 200: z.array(z.object({ id: z.uuid(), label: z.string() })) },
    },
    handler: (request) => publicCategories(db, request.enterpriseId),
  });

  r.get('/api/complaints/publicDiscipline', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        'The public disciplinary actions on credentials, by number (comma-separated): what and when, for the verification page',
      querystring: publicDisciplineQuery,
      response: { 200: z.array(publicDisciplinaryAction) },
    },
    handler: (request) => publicDiscipline(db, request.enterpriseId, request.query.numbers),
  });

  const limits = {
    max_files: app.deps.config.PUBLIC_ATTACHMENT_MAX_FILES,
    max_bytes: app.deps.config.PUBLIC_ATTACHMENT_MAX_BYTES,
  };
  r.get('/api/complaints/publicAttachmentLimits', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'How many files the public complaint form takes, and how large each may be',
      response: { 200: publicAttachmentLimits },
    },
    handler: async () => limits,
  });

  r.post('/api/complaints/file', {
    config: {
      access: 'public',
      rateLimit: { max: 10, timeWindow: '1 minute' },
      // Was stored as sent: a category of another enterprise (or none) filed the complaint under it.
      refs: { 'complaint.complaint_category_id': 'complaint_categories' },
    },
    // The allowed files as data URLs (a third larger), and room for the text and one file too many to
    // be refused with a message (413 naming documents) rather than by the body limit.
    bodyLimit: (limits.max_files + 1) * Math.ceil(limits.max_bytes / 3) * 4 + 1024 * 1024,
    schema: {
      tags,
      summary:
        'File a complaint from the public site (no sign-in; the reCAPTCHA check of action "complaint"), with documents as data URLs: at most publicAttachmentLimits, within the daily quotas of the address and of everybody (429); they wait for screening',
      body: publicComplaintBody,
      response: { 201: publicComplaintReceipt },
    },
    handler: async (request, reply) => {
      const { number } = await filePublicComplaint(app, request, request.body);
      return reply.status(201).send({
        number,
        message: `Your complaint was received. Its number is ${number}: quote it when you contact us.`,
      });
    },
  });
}
