import {
  type CarriedChecklist,
  checklistBatchBody,
  checklistPdfBody,
  checklistPdfOutput,
  inspectionBatchBody,
  inspectionBulkBody,
  inspectionCommentOutput,
  inspectionOutput,
  inspectionWriteBody,
  spotCheckBody,
  visitCreateBody,
  visitOutput,
} from '@licensure/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../platform/resources/register';
import type { Row } from '../../platform/resources/types';
import { createWriter } from '../../platform/resources/write';
import { batchSaveRoutes } from './batch-routes';
import { inspectionBulkAction } from './bulk-action';
import { carriedChecklistOf, saveCarriedChecklist } from './carried-checklist';
import { changeComment } from './comment-actions';
import { createVisit } from './create-visit';
import { carriedChecklistRefs, deficiencyRefs, itemRefs, under } from './inspection-refs';
import { storeInspectionReport } from './inspection-report';
import {
  checklistResource,
  commentResource,
  inspectionResource,
  visitResource,
} from './inspections.resources';
import { checklistByClientId } from './save-batch';
import { spotCheck } from './spot-check';
import { submitInspection } from './submit-inspection';
import { inspectionsOfVisit, visitPickList, visitYears } from './visit-lists';

const tags = ['inspections'];
const read = 'inspections.read';
const write = 'inspections.write';
const updated = z.object({ updated: z.number().int() });
/** What an inspection write stores beyond the inspection's columns (the engine's refs check those). */
const inspectionWriteRefs = {
  ...under('inspection', deficiencyRefs),
  ...under('inspection.checklist', carriedChecklistRefs),
  ...under('checklist', carriedChecklistRefs),
};

