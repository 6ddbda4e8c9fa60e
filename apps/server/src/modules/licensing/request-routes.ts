import { licenseRequestDetail, licenseRequestSaveBody, progress, submitResult } from '@licensure/contracts';
import { certifications, licenseRequests, referenceTables } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { speaksForHolder } from '../../platform/permissions/policies';
import { missingEducation } from '../education/renewal-check';
import { applyDecision } from './decide-request';
import { changeableRequest, visibleRequest } from './request-access';
import { computeCharges } from './request-charges';
import { audienceOf, history, loadDetail, loadSummary, requestForms } from './request-store';
import { checkSubject, firstStatus } from './request-subject';
import { enterpriseToday } from './rule-routes';
import { addMonthsClamped, formatDate, parseDate } from './rules/relative-date';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const requestIdBody = z.object({
  licenseRequestID: z.uuid({ message: 'licenseRequestID must be a valid id' }),
});
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RequestRow = typeof licenseRequests.$inferSelect;
/**
 * What a request names, each of the caller's enterprise (the engine's check): the application type
 * was stored as sent; the others were checked by the handler too, and an update keeps them as they were.
 */
const typeRef = {
  'license_request.application_type_id': 'application_types',
  'license_request.license_id': 'licenses',
  'license_request.user_id': 'users',
  'license_request.service_id': 'services',
  'license_request.vehicle_id': 'vehicles',
  'license_request.parent_request_id': 'licenserequests',
  'license_request.renews_certification_id': 'certifications',
  'license_request.status_id': 'license_request_statuses',
};

