import {
  registryImportParams,
  registryImportRejected,
  registryImportResult,
  registryMismatchList,
  registryResolution,
  registryResolveBody,
  registryResolveParams,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/record-change';
import { loadDocument } from '../documents/load-document';
import { findMismatches } from './find-mismatches';
import { importRegistryRows } from './import-registry';
import { readRegistryExport } from './read-registry-export';
import { resolveMismatch } from './resolve-mismatch';

const tags = ['national-registry'];

/** National Registry reconciliation: import the registry's export, list mismatches, resolve them. */
export async function nationalRegistryModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { files } = app.deps;

  r.post('/api/NationalRegistry/import/:documentId', {
    config: { access: 'nationalRegistry.write' },
    schema: {
      tags,
      summary:
        "Import the National Registry's export (an uploaded xlsx or csv) into NationalRegistryIntegrationData: all rows or none",
      params: registryImportParams,
      response: { 200: registryImportResult, 400: registryImportRejected },
    },
    handler: async (request, reply) => {
      const doc = await loadDocument(db, request, request.params.documentId);
      const lines = await readRegistryExport(files, doc, request.log);
      const outcome = await importRegistryRows(db, actorOf(request), lines);
      if (outcome.ok) return outcome.result;
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: outcome.message, rows: outcome.rows } });
    },
  });

  r.get('/api/NationalRegistry/mismatches', {
    config: { access: 'nationalRegistry.read' },
    schema: {
      tags,
      summary:
        "Open mismatches between the registry's latest certifications and the state's people and credentials",
      response: { 200: registryMismatchList },
    },
    handler: async (request) => {
      const items = await findMismatches(db, request.enterpriseId);
      return { items, total: items.length };
    },
  });

  r.post('/api/NationalRegistry/records/:id/resolve', {
    config: { access: 'nationalRegistry.write', refs: { user_id: 'users' } },
    schema: {
      tags,
      summary:
        "Resolve one mismatch of a registry record: accept the registry's name, link the number to a person, or mark it reviewed with a reason",
      params: registryResolveParams,
      body: registryResolveBody,
      response: { 200: registryResolution },
    },
    handler: async (request) => resolveMismatch(db, actorOf(request), request.params.id, request.body),
  });
}
