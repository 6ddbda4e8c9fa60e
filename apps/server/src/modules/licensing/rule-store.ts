// Licence rules as stored: loading them with their clauses, writing clauses, compiling conditions.
import type { LicenseRuleInput, LicenseRuleOutput } from '@licensure/contracts';
import {
  type Db,
  enterprises,
  licenseRuleFields,
  licenseRuleFieldValues,
  type licenseRules,
  type Tx,
} from '@licensure/db';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { compileRule, RuleError, type RuleFieldValue, ruleWhitelist } from './rules/compile';
import { type CalendarDate, todayIn } from './rules/relative-date';

/** Today in the enterprise's time zone: relative rule dates count from there. */
export async function enterpriseToday(db: Db | Tx, enterpriseId: string): Promise<CalendarDate> {
  const [e] = await db
    .select({ time_zone: enterprises.time_zone })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  try {
    return todayIn(e?.time_zone ?? 'UTC');
  } catch {
    return todayIn('UTC');
  }
}

type RuleRow = typeof licenseRules.$inferSelect;

export async function loadRules(db: Db | Tx, rows: RuleRow[]): Promise<LicenseRuleOutput[]> {
  if (rows.length === 0) return [];
  const values = await db
    .select({ value: licenseRuleFieldValues, field: licenseRuleFields })
    .from(licenseRuleFieldValues)
    .innerJoin(licenseRuleFields, eq(licenseRuleFields.id, licenseRuleFieldValues.license_rule_field_id))
    .where(
      inArray(
        licenseRuleFieldValues.license_rule_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(licenseRuleFieldValues.sort_order), asc(licenseRuleFieldValues.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    license_id: r.license_id,
    entity: r.entity,
    active: r.active,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    license_rule_field_values: values
      .filter((v) => v.value.license_rule_id === r.id)
      .map(({ value, field }) => ({
        id: value.id,
        sort_order: value.sort_order,
        and_flag: value.and_flag,
        left_parenthesis: value.left_parenthesis,
        right_parenthesis: value.right_parenthesis,
        operator: value.operator,
        value: value.value,
        license_rule_field_id: field.id,
        license_rule_field: {
          id: field.id,
          name: field.name,
          alias: field.alias,
          table_name: field.table_name,
          field_name: field.field_name,
          format: field.format,
          entity: field.entity,
        },
      })),
  }));
}

/** The compiled condition of stored rules, with the 400 a broken one deserves. */
export function ruleCondition(rule: LicenseRuleOutput, today: CalendarDate): SQL {
  return compileRule(rule.license_rule_field_values as RuleFieldValue[], rule.entity, today);
}

/**
 * Resolves each clause's rule field (by id, or found or added by table, field and format), checks it
 * against the whitelist and compiles the rule, so a rule that cannot run is never stored.
 */
async function resolveFields(
  tx: Tx,
  enterpriseId: string,
  input: Pick<LicenseRuleInput, 'entity' | 'license_rule_field_values'>,
  today: CalendarDate,
) {
  const resolved: { fieldId: string; clause: RuleFieldValue }[] = [];
  for (const [i, v] of input.license_rule_field_values.entries()) {
    let field: typeof licenseRuleFields.$inferSelect | undefined;
    if (v.license_rule_field_id) {
      [field] = await tx
        .select()
        .from(licenseRuleFields)
        .where(
          and(
            eq(licenseRuleFields.id, v.license_rule_field_id),
            eq(licenseRuleFields.enterprise_id, enterpriseId),
          ),
        );
      if (!field)
        throw badRequest({
          [`license_rule_field_values.${i}.license_rule_field_id`]: 'There is no such rule field.',
        });
    } else if (v.license_rule_field) {
      const f = v.license_rule_field;
      if (!ruleWhitelist[f.table_name]?.columns[f.field_name])
        throw badRequest({
          [`license_rule_field_values.${i}.license_rule_field`]: `${f.table_name}.${f.field_name} cannot be used in rules`,
        });
      [field] = await tx
        .insert(licenseRuleFields)
        .values({ ...f, alias: f.alias ?? null, enterprise_id: enterpriseId })
        .onConflictDoUpdate({
          target: [
            licenseRuleFields.enterprise_id,
            licenseRuleFields.entity,
            licenseRuleFields.table_name,
            licenseRuleFields.field_name,
            licenseRuleFields.format,
          ],
          set: { name: f.name, alias: f.alias ?? null, updated_at: new Date() },
        })
        .returning();
    }
    if (!field) throw badRequest({ [`license_rule_field_values.${i}.license_rule_field`]: 'is required' });
    resolved.push({
      fieldId: field.id,
      clause: {
        sort_order: v.sort_order,
        and_flag: v.and_flag,
        left_parenthesis: v.left_parenthesis ?? null,
        right_parenthesis: v.right_parenthesis ?? null,
        operator: v.operator,
        value: v.value ?? null,
        license_rule_field: field,
      },
    });
  }
  try {
    compileRule(
      resolved.map((r) => r.clause),
      input.entity,
      today,
    );
  } catch (err) {
    if (err instanceof RuleError) throw badRequest({ [err.field]: err.message });
    throw err;
  }
  return resolved;
}

/** Parentheses as stored: the characters themselves, or null. */
const parens = (v: string | number | null | undefined, char: '(' | ')') =>
  (typeof v === 'number' ? char.repeat(v) : (v ?? '').replace(/\s/g, '')) || null;

/** Replaces a rule's clauses, resolving and checking their fields first (400 naming the clause). */
export async function writeRuleClauses(
  tx: Tx,
  enterpriseId: string,
  ruleId: string,
  input: Pick<LicenseRuleInput, 'entity' | 'license_rule_field_values'>,
  today: CalendarDate,
): Promise<void> {
  const resolved = await resolveFields(tx, enterpriseId, input, today);
  await tx.delete(licenseRuleFieldValues).where(eq(licenseRuleFieldValues.license_rule_id, ruleId));
  await tx.insert(licenseRuleFieldValues).values(
    resolved.map(({ fieldId, clause }) => ({
      license_rule_id: ruleId,
      license_rule_field_id: fieldId,
      sort_order: clause.sort_order,
      and_flag: clause.and_flag,
      left_parenthesis: parens(clause.left_parenthesis, '('),
      right_parenthesis: parens(clause.right_parenthesis, ')'),
      operator: clause.operator,
      value: clause.value,
    })),
  );
}