/** Licence requests: the applicant's side (create, change, choose types, submit) and reads of one request. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/LicenseRequests', {
    config: { access: speaksForHolder('requests.read'), refs: typeRef },
    schema: {
      tags,
      summary: 'Start a request for a licence (for oneself, a service one administers, or its vehicle)',
      body: licenseRequestSaveBody,
      response: { 201: licenseRequestDetail },
    },
    handler: async (request, reply) => {
      const input = request.body.license_request;
      const row = await db.transaction(async (tx) => {
        const { license, subject } = await checkSubject(tx, request, input);
        if (input.parent_request_id)
          await visibleRequest(tx, request.auth, request.enterpriseId, input.parent_request_id);
        const [created] = await tx
          .insert(licenseRequests)
          .values({
            enterprise_id: request.enterpriseId,
            license_id: license.id,
            ...subject,
            parent_request_id: input.parent_request_id ?? null,
            renews_certification_id: input.renews_certification_id ?? null,
            application_type_id: input.application_type_id ?? null,
            status_id: (await firstStatus(tx, license.id)) ?? null,
            progress: progress.inProgress,
            created_by: request.auth!.userId,
          })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await history(tx, request, created.id, {
          kind: 'created',
          license_request_status_id: created.status_id,
          note: input.renews_certification_id ? 'Renewal started' : null,
        });
        await recordChange(tx, actorOf(request), {
          entity: 'license_requests',
          objectId: created.id,
          action: 'create',
          after: created,
        });
        return created;
      });
      return reply.status(201).send(await loadDetail(db, row, audienceOf(request.auth)));
    },
  });

  r.get('/api/LicenseRequests/:id', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: 'A request with its applicant, application types, charges, forms, processes and history',
      params: idParams,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) =>
      loadDetail(
        db,
        await visibleRequest(db, request.auth, request.enterpriseId, request.params.id, {
          includeDeleted: request.auth!.permissions.has('requests.read'),
        }),
        audienceOf(request.auth),
      ),
  });

  r.put('/api/LicenseRequests/:id', {
    config: { access: speaksForHolder('requests.read'), refs: typeRef },
    schema: {
      tags,
      summary: 'Change a request: its status (reviewers), application type and training dates',
      params: idParams,
      body: licenseRequestSaveBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const input = request.body.license_request;
      const auth = request.auth!;
      const row = await db.transaction(async (tx) => {
        const before = await changeableRequest(tx, request, request.params.id);
        if (input.license_id !== before.license_id)
          throw badRequest({ license_id: 'A request cannot move to another licence; start a new one.' });
        const changes: Partial<typeof licenseRequests.$inferInsert> = { updated_at: new Date() };
        if (input.status_id !== undefined && input.status_id !== before.status_id) {
          if (!auth.permissions.has('requests.review')) throw forbidden();
          const s = referenceTables.license_request_statuses;
          if (input.status_id) {
            const [status] = await tx
              .select({ id: s.id })
              .from(s)
              .where(and(eq(s.id, input.status_id), eq(s.license_id, before.license_id as string)));
            if (!status) throw badRequest({ status_id: 'That status is not one of this licence.' });
          }
          changes.status_id = input.status_id;
        }
        if (input.application_type_id !== undefined) changes.application_type_id = input.application_type_id;
        if (input.training_validation_start !== undefined)
          changes.training_validation_start = input.training_validation_start;
        if (input.training_validation_end !== undefined)
          changes.training_validation_end = input.training_validation_end;
        const [after] = await tx
          .update(licenseRequests)
          .set(changes)
          .where(eq(licenseRequests.id, before.id))
          .returning();
        if (!after) throw notFound('licence request');
        if (changes.status_id !== undefined)
          await history(tx, request, after.id, {
            kind: 'status',
            license_request_status_id: after.status_id,
          });
        await recordChange(tx, actorOf(request), {
          entity: 'license_requests',
          objectId: after.id,
          action: 'update',
          before,
          after,
        });
        return after;
      });
      return loadDetail(db, row, audienceOf(request.auth));
    },
  });

  r.delete('/api/LicenseRequests/:id', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: 'Delete a request with a reason: it is kept, marked deleted, with the reason in its history',
      params: idParams,
      querystring: z.object({
        reason: z
          .string()
          .trim()
          .min(1, 'reason is required')
          .max(2000, 'reason must be at most 2000 characters'),
      }),
      response: { 200: z.object({ deleted: z.boolean() }) },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const before = await changeableRequest(tx, request, request.params.id);
        await tx
          .update(licenseRequests)
          .set({ deleted_at: new Date(), delete_reason: request.query.reason, updated_at: new Date() })
          .where(eq(licenseRequests.id, before.id));
        await history(tx, request, before.id, { kind: 'deleted', note: request.query.reason });
        await recordChange(tx, actorOf(request), {
          entity: 'license_requests',
          objectId: before.id,
          action: 'delete',
          before,
          after: { reason: request.query.reason },
        });
      });
      return { deleted: true };
    },
  });

  r.put('/api/LicenseRequests/:id/applicationtypes', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'Choose application types and levels: keys are "<application type id>%<level id>" (true: chosen); other keys are ignored',
      params: idParams,
      body: z.object({ selections: z.record(z.string(), z.boolean()) }),
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const row = await db.transaction(async (tx) => {
        const req = await changeableRequest(tx, request, request.params.id);
        const pairs = Object.entries(request.body.selections)
          .filter(([, chosen]) => chosen)
          .map(([key]) => key.split('%'))
          .filter(
            (parts): parts is [string, string] => parts.length === 2 && parts.every((p) => GUID.test(p)),
          )
          .map(([type, level]) => ({ type: type.toLowerCase(), level: level.toLowerCase() }));
        const types = referenceTables.application_types;
        const levels = referenceTables.license_category_levels;
        for (const { type, level } of pairs) {
          const [t] = await tx
            .select()
            .from(types)
            .where(and(eq(types.id, type), eq(types.enterprise_id, request.enterpriseId)));
          const [l] = await tx
            .select()
            .from(levels)
            .where(and(eq(levels.id, level), eq(levels.license_id, req.license_id as string)));
          const allowed = t && l && (t.license_id === null || t.license_id === req.license_id);
          const levelOk =
            t &&
            ((t.license_category_levels as string[]).length === 0 ||
              (t.license_category_levels as string[]).includes(level));
          if (!allowed || !levelOk)
            throw badRequest({
              selections: `${type}%${level} is not an application type and level of this licence.`,
            });
        }
        const chosen = referenceTables.license_request_application_types;
        await tx.delete(chosen).where(eq(chosen.license_request_id, req.id));
        if (pairs.length)
          await tx.insert(chosen).values(
            pairs.map((p) => ({
              enterprise_id: request.enterpriseId,
              license_request_id: req.id,
              application_type_id: p.type,
              license_category_level_id: p.level,
              checked: true,
            })),
          );
        const [after] = await tx
          .update(licenseRequests)
          .set({ application_type_id: pairs[0]?.type ?? null, updated_at: new Date() })
          .where(eq(licenseRequests.id, req.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'license_request_application_types',
          objectId: req.id,
          action: 'update',
          after: pairs,
        });
        return after as RequestRow;
      });
      return loadDetail(db, row, audienceOf(request.auth));
    },
  });

  r.post('/api/LicenseRequests/submit', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'Submit a request: every required form must be completed; completed_on becomes now and progress 2',
      body: requestIdBody,
      response: { 200: submitResult },
    },
    handler: async (request) => {
      const today = await enterpriseToday(db, request.enterpriseId);
      return db.transaction(async (tx) => {
        const req = await changeableRequest(tx, request, request.body.licenseRequestID);
        const errors: Record<string, string> = {};
        for (const f of await requestForms(tx, req)) {
          if (f.required && f.progress !== progress.submitted)
            errors[f.form_name] = f.response_id
              ? 'This form is not completed.'
              : 'This form has not been started.';
        }
        // A renewal is for a type and level: its continuing education and fees are the type's, so
        // one submitted without a type would skip both.
        if (req.renews_certification_id && !req.application_type_id)
          errors['Application type'] = 'Choose the application type and level this renewal is for.';
        // A renewal needs its continuing education: the message names the missing hours by topic.
        const education = await missingEducation(tx, request.enterpriseId, req);
        if (education) errors['Continuing education'] = education;
        if (Object.keys(errors).length > 0) return { success: false, validationError: true, errors };
        const charges = referenceTables.license_request_charges;
        await tx
          .delete(charges)
          .where(
            and(
              eq(charges.license_request_id, req.id),
              eq(charges.paid, false),
              sql`${charges.license_charge_id} is not null`,
            ),
          );
        const owed = await computeCharges(tx, req, today);
        if (owed.length)
          await tx.insert(charges).values(
            owed.map((c) => ({
              ...c,
              enterprise_id: request.enterpriseId,
              license_request_id: req.id,
              paid: false,
            })),
          );
        await applyDecision(tx, request, req, 'submit');
        return { success: true, request: await loadSummary(tx, req.id) };
      });
    },
  });

  r.get('/api/LicenseRequests/getTrainingValidationDates', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'The window in which trainings count for a request: as set, else the renewed credential’s term, else the last 24 months',
      querystring: z.object({ id: z.uuid({ message: 'id must be a valid id' }) }),
      response: { 200: z.object({ start: z.string(), end: z.string() }) },
    },
    handler: async (request) => {
      const req = await visibleRequest(db, request.auth, request.enterpriseId, request.query.id);
      const today = await enterpriseToday(db, request.enterpriseId);
      if (req.training_validation_start && req.training_validation_end)
        return { start: req.training_validation_start, end: req.training_validation_end };
      if (req.renews_certification_id) {
        const [cert] = await db
          .select({ issue: certifications.issue_date, expires: certifications.expiration_date })
          .from(certifications)
          .where(eq(certifications.id, req.renews_certification_id));
        if (cert?.expires) {
          const expires = parseDate(cert.expires);
          const start = cert.issue ?? (expires ? formatDate(addMonthsClamped(expires, -24)) : null);
          if (start) return { start, end: cert.expires };
        }
      }
      return { start: formatDate(addMonthsClamped(today, -24)), end: formatDate(today) };
    },
  });
}
