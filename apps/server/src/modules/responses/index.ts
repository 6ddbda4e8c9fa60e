import {
  clearSignaturesBody,
  clearSignaturesOutput,
  documentRecord,
  generatePdfBody,
  listResponse,
  populatedValue,
  populateGroupQuery,
  type ResponseSavedEvent,
  reopenResponseBody,
  responseIdParams,
  responseListItem,
  responseListQuery,
  responseOutput,
  responsePdfQuery,
  responseSaveBody,
  saveApplicationTypeBody,
  serviceApplicationVehicle,
  serviceApplicationVehiclesBody,
} from '@licensure/contracts';
import { ipChecklists } from '@licensure/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { unauthenticated } from '../../platform/http/errors';
import { pdfDisposition } from '../../platform/pdf/render-pdf';
import { speaksForHolder } from '../../platform/permissions/policies';
import type { BodyRefs } from '../../platform/resources/references';
import { loadVersionDefinition } from '../forms/form-store';
import { loadResponseFor } from './access';
import { saveApplicationType } from './application-type';
import { clearSignatures } from './clear-signatures';
import { deleteResponse } from './delete-response';
import { generateResponsePdf } from './generate-pdf';
import { listResponses } from './list-responses';
import { populateGroup } from './populate-group';
import { loadAnswers, presentResponse, shownAnswers } from './present';
import { reopenResponse } from './reopen-response';
import { renderResponsePdf } from './response-pdf';
import { type SaveBody, saveResponse } from './save-response';
import { serviceApplicationVehicles } from './service-vehicles';

const tags = ['forms'];

const signedIn = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthenticated();
  return request.auth;
};

/**
 * What a saved response names, each of the caller's enterprise (the checklist it answers was stored
 * unchecked). Answers to questions outside the form's version are dropped, not stored; the form is
 * loaded in the enterprise (404 when it has none of that id).
 */
const responseRefs: BodyRefs = {
  'response.user_id': 'users',
  'response.service_id': 'services',
  'response.vehicle_id': 'vehicles',
  'response.license_request_id': 'licenserequests',
  'response.questions[].document_id': 'documents',
  checklistID: { table: ipChecklists, what: 'checklist' },
};

