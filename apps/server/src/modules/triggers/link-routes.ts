import {
  triggerConfigurationTriggerBody,
  triggerConfigurationTriggerOutput,
  triggerConfigurationTriggerRemoveBody,
  triggerLogOutput,
} from '@licensure/contracts';
import { triggerConfigurationTriggers, triggerLogs } from '@licensure/db';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import type { BodyRefs } from '../../platform/resources/references';
import { idParams } from '../../platform/resources/register';
import { selectLogs } from './fire';
import { loadGraph, presentLink, selectLinks } from './graph';
import { removeLink, saveLink } from './save-link';

const tags = ['triggers'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const links = z.array(triggerConfigurationTriggerOutput);

const action = (field: string) => `trigger_configuration_trigger.actions[].${field}`;
/** What the actions of a configuration trigger name, by field (each of the caller's enterprise). */
const actionRefs: BodyRefs = {
  [action('user_status_id')]: 'user_statuses',
  [action('attendee_status_id')]: 'attendee_statuses',
  [action('license_category_id')]: 'license_categories',
  [action('certification_status_id')]: 'license_category_certification_statuses',
  [action('alert_type_id')]: 'alert_types',
  [action('policy_status_id')]: 'policy_statuses',
  [action('license_request_status_id')]: 'license_request_statuses',
  [action('process_id')]: 'process',
  [action('process_status_id')]: 'process_statuses',
  [action('form_package_id')]: 'fbpackages',
  [action('form_id')]: 'fbforms',
  [action('merge_template_id')]: 'merge_templates',
  [action('license_status_id')]: 'license_statuses',
  [action('transaction_status_id')]: 'transaction_statuses',
  [action('next_trigger_id')]: 'triggers',
  'trigger_configuration_trigger.trigger_configuration_id': 'trigger_configurations',
  'trigger_configuration_trigger.trigger_id': 'triggers',
};

/** triggerconfigurationtriggers: a configuration's ordered actions for one trigger, and their firing logs. */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const mine = (enterpriseId: string, ...more: (SQL | undefined)[]) =>
    and(eq(triggerConfigurationTriggers.enterprise_id, enterpriseId), ...more);
  const present = async (enterpriseId: string, where: SQL | undefined) => {
    const [rows, graph] = await Promise.all([selectLinks(db, where), loadGraph(db, enterpriseId)]);
    return rows.map((row) => presentLink(row, graph));
  };
  const one = async (enterpriseId: string, id: string) => {
    const [found] = await present(enterpriseId, mine(enterpriseId, eq(triggerConfigurationTriggers.id, id)));
    if (!found) throw notFound('trigger configuration trigger');
    return found;
  };

  r.get('/api/triggerconfigurationtriggers', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'Configuration triggers, of one configuration when named (removed ones included, flagged)',
      querystring: z.object({ trigger_configuration_id: uuid('trigger_configuration_id').optional() }),
      response: { 200: links },
    },
    handler: (request) => {
      const config = request.query.trigger_configuration_id;
      return present(
        request.enterpriseId,
        mine(
          request.enterpriseId,
          config ? eq(triggerConfigurationTriggers.trigger_configuration_id, config) : undefined,
        ),
      );
    },
  });

  r.get('/api/triggerconfigurationtriggers/getbytriggerid', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'The configuration triggers listening to one trigger',
      querystring: z.object({ trigger_id: uuid('trigger_id') }),
      response: { 200: links },
    },
    handler: (request) =>
      present(
        request.enterpriseId,
        mine(request.enterpriseId, eq(triggerConfigurationTriggers.trigger_id, request.query.trigger_id)),
      ),
  });

  r.get('/api/triggerconfigurationtriggers/getlogs', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: "A configuration trigger's firings, newest first, with each action's outcome",
      querystring: z.object({ id: uuid('id') }),
      response: { 200: z.array(triggerLogOutput) },
    },
    handler: async (request) => {
      await one(request.enterpriseId, request.query.id);
      return selectLogs(
        db,
        and(
          eq(triggerLogs.enterprise_id, request.enterpriseId),
          eq(triggerLogs.trigger_configuration_trigger_id, request.query.id),
        ),
      );
    },
  });

  r.get('/api/triggerconfigurationtriggers/getbyobject', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'Every firing on one object (a request, credential, response or document), newest first',
      querystring: z.object({ object_id: uuid('object_id') }),
      response: { 200: z.array(triggerLogOutput) },
    },
    handler: (request) =>
      selectLogs(
        db,
        and(
          eq(triggerLogs.enterprise_id, request.enterpriseId),
          eq(triggerLogs.object_id, request.query.object_id),
        ),
      ),
  });

  r.get('/api/triggerconfigurationtriggers/:id', {
    config: { access: 'triggers.read' },
    schema: {
      tags,
      summary: 'One configuration trigger',
      params: idParams,
      response: { 200: triggerConfigurationTriggerOutput },
    },
    handler: (request) => one(request.enterpriseId, request.params.id),
  });

  r.post('/api/triggerconfigurationtriggers/save', {
    config: { access: 'triggers.write', refs: actionRefs },
    schema: {
      tags,
      summary: 'Save a configuration trigger (its ordered actions); skipped, answering null, without an id',
      body: triggerConfigurationTriggerBody,
      response: { 200: triggerConfigurationTriggerOutput.nullable() },
    },
    handler: async (request) => {
      const id = await saveLink(db, request, request.body.trigger_configuration_trigger);
      return id ? one(request.enterpriseId, id) : null;
    },
  });

  r.post('/api/triggerconfigurationtriggers/remove', {
    config: { access: 'triggers.write' },
    schema: {
      tags,
      summary: 'Remove a configuration trigger: its actions are cleared and it is kept, flagged as removed',
      body: triggerConfigurationTriggerRemoveBody,
      response: { 200: triggerConfigurationTriggerOutput },
    },
    handler: async (request) => {
      const { id } = request.body.trigger_configuration_trigger;
      await removeLink(db, request, id);
      return one(request.enterpriseId, id);
    },
  });
}
