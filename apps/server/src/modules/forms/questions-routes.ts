import { randomUUID } from 'node:crypto';
import { questionOutput, questionSaveBody } from '@licensure/contracts';
import { fbGroups } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyRefs } from '../../platform/resources/references';
import { registerResource } from '../../platform/resources/register';
import { idParams, tags } from './common';
import { questionReadResource } from './forms.resources';
import { addQuestion, changeQuestion, removeQuestion } from './question-operations';

/** What a question names, each of the caller's enterprise (its group's form then decides the rest). */
const questionRefs: BodyRefs = {
  'question.group_id': { table: fbGroups, what: 'group' },
  'question.document_type_id': 'document_types',
  'question.element_id': 'fb_elements',
};

/** fbquestions: the questions of forms, one at a time; every write goes through the versioning rule. */
export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, questionReadResource);

  r.post('/api/fbquestions', {
    config: { access: 'forms.write', refs: questionRefs },
    schema: {
      tags,
      summary: 'Add a question to a group (last, or at sort_order)',
      body: questionSaveBody,
      response: { 201: questionOutput },
    },
    handler: async (request, reply) => {
      const { group_id, sort_order, updated_at: _seen, id, ...fields } = request.body.question;
      const out = await addQuestion(db, request, group_id, sort_order, { ...fields, id: id ?? randomUUID() });
      return reply.status(201).send(out);
    },
  });

  r.put('/api/fbquestions/:id', {
    config: { access: 'forms.write', refs: questionRefs },
    schema: {
      tags,
      summary: 'Change a question; group_id and sort_order move it within its form',
      params: idParams,
      body: questionSaveBody,
      response: { 200: questionOutput },
    },
    handler: async (request) => {
      const { group_id, sort_order, updated_at: seen, id: _id, ...fields } = request.body.question;
      return changeQuestion(db, request, request.params.id, group_id, sort_order, seen, fields);
    },
  });

  r.delete('/api/fbquestions/:id', {
    config: { access: 'forms.write' },
    schema: {
      tags,
      summary: 'Remove a question, with the conditions that read or show it',
      params: idParams,
    },
    handler: async (request, reply) => {
      await removeQuestion(db, request, request.params.id);
      return reply.status(204).send();
    },
  });
}
