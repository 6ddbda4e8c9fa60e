import { randomUUID } from 'node:crypto';
import { conditionOutput, conditionSaveBody } from '@licensure/contracts';
import { fbGroups, fbQuestions } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyRefs } from '../../platform/resources/references';
import { registerResource } from '../../platform/resources/register';
import { idParams, tags } from './common';
import { addCondition, changeCondition, removeCondition } from './condition-operations';
import { conditionReadResource } from './forms.resources';

/** What a condition names, each of the caller's enterprise (the tree then wants them in one form). */
const conditionRefs: BodyRefs = {
  'condition.source_question_id': { table: fbQuestions, what: 'question' },
  'condition.target_question_id': { table: fbQuestions, what: 'question' },
  'condition.target_group_id': { table: fbGroups, what: 'group' },
};

/** fbconditions: when a group or question is shown. Checked like a whole-form save. */
export async function conditionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, conditionReadResource);

  r.post('/api/fbconditions', {
    config: { access: 'forms.write', refs: conditionRefs },
    schema: {
      tags,
      summary: 'Add a condition; its source question must come before the group or question it shows',
      body: conditionSaveBody,
      response: { 201: conditionOutput },
    },
    handler: async (request, reply) => {
      const { id, sort_order, updated_at: _seen, ...fields } = request.body.condition;
      const out = await addCondition(db, request, sort_order, { ...fields, id: id ?? randomUUID() });
      return reply.status(201).send(out);
    },
  });

  r.put('/api/fbconditions/:id', {
    config: { access: 'forms.write', refs: conditionRefs },
    schema: {
      tags,
      summary: 'Change a condition (within its form)',
      params: idParams,
      body: conditionSaveBody,
      response: { 200: conditionOutput },
    },
    handler: async (request) => {
      const { id: _id, sort_order, updated_at: seen, ...fields } = request.body.condition;
      return changeCondition(db, request, request.params.id, sort_order, seen, fields);
    },
  });

  r.delete('/api/fbconditions/:id', {
    config: { access: 'forms.write' },
    schema: { tags, summary: 'Remove a condition', params: idParams },
    handler: async (request, reply) => {
      await removeCondition(db, request, request.params.id);
      return reply.status(204).send();
    },
  });
}
