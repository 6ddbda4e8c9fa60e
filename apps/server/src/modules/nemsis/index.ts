import { Readable } from 'node:stream';
import {
  nemsisExportCheck,
  nemsisProfile,
  nemsisProfileBody,
  nemsisServiceParams,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { attachmentDisposition } from '../documents/content-disposition';
import { demExport } from './dem-export';
import { checkExport, recordExport } from './export-check';
import { loadService } from './load';
import { readProfile, saveProfile } from './profiles';
import { stateExport } from './state-export';

const tags = ['nemsis'];
const STATE_FILE = 'STATE-v351.xml';

/** NEMSIS v3.5.1 exchange: a service's DEM export, the State export, their validation and the NEMSIS facts they need. */
export async function nemsisModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  const serviceOr404 = async (enterpriseId: string, serviceId: string) => {
    const service = await loadService(db, enterpriseId, serviceId);
    if (!service) throw notFound('service');
    return service;
  };

  r.get('/api/nemsis/services/:serviceId/profile', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: "A service's NEMSIS facts (types of service, status, procedures...)",
      params: nemsisServiceParams,
      response: { 200: nemsisProfile },
    },
    handler: async (request) => {
      await serviceOr404(request.enterpriseId, request.params.serviceId);
      return readProfile(db, request.enterpriseId, request.params.serviceId);
    },
  });

  r.put('/api/nemsis/services/:serviceId/profile', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: "Keep a service's NEMSIS facts",
      params: nemsisServiceParams,
      body: nemsisProfileBody,
      response: { 200: nemsisProfile },
    },
    handler: async (request) => {
      await serviceOr404(request.enterpriseId, request.params.serviceId);
      return saveProfile(db, actorOf(request), request.params.serviceId, request.body.profile);
    },
  });

  r.get('/api/nemsis/state/profile', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: "The state's NEMSIS configuration (state code, procedures, medications, protocols)",
      response: { 200: nemsisProfile },
    },
    handler: async (request) => readProfile(db, request.enterpriseId, null),
  });

  r.put('/api/nemsis/state/profile', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: "Keep the state's NEMSIS configuration",
      body: nemsisProfileBody,
      response: { 200: nemsisProfile },
    },
    handler: async (request) => saveProfile(db, actorOf(request), null, request.body.profile),
  });

  r.post('/api/nemsis/services/:serviceId/dem/check', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary:
        "Write the service's DEM export and validate it against the NEMSIS XSD and national Schematron",
      params: nemsisServiceParams,
      response: { 200: nemsisExportCheck },
    },
    handler: async (request) => {
      const dem = await demExport(db, request.enterpriseId, request.params.serviceId);
      if (!dem) throw notFound('service');
      return checkExport(db, actorOf(request), 'DEM', dem.service.id, dem.fileName, dem.chunks);
    },
  });

  r.get('/api/nemsis/services/:serviceId/dem.xml', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: "Download the service's DEM export (NEMSIS v3.5.1 XML), streamed",
      params: nemsisServiceParams,
      produces: ['application/xml'],
    },
    handler: async (request, reply) => {
      const dem = await demExport(db, request.enterpriseId, request.params.serviceId);
      if (!dem) throw notFound('service');
      await recordExport(db, actorOf(request), 'DEM', dem.service.id, 'downloaded', dem.fileName);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(dem.fileName))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(dem.chunks));
    },
  });

  r.post('/api/nemsis/state/check', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: 'Write the State export and validate it against the NEMSIS XSD and national Schematron',
      response: { 200: nemsisExportCheck },
    },
    handler: async (request) =>
      checkExport(
        db,
        actorOf(request),
        'STATE',
        request.enterpriseId,
        STATE_FILE,
        stateExport(db, request.enterpriseId),
      ),
  });

  r.get('/api/nemsis/state.xml', {
    config: { access: 'nemsis.export' },
    schema: {
      tags,
      summary: 'Download the State export (NEMSIS v3.5.1 XML), streamed',
      produces: ['application/xml'],
    },
    handler: async (request, reply) => {
      await recordExport(db, actorOf(request), 'STATE', request.enterpriseId, 'downloaded', STATE_FILE);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(STATE_FILE))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(stateExport(db, request.enterpriseId)));
    },
  });
}
