import {
  ceAuditDecisionInput,
  ceAuditInput,
  ceAuditList,
  ceAuditMemberOutput,
  ceAuditOutput,
  ceAuditProofInput,
  myCeAudits,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { self } from '../../platform/permissions/policies';
import { decideCeAuditMember } from './ce-audit-decide';
import { drawCeAudit } from './ce-audit-draw';
import { submitCeAuditProof } from './ce-audit-proof';
import { listAudits, loadAudit, loadMember, myAuditRequests } from './ce-audit-read';

const tags = ['education'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** CE audits: staff draw a random sample of renewed licensees, who prove their hours through the portal. */
export async function ceAuditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/EducationModule/CeAudits', {
    config: { access: 'education.read' },
    schema: {
      tags,
      summary: 'CE audits, newest first, with counts by status',
      response: { 200: ceAuditList },
    },
    handler: (request) => listAudits(db, request.enterpriseId),
  });

  r.post('/api/EducationModule/CeAudits', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: 'Draw a CE audit: a random percentage of the licensees renewed between two dates',
      body: ceAuditInput,
      response: { 201: ceAuditOutput },
    },
    handler: async (request, reply) => {
      const id = await drawCeAudit(db, request, request.body);
      return reply.code(201).send(await loadAudit(db, request.enterpriseId, id));
    },
  });

  r.get('/api/EducationModule/CeAudits/:id', {
    config: { access: 'education.read' },
    schema: {
      tags,
      summary: 'A CE audit with its sampled licensees',
      params: idParams,
      response: { 200: ceAuditOutput },
    },
    handler: (request) => loadAudit(db, request.enterpriseId, request.params.id),
  });

  r.get('/api/EducationModule/MyCeAudits', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'The CE audits the signed-in person was sampled in: what to prove and by when',
      response: { 200: myCeAudits },
    },
    handler: (request) => myAuditRequests(db, request.enterpriseId, request.auth?.userId ?? ''),
  });

  r.post('/api/EducationModule/CeAuditMembers/:id/proof', {
    config: { access: self('not_found'), refs: { document_id: 'documents' } },
    schema: {
      tags,
      summary: 'A sampled licensee sends their proof of hours (a document they uploaded)',
      params: idParams,
      body: ceAuditProofInput,
      response: { 200: ceAuditMemberOutput },
    },
    handler: async (request) => {
      await submitCeAuditProof(db, request, request.params.id, request.body);
      return loadMember(db, request.enterpriseId, request.params.id);
    },
  });

  r.post('/api/EducationModule/CeAuditMembers/:id/decision', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: 'Mark an audited licensee accepted or deficient; a deficient one may open a complaint',
      params: idParams,
      body: ceAuditDecisionInput,
      response: { 200: ceAuditMemberOutput },
    },
    handler: async (request) => {
      await decideCeAuditMember(db, request, request.params.id, request.body);
      return loadMember(db, request.enterpriseId, request.params.id);
    },
  });
}
