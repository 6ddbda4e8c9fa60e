import {
  compactFeedFile,
  compactFeedFileList,
  compactFeedFileParams,
  compactFeedListQuery,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/record-change';
import {
  deliverCompactFile,
  listCompactFiles,
  loadCompactFile,
  makeCompactFile,
  presentFile,
} from './feed-files';
import { registerCompactFeedJob } from './feed-job';
import { compactTransportOf } from './transports';

const tags = ['compact'];

/** The EMS Compact feed: the daily licence and adverse-action file, its download, delivery log and resend. */
export async function compactModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const transport = compactTransportOf(app.deps.config);
  await registerCompactFeedJob(app);

  r.get('/api/CompactFeed/files', {
    config: { access: 'compactFeed.read' },
    schema: {
      tags,
      summary: 'The EMS Compact files written, newest first, each with its delivery log',
      querystring: compactFeedListQuery,
      response: { 200: compactFeedFileList },
    },
    handler: async (request) =>
      listCompactFiles(db, request.enterpriseId, request.query.currentPage, request.query.numPerPage),
  });

  r.post('/api/CompactFeed/files', {
    config: { access: 'compactFeed.send' },
    schema: {
      tags,
      summary: "Write today's EMS Compact file now and deliver it through the configured transport",
      response: { 201: compactFeedFile },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const { file } = await makeCompactFile(db, actor, new Date().toISOString().slice(0, 10), 'staff');
      await deliverCompactFile(db, actor, transport, file);
      const loaded = await loadCompactFile(db, request.enterpriseId, file.id);
      return reply.status(201).send(presentFile(loaded.file, loaded.deliveries));
    },
  });

  r.get('/api/CompactFeed/files/:id', {
    config: { access: 'compactFeed.read' },
    schema: {
      tags,
      summary: 'One EMS Compact file and its delivery log',
      params: compactFeedFileParams,
      response: { 200: compactFeedFile },
    },
    handler: async (request) => {
      const { file, deliveries } = await loadCompactFile(db, request.enterpriseId, request.params.id);
      return presentFile(file, deliveries);
    },
  });

  r.get('/api/CompactFeed/files/:id/download', {
    config: { access: 'compactFeed.read' },
    schema: {
      tags,
      summary: 'The EMS Compact file as it was written (CSV)',
      params: compactFeedFileParams,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const { file } = await loadCompactFile(db, request.enterpriseId, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });

  r.post('/api/CompactFeed/files/:id/resend', {
    config: { access: 'compactFeed.send' },
    schema: {
      tags,
      summary:
        'Deliver an EMS Compact file again through the configured transport (logged like the first time)',
      params: compactFeedFileParams,
      response: { 200: compactFeedFile },
    },
    handler: async (request) => {
      const { file } = await loadCompactFile(db, request.enterpriseId, request.params.id);
      await deliverCompactFile(db, actorOf(request), transport, file);
      const loaded = await loadCompactFile(db, request.enterpriseId, file.id);
      return presentFile(loaded.file, loaded.deliveries);
    },
  });
}