/** The inspection operations beyond CRUD: visits with their inspections, submit, batches, the report. */
export async function inspectionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const visits = createWriter(db, visitResource);
  const inspections = createWriter(db, inspectionResource);
  const checklists = createWriter(db, checklistResource);
  const comments = createWriter(db, commentResource);
  const presentVisit = async (request: FastifyRequest, id: string) =>
    visitResource.present!(await visits.load(db, request, id));
  const presentInspection = async (request: FastifyRequest, id: string) => {
    const row = await inspections.load(db, request, id);
    return inspectionResource.present!((await inspectionResource.hooks!.expand!([row], db))[0] as Row);
  };

  r.post('/api/IPVisits', {
    config: {
      access: write,
      resource: 'IPVisits',
      refs: {
        'inspections.vehicle_ids[]': 'vehicles',
        'inspectors[]': 'users',
        service_template: 'ip_templates',
        vehicle_template: 'ip_templates',
      },
    },
    schema: {
      tags,
      summary: 'Schedule a visit with its inspectors and one inspection per chosen service and vehicle',
      body: visitCreateBody,
      response: { 201: visitOutput },
    },
    handler: async (request, reply) => {
      const id = await createVisit(visits, request, request.body);
      return reply.status(201).send((await presentVisit(request, id)) as z.infer<typeof visitOutput>);
    },
  });

  r.post('/api/IPVisits/spotCheckInspection', {
    config: {
      access: write,
      refs: {
        'visit.service_id': 'services',
        'visit.vehicle_id': 'vehicles',
        'visit.ip_template_id': 'ip_templates',
      },
    },
    schema: {
      tags,
      summary: 'Record an unannounced inspection of a service or one of its vehicles (a visit of its own)',
      body: spotCheckBody,
      response: { 201: visitOutput },
    },
    handler: async (request, reply) => {
      const id = await spotCheck(visits, request, request.body);
      return reply.status(201).send((await presentVisit(request, id)) as z.infer<typeof visitOutput>);
    },
  });

  r.get('/api/IPVisits/getlist', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Every live visit in short form, newest first (for pickers)',
      querystring: z.object({ service_id: z.uuid({ message: 'service_id must be a valid id' }).optional() }),
      response: {
        200: z.array(
          z.object({
            id: z.uuid(),
            inspection_date: z.string(),
            inspection_time: z.string().nullable(),
            status: z.string(),
            service_id: z.uuid(),
            service_name: z.string().nullable(),
          }),
        ),
      },
    },
    handler: (request) => visitPickList(db, request, request.query.service_id),
  });

  r.get('/api/IPVisits/getyears', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The years that have visits, and this year (cached offline under INSPECTIONS)',
      response: { 200: z.array(z.number().int()) },
    },
    handler: (request) => visitYears(db, request),
  });

  r.get('/api/IPInspectionsVisitID', {
    config: { access: read },
    schema: {
      tags,
      summary: "A visit's inspections with their deficiencies and fees",
      querystring: z.object({ visit_id: z.uuid({ message: 'visit_id must be a valid id' }) }),
      response: { 200: z.array(inspectionOutput) },
    },
    handler: async (request) => {
      await visits.load(db, request, request.query.visit_id);
      return (await inspectionsOfVisit(db, request, request.query.visit_id)) as z.infer<
        typeof inspectionOutput
      >[];
    },
  });

  /** The spec's submit: the checklist saved, then the PDF and the submit flag (submitInspection). */
  const submitted = async (
    request: FastifyRequest,
    id: string,
    body: z.infer<typeof inspectionWriteBody>,
    carried: CarriedChecklist | null,
  ) => {
    if (carried) await saveCarriedChecklist(checklists, request, id, carried);
    if (body.isSubmit === true)
      await submitInspection(inspections, request, id, { handleChecklist: body.handleChecklist === true });
    return (await presentInspection(request, id)) as z.infer<typeof inspectionOutput>;
  };

  r.post('/api/IPInspections', {
    config: { access: write, resource: 'IPInspections', refs: inspectionWriteRefs },
    schema: {
      tags,
      summary:
        'Create an inspection (and its checklist, inspection.checklist); with isSubmit, then submit it (checklists, PDF report, submit flag)',
      body: inspectionWriteBody,
      response: { 201: inspectionOutput },
    },
    handler: async (request, reply) => {
      const carried = await carriedChecklistOf(request, request.body, 'create');
      const { updated_at: _, checklist: __, ...input } = request.body.inspection;
      const id = await inspections.create(request, input);
      return reply.status(201).send(await submitted(request, id, request.body, carried));
    },
  });

  r.put('/api/IPInspections/:id', {
    config: { access: write, resource: 'IPInspections', refs: inspectionWriteRefs },
    schema: {
      tags,
      summary: 'Update an inspection; with isSubmit, then submit it (checklists, PDF report, submit flag)',
      description:
        'Send updated_at as read (at checkout, for work done offline) to refuse the update (409) when the record changed meanwhile.',
      params: idParams,
      body: inspectionWriteBody,
      response: { 200: inspectionOutput },
    },
    handler: async (request) => {
      const carried = await carriedChecklistOf(request, request.body, 'update');
      const { checklist: _, ...input } = request.body.inspection;
      await inspections.update(request, request.params.id, input);
      return submitted(request, request.params.id, request.body, carried);
    },
  });

  batchSaveRoutes(app, {
    base: '/api/IPInspections',
    access: write,
    tags,
    noun: 'inspections',
    listName: 'inspections',
    body: inspectionBatchBody,
    writer: inspections,
    refs: itemRefs('inspections', inspectionResource, deficiencyRefs),
  });

  r.post('/api/IPInspections/bulkAction', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Set the status, inspector or outcome of many inspections ({inspectionIDs, value, code})',
      body: inspectionBulkBody,
      response: { 200: updated },
    },
    handler: async (request) => ({ updated: await inspectionBulkAction(inspections, request, request.body) }),
  });

  batchSaveRoutes(app, {
    base: '/api/IPChecklists',
    access: write,
    tags,
    noun: 'checklists',
    listName: 'checklists',
    body: checklistBatchBody,
    writer: checklists,
    refs: itemRefs('checklists', checklistResource),
    existingId: checklistByClientId,
    saveNote: ' or an already uploaded client_id',
  });

  r.post('/api/IPChecklists/generatepdf', {
    config: { access: write },
    schema: {
      tags,
      summary: "Render the inspection's PDF report from its data and keep it as a document of the inspection",
      description:
        'The report is rendered on the server from stored data; `html` of the old client is ignored.',
      body: checklistPdfBody,
      response: { 201: checklistPdfOutput },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await storeInspectionReport(db, request, request.body.inspectionID)),
  });

  for (const [route, action] of [
    ['resolve', 'resolve'],
    ['toggleShowOnPdf', 'toggle'],
  ] as const)
    r.put(`/api/IPComment/:id/${route}`, {
      config: { access: write },
      schema: {
        tags,
        summary:
          action === 'resolve'
            ? 'Mark a comment resolved'
            : 'Print a comment on the report, or stop printing it',
        params: idParams,
        response: { 200: inspectionCommentOutput },
      },
      handler: async (request) => {
        await changeComment(db, request, request.params.id, action);
        return commentResource.present!(await comments.load(db, request, request.params.id)) as z.infer<
          typeof inspectionCommentOutput
        >;
      },
    });
}
