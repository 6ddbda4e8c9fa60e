import {
  fireTriggerBody,
  fireTriggerResult,
  triggerConfigurationTriggerOutput,
  triggerFunctionOutput,
  triggerFunctionsQuery,
  triggerOutput,
} from '@licensure/contracts';
import { fbForms, triggerConfigurationTriggers, triggers } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { fireByHand } from './fire-by-hand';
import { loadGraph, presentLink, selectLinks } from './graph';
import { triggerFunctions } from './trigger-functions';

const tags = ['triggers'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const presentTrigger = (row: typeof triggers.$inferSelect) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Firing by hand, trigger functions, trigger groups and the triggers a form condition can use. */
export async function triggerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  for (const path of ['/api/triggers/fire', '/api/TGTriggers/fire'])
    r.post(path, {
      config: { access: 'triggers.write' },
      schema: {
        tags,
        summary: 'Fire a trigger by hand on an object: its configurations run their actions as queued jobs',
        body: fireTriggerBody,
        response: { 200: fireTriggerResult },
      },
      handler: (request) => fireByHand(db, app.deps.jobs, request, request.body),
    });

  r.get('/api/TGTriggerFunctions', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'Named server functions a trigger action can call, for one entity',
      querystring: triggerFunctionsQuery,
      response: { 200: z.array(triggerFunctionOutput) },
    },
    handler: (request) =>
      triggerFunctions
        .filter((f) => f.entity === request.query.entity)
        .map(({ code, name, entity, description }) => ({ code, name, entity, description })),
  });

  r.get('/api/TGTriggerGroups', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: "A configuration's triggers of one code, with their actions",
      querystring: z.object({
        code: z.string().trim().min(1, 'code is required').max(200),
        configID: uuid('configID'),
      }),
      response: { 200: z.array(triggerConfigurationTriggerOutput) },
    },
    handler: async (request) => {
      const { enterpriseId } = request;
      const rows = await selectLinks(
        db,
        and(
          eq(triggerConfigurationTriggers.enterprise_id, enterpriseId),
          eq(triggerConfigurationTriggers.trigger_configuration_id, request.query.configID),
          eq(triggers.code, request.query.code),
        ),
      );
      const graph = await loadGraph(db, enterpriseId);
      return rows.map((row) => presentLink(row, graph));
    },
  });

  r.get('/api/triggers/getForFormCondition', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'Triggers a condition of this form can fire: those on form responses, and manual ones',
      querystring: z.object({ form_id: uuid('form_id') }),
      response: { 200: z.array(triggerOutput) },
    },
    handler: async (request) => {
      const [form] = await db
        .select({ id: fbForms.id })
        .from(fbForms)
        .where(and(eq(fbForms.id, request.query.form_id), eq(fbForms.enterprise_id, request.enterpriseId)));
      if (!form) throw notFound('form');
      const rows = await db
        .select()
        .from(triggers)
        .where(and(eq(triggers.enterprise_id, request.enterpriseId), eq(triggers.active, true)))
        .orderBy(triggers.name);
      return rows.filter((t) => t.entity === 'fb_responses' || t.kind === 'manual').map(presentTrigger);
    },
  });
}