/** Form responses: fill, save, complete, reopen, populate from records, and their PDF. */
export async function responsesModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { files, hub } = app.deps;

  /** Saves, then tells the caller's other windows through the message hub when asked to. */
  async function save(request: FastifyRequest, body: SaveBody, responseId?: string) {
    const auth = signedIn(request);
    const result = await saveResponse(db, auth, actorOf(request), body, responseId);
    const { response, answers, definition, rights } = result;
    if (body.connectionId) {
      const event: ResponseSavedEvent = {
        type: 'responseSaved',
        responseId: response.id,
        progress: response.progress,
      };
      await hub.publish(auth.userId, event).catch((err: unknown) => {
        request.log.warn({ err, responseId: response.id }, 'responseSaved not published');
      });
    }
    request.log.info(
      { responseId: response.id, progress: response.progress, answers: answers.length },
      responseId ? 'form response saved' : 'form response created',
    );
    return presentResponse(
      response,
      shownAnswers(definition, answers, rights.staffView),
      body.getLess ? undefined : definition,
    );
  }

  r.get('/api/fbresponses', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary:
        'A page of form responses (filters form_id, user_id, license_request_id, progress; mine=true for the caller’s own). Without responses.read, only the caller’s own',
      querystring: responseListQuery,
      response: { 200: listResponse(responseListItem) },
    },
    handler: async (request) => listResponses(db, signedIn(request), request.enterpriseId, request.query),
  });

  r.post('/api/fbresponses', {
    config: { access: speaksForHolder('responses.read', 'not_found'), refs: responseRefs },
    schema: {
      tags,
      summary:
        'Start a response on the form’s current version, with answers (saveAnswers). complete=true submits it; 400 fields name questions.<id>',
      body: responseSaveBody,
      response: { 201: responseOutput },
    },
    handler: async (request, reply) => reply.status(201).send(await save(request, request.body)),
  });

  r.put('/api/fbresponses/:id', {
    config: { access: speaksForHolder('responses.read', 'not_found'), refs: responseRefs },
    schema: {
      tags,
      summary:
        'Save a response’s answers (merged over the stored ones; hidden ones dropped). A submitted response is locked until reopened (409)',
      params: responseIdParams,
      body: responseSaveBody,
      response: { 200: responseOutput },
    },
    handler: async (request) => save(request, request.body, request.params.id),
  });

  r.get('/api/fbresponses/:id', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary: 'A response with its answers and the definition of the form version it was answered on',
      params: responseIdParams,
      response: { 200: responseOutput },
    },
    handler: async (request) => {
      const loaded = await loadResponseFor(
        db,
        signedIn(request),
        request.enterpriseId,
        request.params.id,
        'view',
      );
      const { response, rights } = loaded;
      const definition = await loadVersionDefinition(db, response.form_id, response.form_version);
      if (!definition)
        throw new Error(`form ${response.form_id} version ${response.form_version} has no definition`);
      const answers = shownAnswers(definition, await loadAnswers(db, response.id), rights.staffView);
      return presentResponse(response, answers, definition);
    },
  });

  r.delete('/api/fbresponses/:id', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary: 'Delete a response and its answers (staff, or its person while not submitted); documents stay',
      params: responseIdParams,
    },
    handler: async (request, reply) => {
      await deleteResponse(db, signedIn(request), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/api/fbresponses/reopen', {
    config: { access: 'responses.write' },
    schema: {
      tags,
      summary: 'Reopen a submitted response (and its licence request, when given) for changes',
      body: reopenResponseBody,
      response: { 200: responseOutput },
    },
    handler: async (request) => {
      const auth = signedIn(request);
      const { responseID, licenseRequestID } = request.body;
      const row = await reopenResponse(db, auth, actorOf(request), responseID, licenseRequestID);
      return presentResponse(row, await loadAnswers(db, row.id));
    },
  });

  r.post('/api/fbresponses/clearsignatures', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary: 'Remove every signature of a response (staff, or its person while not submitted)',
      body: clearSignaturesBody,
      response: { 200: clearSignaturesOutput },
    },
    handler: async (request) => ({
      cleared: await clearSignatures(db, signedIn(request), actorOf(request), request.body.responseID),
    }),
  });

  r.get('/api/fbresponses/populateGroup', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary:
        'Values for a group’s questions that are mapped to fields of the response’s person, service or vehicle',
      querystring: populateGroupQuery,
      response: { 200: z.array(populatedValue) },
    },
    handler: async (request) =>
      populateGroup(
        db,
        signedIn(request),
        request.enterpriseId,
        request.query.responseID,
        request.query.groupID,
      ),
  });

  r.post('/api/fbresponses/generatepdf', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary:
        'Render the response’s PDF on the server (html is ignored) and keep it as a document of the response',
      body: generatePdfBody,
      response: { 200: documentRecord },
    },
    handler: async (request) =>
      generateResponsePdf(db, files, signedIn(request), actorOf(request), request.body.responseID),
  });

  r.get('/api/fbresponses/getPDFFileContent', {
    config: { access: speaksForHolder('responses.read', 'not_found') },
    schema: {
      tags,
      summary: 'The response’s PDF, rendered from its data, shown inline',
      querystring: responsePdfQuery,
      produces: ['application/pdf'],
    },
    handler: async (request, reply) => {
      const loaded = await loadResponseFor(
        db,
        signedIn(request),
        request.enterpriseId,
        request.query.responseID,
        'view',
      );
      const { pdf, fileName } = await renderResponsePdf(db, loaded);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', pdfDisposition('inline', fileName))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  r.post('/api/fbresponses/GetServiceApplicationVehicles', {
    config: { access: 'responses.read' },
    schema: {
      tags,
      summary: 'The vehicles (and their requests) inside the given service licence applications',
      body: serviceApplicationVehiclesBody,
      response: { 200: z.array(serviceApplicationVehicle) },
    },
    handler: async (request) =>
      serviceApplicationVehicles(db, request.enterpriseId, request.body.licenseRequestIDs),
  });

  r.post('/api/LicenseRequests/saveApplicationTypeID', {
    config: {
      access: speaksForHolder('responses.read', 'not_found'),
      refs: { applicationTypeID: 'application_types' },
    },
    schema: {
      tags,
      summary:
        'Set a licence request’s application type (its person while not submitted, or responses.write); false without an application type',
      body: saveApplicationTypeBody,
      response: { 200: z.boolean() },
    },
    handler: async (request) =>
      saveApplicationType(
        db,
        signedIn(request),
        actorOf(request),
        request.body.licenseRequestID,
        request.body.applicationTypeID,
      ),
  });
}
