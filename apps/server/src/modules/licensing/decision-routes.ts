import {
  answerInfoBody,
  approveRequestBody,
  decisionPreview,
  decisionPreviewQuery,
  denyRequestBody,
  licenseRequestDetail,
  requestInfoBody,
  requestNoteBody,
  returnRequestBody,
  withdrawRequestBody,
} from '@licensure/contracts';
import type { licenseRequests, Tx } from '@licensure/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { speaksForHolder } from '../../platform/permissions/policies';
import { approveRequest } from './approve-request';
import { addNote, applyDecision, attachAnswerDocument, reopenForms } from './decide-request';
import { planDecision } from './decision-plan';
import { applicantsRequest, visibleRequest } from './request-access';
import { audienceOf, loadDetail, requestForms } from './request-store';
import { enterpriseToday } from './rule-routes';

const tags = ['licensing'];
type RequestRow = typeof licenseRequests.$inferSelect;

/**
 * The reviewer's decisions besides approval (deny, return for corrections, ask for information), the
 * applicant's answers to them (answer, withdraw), and staff notes. Each decision is a history entry
 * the applicant reads and a `request.*` domain event.
 */
export async function decisionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  /** A reviewer's step on a request they can see, locked, in one transaction; answers the staff view. */
  const asReviewer = async (
    request: FastifyRequest,
    id: string,
    step: (tx: Tx, req: RequestRow) => Promise<RequestRow>,
  ) => {
    const row = await db.transaction(async (tx) =>
      step(tx, await visibleRequest(tx, request.auth, request.enterpriseId, id, { lock: true })),
    );
    return loadDetail(db, row, 'staff');
  };

  r.get('/api/LicenseRequests/:id/decisionPreview', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary:
        'What approving or denying the request would change, computed by the plan the approval applies: credentials issued, extended, superseded or kept (with dates and CE cycles), processes failed, pending or missing (and whether they block), staff notes and concerns, fees unpaid. Writes nothing',
      params: z.object({ id: z.uuid({ message: 'id must be a valid id' }) }),
      querystring: decisionPreviewQuery,
      response: { 200: decisionPreview },
    },
    handler: async (request) => {
      const today = await enterpriseToday(db, request.enterpriseId);
      return db.transaction(async (tx) => {
        const req = await visibleRequest(tx, request.auth, request.enterpriseId, request.params.id);
        const plan = await planDecision(
          tx,
          request.auth,
          request.enterpriseId,
          req,
          request.query.decision,
          today,
        );
        return plan.preview;
      });
    },
  });

  r.post('/api/LicenseRequests/approve', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary:
        "Approve a request awaiting review: apply its decision preview (issue, extend or supersede credentials by the licence's configuration). Fees unpaid: acknowledgeUnpaidFees is required; required processes failed or missing: 409 naming them, unless a holder of requests.override gives override_reason",
      body: approveRequestBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const today = await enterpriseToday(db, request.enterpriseId);
      const row = await db.transaction((tx) => approveRequest(tx, request, request.body, today));
      return loadDetail(db, row, 'staff');
    },
  });

  r.post('/api/LicenseRequests/deny', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Deny a submitted request with a reason the applicant reads',
      body: denyRequestBody,
      response: { 200: licenseRequestDetail },
    },
    handler: (request) =>
      asReviewer(request, request.body.licenseRequestID, (tx, req) =>
        applyDecision(tx, request, req, 'deny', { note: request.body.reason }),
      ),
  });

  r.post('/api/LicenseRequests/return', {
    config: { access: 'requests.review', refs: { 'form_ids[]': 'fbforms' } },
    schema: {
      tags,
      summary:
        'Return a request to the applicant for corrections: a message, the forms to fix (reopened; none named: all) and the fields',
      body: returnRequestBody,
      response: { 200: licenseRequestDetail },
    },
    handler: (request) => {
      const b = request.body;
      return asReviewer(request, b.licenseRequestID, async (tx, req) => {
        const forms = await requestForms(tx, req);
        const named = b.form_ids.map((id) => forms.find((f) => f.form_id === id));
        const unknown = b.form_ids.find((_, i) => !named[i]);
        if (unknown) throw badRequest({ form_ids: `${unknown} is not a form of this request.` });
        const after = await applyDecision(tx, request, req, 'return', {
          note: b.message,
          details: {
            forms: named.map((f) => ({ form_id: f?.form_id, form_name: f?.form_name })),
            fields: b.fields,
          },
        });
        await reopenForms(tx, request, req.id, b.form_ids);
        return after;
      });
    },
  });

  r.post('/api/LicenseRequests/requestInfo', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Ask the applicant for more information (a document or an answer), answered in the portal',
      body: requestInfoBody,
      response: { 200: licenseRequestDetail },
    },
    handler: (request) => {
      const b = request.body;
      return asReviewer(request, b.licenseRequestID, (tx, req) =>
        applyDecision(tx, request, req, 'request_info', {
          note: b.message,
          details: { info_kind: b.info_kind },
        }),
      );
    },
  });

  r.post('/api/LicenseRequests/answerInfo', {
    config: { access: speaksForHolder('requests.read'), refs: { document_id: 'documents' } },
    schema: {
      tags,
      summary:
        "The applicant's answer to a request for information: text and/or a document they uploaded; back to review",
      body: answerInfoBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const req = await applicantsRequest(tx, request, b.licenseRequestID);
        const document = b.document_id
          ? await attachAnswerDocument(tx, request, req, b.document_id)
          : undefined;
        return applyDecision(tx, request, req, 'answer_info', {
          note: b.answer ?? null,
          details: document ? { document_id: document.id, document_name: document.name } : null,
        });
      });
      return loadDetail(db, row, audienceOf(request.auth));
    },
  });

  r.post('/api/LicenseRequests/withdraw', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: 'The applicant withdraws their request (any time before a decision), with an optional reason',
      body: withdrawRequestBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const row = await db.transaction(async (tx) => {
        const req = await applicantsRequest(tx, request, request.body.licenseRequestID);
        return applyDecision(tx, request, req, 'withdraw', { note: request.body.reason ?? null });
      });
      return loadDetail(db, row, audienceOf(request.auth));
    },
  });

  r.post('/api/LicenseRequests/notes', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary:
        'A staff note on a request: internal (staff only; concern: listed when a decision is previewed) unless toApplicant, then a message the applicant reads',
      body: requestNoteBody,
      response: { 200: licenseRequestDetail },
    },
    handler: (request) =>
      asReviewer(request, request.body.licenseRequestID, (tx, req) =>
        addNote(tx, request, req, request.body.note, request.body.toApplicant, request.body.concern),
      ),
  });
}
