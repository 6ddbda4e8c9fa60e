import { apiErrorBody, nemsisImportParams, nemsisImportPlan } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/record-change';
import { badRequest } from '../../../platform/http/errors';
import { assertRosterAccess, rosterWriters } from '../../clinicians/access';
import { validateNemsis } from '../validate';
import { commitDem, previewDem } from './import-dem';
import { DEM_IMPORT_MAX_BYTES, DemFileError, parseDem } from './parse-dem';

const tags = ['nemsis'];

/** Reads the body (a DEMDataSet): refused before validation when hostile, then validated. */
async function readDem(xml: unknown) {
  if (typeof xml !== 'string' || !xml.trim())
    throw badRequest({ body: 'Send the DEM file as application/xml.' });
  let file: ReturnType<typeof parseDem>;
  try {
    file = parseDem(xml);
  } catch (err) {
    if (err instanceof DemFileError) throw badRequest({ body: err.message });
    throw err;
  }
  const validation = await validateNemsis(xml, 'DEM');
  return { file, validation };
}

/**
 * The NEMSIS DEM import of a service (its ePCR vendor's file): preview, then commit, all or nothing; the
 * same access as the roster import (registry.write, or the service's administrator).
 */
export async function nemsisImportModule(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'string', bodyLimit: DEM_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    for (const step of ['preview', 'commit'] as const)
      r.post(`/api/nemsis/import/:serviceId/${step}`, {
        config: { access: rosterWriters },
        schema: {
          tags,
          summary:
            step === 'preview'
              ? "Preview what a NEMSIS v3.5.1 DEM file (application/xml) would change in the service's vehicles and stations; nothing is written"
              : 'Import a NEMSIS v3.5.1 DEM file into the service: every change or none',
          params: nemsisImportParams,
          consumes: ['application/xml'],
          response: { 200: nemsisImportPlan, 400: apiErrorBody.or(nemsisImportPlan) },
        },
        handler: async (request, reply) => {
          const { serviceId } = request.params;
          await assertRosterAccess(db, request.auth, request.enterpriseId, serviceId, rosterWriters);
          const { file, validation } = await readDem(request.body);
          if (!validation.valid)
            return reply.status(400).send({ validation, changes: [], problems: [], committed: false });
          const plan =
            step === 'preview'
              ? await previewDem(db, request.enterpriseId, serviceId, file)
              : await commitDem(db, actorOf(request), serviceId, file);
          const committed = step === 'commit' && plan.problems.length === 0;
          return reply.status(plan.problems.length ? 400 : 200).send({ validation, ...plan, committed });
        },
      });
  });
}
