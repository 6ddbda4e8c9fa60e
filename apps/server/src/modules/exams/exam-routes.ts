import {
  copyFormBody,
  examFormOutput,
  examFormStatusesBody,
  examLookupColumn,
  examPacketOutput,
  examResources,
  packetCopied,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWriter } from '../../platform/resources/write';
import { copyForm } from './copy-form';
import { copyPacket } from './copy-packet';
import { packetResource } from './packets.resources';
import { saveFormToPacket } from './save-form-to-packet';
import { examFormResource, formStatusBatch } from './skills.resources';

const tags = ['exams'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** Packet and form operations beyond CRUD: copies, adding a form to a packet, status batches, lookups. */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const forms = createWriter(db, examFormResource);
  const packets = createWriter(db, packetResource);

  r.post('/api/CopyExamPacket/:id', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Copy a packet with its forms and passing requirement groups ("Copy of {name}")',
      params: z.object({ id: uuid('id') }),
      response: { 201: packetCopied },
    },
    handler: async (request, reply) => reply.status(201).send(await copyPacket(request, request.params.id)),
  });

  r.post('/api/exams/copyForm', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Copy an exam form with its skills ("Copy of {name}")',
      body: copyFormBody,
      response: { 201: examFormOutput },
    },
    handler: async (request, reply) => {
      const id = await copyForm(forms, request, request.body.copyID);
      const form = examFormResource.present!(await forms.load(db, request, id));
      return reply.status(201).send(form as z.infer<typeof examFormOutput>);
    },
  });

  r.post('/api/ExamFormsSaveForm/:examPacketId/:examFormId', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Add an exam form to a packet (at the end; nothing when it is there already)',
      params: z.object({ examPacketId: uuid('examPacketId'), examFormId: uuid('examFormId') }),
      response: { 200: examPacketOutput },
    },
    handler: async (request) => {
      await saveFormToPacket(request, request.params.examPacketId, request.params.examFormId);
      const row = await packets.load(db, request, request.params.examPacketId);
      const [expanded] = await packetResource.hooks!.expand!([row], db);
      return packetResource.present!(expanded!) as z.infer<typeof examPacketOutput>;
    },
  });

  r.post('/api/UpdateExamFormStatuses', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Activate or deactivate many exam forms',
      body: examFormStatusesBody,
      response: { 200: z.object({ updated: z.number().int() }) },
    },
    handler: async (request) => ({
      updated: await forms.batch(request, formStatusBatch, request.body.examFormIDs, request.body.status),
    }),
  });

  r.get('/api/ExamLookupColumns', {
    config: { access: 'exams.read' },
    schema: {
      tags,
      summary: 'The lists exam records look their values up in, by the column that names them',
      response: { 200: z.array(examLookupColumn) },
    },
    handler: async () => lookupColumns,
  });
}

/** Which column of an exam record names a row of which list. */
const columnOf: Record<string, string> = {
  ex_types: 'exam_type_id',
  ex_locations: 'location_id',
  ex_session_statuses: 'status_id',
  ex_alert_types: 'alert_type_id',
  ex_function_as: 'function_as_id',
  ex_skill_categories: 'category_id',
  ex_autonumbers: 'autonumber_id',
};
const lookupColumns = examResources.map((r) => ({
  column: columnOf[r.key] ?? `${r.key}_id`,
  path: r.path,
  title: r.title,
  singular: r.singular,
}));
