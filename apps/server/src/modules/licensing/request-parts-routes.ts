import { chargeCalculatedFields } from '@licensure/contracts';
import { licenseRequests, referenceTables } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';
import { speaksForHolder } from '../../platform/permissions/policies';
import type { ResourceHooks } from '../../platform/resources/types';
import { visibleRequest } from './request-access';
import { computeCharges } from './request-charges';
import { enterpriseToday } from './rule-routes';

const tags = ['licensing'];
const GUID_PAIR =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})%([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const requestBody = z.object({
  license_request_id: z.uuid({ message: 'license_request_id must be a valid id' }),
});

/**
 * LicenseRequestApplicationTypes create: the portal may name the pair as a key "<application type
 * id>%<level id>" set to true; the first such key fills the two ids, other keys are ignored.
 */
export const requestApplicationTypeHooks: ResourceHooks = {
  normalize(input) {
    for (const [key, value] of Object.entries(input)) {
      const m = GUID_PAIR.exec(key);
      if (m) {
        delete input[key];
        if (value && !input.application_type_id && !input.license_category_level_id) {
          input.application_type_id = m[1]?.toLowerCase();
          input.license_category_level_id = m[2]?.toLowerCase();
        }
      }
    }
  },
};

/** Charge calculation, and clearing a request's application types or supplemental trainings. */
export async function requestPartsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/LicensingModule/LicenseChargeCalculatedFields', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'The quantities a calculated charge may be multiplied by',
      response: { 200: z.array(z.object({ key: z.string(), label: z.string() })) },
    },
    handler: async () => Object.entries(chargeCalculatedFields).map(([key, label]) => ({ key, label })),
  });

  r.post('/api/LicensingModule/CalculatedValue', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: 'What one licence charge comes to for a request (0 when it does not apply)',
      body: z.object({
        license_charge_id: z.uuid({ message: 'license_charge_id must be a valid id' }),
        license_request_id: z.uuid({ message: 'license_request_id must be a valid id' }),
      }),
      response: {
        200: z.object({
          license_charge_id: z.uuid(),
          quantity: z.number().int(),
          amount_cents: z.number().int(),
        }),
      },
    },
    handler: async (request) => {
      const req = await visibleRequest(
        db,
        request.auth,
        request.enterpriseId,
        request.body.license_request_id,
      );
      const charges = referenceTables.license_charges;
      const [charge] = await db
        .select({ id: charges.id })
        .from(charges)
        .where(
          and(
            eq(charges.id, request.body.license_charge_id),
            eq(charges.enterprise_id, request.enterpriseId),
          ),
        );
      if (!charge) throw notFound('licence charge');
      const today = await enterpriseToday(db, request.enterpriseId);
      const [computed] = await computeCharges(db, req, today, request.body.license_charge_id);
      return {
        license_charge_id: request.body.license_charge_id,
        quantity: computed?.quantity ?? 0,
        amount_cents: computed?.amount_cents ?? 0,
      };
    },
  });

  const clear = (
    path: string,
    key: 'license_request_application_types' | 'license_request_supplemental_trainings',
  ) =>
    r.post(path, {
      config: { access: speaksForHolder('requests.read') },
      schema: {
        tags,
        summary: `Remove every ${key === 'license_request_application_types' ? 'application type' : 'supplemental training'} of a request not yet submitted`,
        body: requestBody,
        response: { 200: z.object({ cleared: z.number().int() }) },
      },
      handler: async (request) =>
        db.transaction(async (tx) => {
          const req = await visibleRequest(
            tx,
            request.auth,
            request.enterpriseId,
            request.body.license_request_id,
          );
          const auth = request.auth!;
          if (!auth.permissions.has('requests.write') && req.progress >= 2)
            throw new AppError('conflict', 'This request was submitted and can no longer be changed.');
          const table = referenceTables[key];
          const removed = await tx.delete(table).where(eq(table.license_request_id, req.id)).returning();
          if (key === 'license_request_application_types')
            await tx
              .update(licenseRequests)
              .set({ application_type_id: null, updated_at: new Date() })
              .where(eq(licenseRequests.id, req.id));
          await recordChange(tx, actorOf(request), {
            entity: key,
            objectId: req.id,
            action: 'delete',
            before: removed,
          });
          return { cleared: removed.length };
        }),
    });
  clear('/api/LicenseRequestApplicationTypes/clearElement', 'license_request_application_types');
  clear(
    '/api/LicenseRequestSupplementalTrainingTrainings/clearElement',
    'license_request_supplemental_trainings',
  );

  r.post('/api/EducationModule/LogSupplementalDates', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: 'Set the window in which supplemental trainings count for a request',
      body: requestBody.extend({
        dates: z
          .object({
            start: z.iso.date({ message: 'start must be a date (YYYY-MM-DD)' }),
            end: z.iso.date({ message: 'end must be a date (YYYY-MM-DD)' }),
          })
          .refine((d) => d.start <= d.end, { message: 'start must not be after end', path: ['start'] }),
      }),
      response: { 200: z.object({ start: z.string(), end: z.string() }) },
    },
    handler: async (request) =>
      db.transaction(async (tx) => {
        const req = await visibleRequest(
          tx,
          request.auth,
          request.enterpriseId,
          request.body.license_request_id,
        );
        const { start, end } = request.body.dates;
        await tx
          .update(licenseRequests)
          .set({ training_validation_start: start, training_validation_end: end, updated_at: new Date() })
          .where(eq(licenseRequests.id, req.id));
        await recordChange(tx, actorOf(request), {
          entity: 'license_requests',
          objectId: req.id,
          action: 'update',
          before: { start: req.training_validation_start, end: req.training_validation_end },
          after: { start, end },
        });
        return { start, end };
      }),
  });
}
