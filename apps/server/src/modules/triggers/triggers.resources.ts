import {
  triggerConfigurationInput,
  triggerConfigurationOutput,
  triggerInput,
  triggerListOutput,
} from '@licensure/contracts';
import { referenceTables, triggerConfigurations, triggers } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { pick } from '../../platform/resources/present';
import type { Resource } from '../../platform/resources/types';
import { configurationActivity, triggerActivity } from './activity';

const tags = ['triggers'];

const configurationKeys = Object.keys(
  triggerConfigurationOutput.shape,
) as (keyof typeof triggerConfigurationOutput.shape)[];

/** Trigger configurations: named sets of trigger actions, kept (soft-deleted) for their logs. */
const configuration = (path: string): Resource => ({
  path,
  entity: 'trigger_configurations',
  wrapper: 'trigger_configuration',
  singular: 'trigger configuration',
  tags,
  table: triggerConfigurations,
  read: 'triggers.read',
  write: 'triggers.write',
  input: triggerConfigurationInput,
  output: triggerConfigurationOutput,
  present: pick(configurationKeys),
  columns: configurationActivity,
  filters: {
    active: { column: triggerConfigurations.active },
    trigger_category_id: { column: triggerConfigurations.trigger_category_id },
  },
  search: [triggerConfigurations.name, triggerConfigurations.description],
  sort: {
    name: sql`lower(${triggerConfigurations.name})`,
    created_at: triggerConfigurations.created_at,
    updated_at: triggerConfigurations.updated_at,
  },
  defaultSort: 'name',
  softDelete: {},
  unique: { trigger_configurations_name_key: 'name' },
  refs: { trigger_category_id: { table: referenceTables.trigger_categories, what: 'trigger category' } },
});
export const triggerConfigurationResource = configuration('triggerconfigurations');
export const tgTriggerConfigurationResource = configuration('TGTriggerConfigurations');

const triggerKeys = Object.keys(triggerListOutput.shape) as (keyof typeof triggerListOutput.shape)[];

/**
 * Triggers: the platform's events and the manual triggers; staff rename, describe and switch them off.
 * Listed with when each last fired, how often, and how many firings failed.
 */
const trigger = (path: string, routes: Resource['routes']): Resource => ({
  path,
  entity: 'triggers',
  wrapper: 'trigger',
  singular: 'trigger',
  tags,
  table: triggers,
  read: 'triggers.read',
  write: 'triggers.write',
  routes,
  input: triggerInput,
  output: triggerListOutput,
  present: pick(triggerKeys),
  columns: triggerActivity,
  filters: {
    entity: { column: triggers.entity },
    kind: { column: triggers.kind, schema: z.enum(['event', 'manual']) },
    code: { column: triggers.code },
    active: { column: triggers.active },
  },
  search: [triggers.name, triggers.code],
  sort: {
    name: sql`lower(${triggers.name})`,
    code: triggers.code,
    entity: [triggers.entity, sql`lower(${triggers.name})`],
  },
  defaultSort: 'name',
});
export const triggerResource = trigger('triggers', {
  get: false,
  create: false,
  update: false,
  delete: false,
});
export const tgTriggerResource = trigger('TGTriggers', { create: false, delete: false });
