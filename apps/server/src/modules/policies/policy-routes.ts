import {
  policyAcknowledgement,
  policyDocumentBody,
  publicPoliciesQuery,
  publicPolicy as publicPolicySchema,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../platform/resources/register';
import { acknowledgePolicy, policyAcknowledgementsOf } from './acknowledge-policy';
import { sendPolicyDocument, setPolicyDocument } from './policy-document';
import { publicPolicies, publicPolicy } from './public-policies';

const tags = ['policies'];
const publicRead = { access: 'public' as const, rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Reading and acknowledging policies, their documents, and the public site's published ones. */
export async function policyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/policies/:id/acknowledge', {
    config: { access: 'policies.read' },
    schema: {
      tags,
      summary:
        'The signed-in staff member acknowledges reading a published policy (once; the first date is kept)',
      params: idParams,
      response: { 200: z.object({ acknowledged_at: z.string() }) },
    },
    handler: (request) => acknowledgePolicy(db, request, request.params.id),
  });

  r.get('/api/policies/:id/acknowledgements', {
    config: { access: 'policies.read' },
    schema: {
      tags,
      summary: 'Who has acknowledged reading the policy, and when',
      params: idParams,
      response: { 200: z.array(policyAcknowledgement) },
    },
    handler: (request) => policyAcknowledgementsOf(db, request, request.params.id),
  });

  r.put('/api/policies/:id/document', {
    config: { access: 'policies.write' },
    bodyLimit: 36 * 1024 * 1024,
    schema: {
      tags,
      summary: "Sets the policy's document (a base64 data URL), replacing the one it had",
      params: idParams,
      body: policyDocumentBody,
      response: { 200: z.object({ document_id: z.uuid(), document_name: z.string() }) },
    },
    handler: (request) => setPolicyDocument(app, request, request.params.id, request.body),
  });

  r.get('/api/policies/:id/document', {
    config: { access: 'policies.read' },
    schema: { tags, summary: "The policy's document, as an attachment", params: idParams },
    handler: (request, reply) => sendPolicyDocument(app, request, reply, request.params.id, false),
  });

  r.get('/api/public/policies', {
    config: publicRead,
    schema: {
      tags,
      summary: 'The published policies and protocols the public site lists',
      querystring: publicPoliciesQuery,
      response: { 200: z.array(publicPolicySchema) },
    },
    handler: (request) => publicPolicies(db, request.enterpriseId, request.query.kind),
  });

  r.get('/api/public/policies/:id', {
    config: publicRead,
    schema: {
      tags,
      summary: 'One published policy or protocol',
      params: idParams,
      response: { 200: publicPolicySchema },
    },
    handler: (request) => publicPolicy(db, request.enterpriseId, request.params.id),
  });

  r.get('/api/public/policies/:id/document', {
    config: publicRead,
    schema: { tags, summary: 'The document of a published policy', params: idParams },
    handler: (request, reply) => sendPolicyDocument(app, request, reply, request.params.id, true),
  });
}
