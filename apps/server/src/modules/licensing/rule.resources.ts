import {
  type LicenseRuleInput,
  licenseRuleInput,
  licenseRuleOutput,
  ruleEntities,
} from '@licensure/contracts';
import { licenseRuleFields, licenseRules } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { refTarget } from '../../platform/resources/references';
import type { Resource, Row } from '../../platform/resources/types';
import { enterpriseToday, loadRules, writeRuleClauses } from './rule-store';

const licenseId = z.uuid({ message: 'license_id must be a valid id' });

/**
 * Licence rules: conditions over a person's, service's or vehicle's record that a licence's
 * eligibility, queries and tasks use. Each save replaces the rule's clauses, checked by compiling
 * the rule, so a rule that cannot run is never stored.
 */
export const licenseRuleResource: Resource = {
  path: 'licenserules',
  entity: 'license_rules',
  wrapper: 'license_rule',
  singular: 'licence rule',
  tags: ['licensing'],
  table: licenseRules,
  read: 'licensing.read',
  write: 'licensing.write',
  input: licenseRuleInput,
  output: licenseRuleOutput,
  filters: {
    licenseID: { column: licenseRules.license_id, schema: licenseId },
    license_id: { column: licenseRules.license_id, schema: licenseId },
    entity: { column: licenseRules.entity, schema: z.enum(ruleEntities) },
  },
  search: [licenseRules.name],
  sort: {
    name: sql`${licenseRules.name}`,
    updated_at: licenseRules.updated_at,
    created_at: licenseRules.created_at,
  },
  defaultSort: 'name',
  refs: { license_id: refTarget('licenses') },
  nestedRefs: {
    'license_rule_field_values[].license_rule_field_id': { table: licenseRuleFields, what: 'rule field' },
  },
  hooks: {
    afterChange: async (row, ctx) => {
      if (ctx.operation === 'delete') return;
      const input = ctx.input as LicenseRuleInput;
      const today = await enterpriseToday(ctx.tx, ctx.enterpriseId);
      await writeRuleClauses(ctx.tx, ctx.enterpriseId, row.id as string, input, today);
    },
    expand: async (rows, db) => (await loadRules(db, rows as never)) as unknown as Row[],
  },
};
