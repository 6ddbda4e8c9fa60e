import {
  type LicenseRuleInput,
  type LicenseRuleOutput,
  licenseRuleOutput,
  licenseRuleSaveBody,
  listQuery,
  listResponse,
  usersQueryBody,
} from '@licensure/contracts';
import {
  type Db,
  enterprises,
  licenseRuleFields,
  licenseRuleFieldValues,
  licenseRules,
  licenses,
  type Tx,
  users,
} from '@licensure/db';
import { and, asc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { countAll, likeContains, sortTerm } from '../../platform/resources/list-query';
import { compileRule, RuleError, type RuleFieldValue, ruleWhitelist } from './rules/compile';
import { type CalendarDate, todayIn } from './rules/relative-date';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const listRulesQuery = listQuery.extend({
  licenseID: z.uuid({ message: 'licenseID must be a valid id' }).optional(),
  license_id: z.uuid({ message: 'license_id must be a valid id' }).optional(),
  entity: z.enum(['user', 'service', 'vehicle']).optional(),
});

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

/** licenserules CRUD and users/query. */
export async function ruleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  const findRule = async (dbOrTx: Db | Tx, enterpriseId: string, id: string) => {
    const [row] = await dbOrTx
      .select()
      .from(licenseRules)
      .where(and(eq(licenseRules.id, id), eq(licenseRules.enterprise_id, enterpriseId)));
    if (!row) throw notFound('licence rule');
    return row;
  };

  const requireLicense = async (tx: Tx, enterpriseId: string, id: string | null | undefined) => {
    if (!id) return;
    const [l] = await tx
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.id, id), eq(licenses.enterprise_id, enterpriseId), isNull(licenses.deleted_at)));
    if (!l) throw badRequest({ license_id: 'There is no such licence.' });
  };

  r.get('/api/licenserules', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'List licence rules (filter licenseID)',
      querystring: listRulesQuery,
      response: { 200: listResponse(licenseRuleOutput) },
    },
    handler: async (request) => {
      const q = request.query;
      const conditions: (SQL | undefined)[] = [eq(licenseRules.enterprise_id, request.enterpriseId)];
      const licenseId = q.licenseID ?? q.license_id;
      if (licenseId) conditions.push(eq(licenseRules.license_id, licenseId));
      if (q.entity) conditions.push(eq(licenseRules.entity, q.entity));
      if (q.search?.trim()) conditions.push(ilike(licenseRules.name, likeContains(q.search.trim())));
      const order = sortTerm(
        {
          name: sql`${licenseRules.name}`,
          updated_at: sql`${licenseRules.updated_at}`,
          created_at: sql`${licenseRules.created_at}`,
        },
        q,
        'name',
      );
      const where = and(...conditions);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(licenseRules)
          .where(where)
          .orderBy(order, asc(licenseRules.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ n: countAll }).from(licenseRules).where(where),
      ]);
      return {
        items: await loadRules(db, rows),
        total: count?.n ?? 0,
        currentPage: q.currentPage,
        numPerPage: q.numPerPage,
      };
    },
  });

  r.get('/api/licenserules/:id', {
    config: { access: 'licensing.read' },
    schema: {
      tags,
      summary: 'One licence rule with its clauses',
      params: idParams,
      response: { 200: licenseRuleOutput },
    },
    handler: async (request) => {
      const row = await findRule(db, request.enterpriseId, request.params.id);
      const [rule] = await loadRules(db, [row]);
      return rule as LicenseRuleOutput;
    },
  });

  r.post('/api/licenserules', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Create a licence rule: {license_rule} with its clauses (checked by compiling it)',
      body: licenseRuleSaveBody,
      response: { 200: licenseRuleOutput },
    },
    handler: async (request) => {
      const input = request.body.license_rule;
      const today = await enterpriseToday(db, request.enterpriseId);
      const row = await db.transaction(async (tx) => {
        await requireLicense(tx, request.enterpriseId, input.license_id);
        const [created] = await tx
          .insert(licenseRules)
          .values({
            enterprise_id: request.enterpriseId,
            name: input.name,
            description: input.description ?? null,
            license_id: input.license_id ?? null,
            entity: input.entity,
            active: input.active,
          })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await writeRuleClauses(tx, request.enterpriseId, created.id, input, today);
        await recordChange(tx, actorOf(request), {
          entity: 'license_rules',
          objectId: created.id,
          action: 'create',
          after: input,
        });
        return created;
      });
      const [rule] = await loadRules(db, [row]);
      return rule as LicenseRuleOutput;
    },
  });

  r.put('/api/licenserules/:id', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Replace a licence rule and its clauses',
      params: idParams,
      body: licenseRuleSaveBody,
      response: { 200: licenseRuleOutput },
    },
    handler: async (request) => {
      const input = request.body.license_rule;
      const today = await enterpriseToday(db, request.enterpriseId);
      const row = await db.transaction(async (tx) => {
        const before = await findRule(tx, request.enterpriseId, request.params.id);
        await requireLicense(tx, request.enterpriseId, input.license_id);
        const [updated] = await tx
          .update(licenseRules)
          .set({
            name: input.name,
            description: input.description ?? null,
            license_id: input.license_id ?? null,
            entity: input.entity,
            active: input.active,
            updated_at: new Date(),
          })
          .where(eq(licenseRules.id, before.id))
          .returning();
        if (!updated) throw notFound('licence rule');
        await writeRuleClauses(tx, request.enterpriseId, updated.id, input, today);
        await recordChange(tx, actorOf(request), {
          entity: 'license_rules',
          objectId: updated.id,
          action: 'update',
          before,
          after: input,
        });
        return updated;
      });
      const [rule] = await loadRules(db, [row]);
      return rule as LicenseRuleOutput;
    },
  });

  r.delete('/api/licenserules/:id', {
    config: { access: 'licensing.write' },
    schema: {
      tags,
      summary: 'Delete a licence rule',
      params: idParams,
      response: { 200: z.object({ deleted: z.boolean() }) },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const before = await findRule(tx, request.enterpriseId, request.params.id);
        await tx.delete(licenseRules).where(eq(licenseRules.id, before.id));
        await recordChange(tx, actorOf(request), {
          entity: 'license_rules',
          objectId: before.id,
          action: 'delete',
          before,
        });
      });
      return { deleted: true };
    },
  });

  r.post('/api/users/query', {
    config: { access: 'users.read' },
    schema: {
      tags: ['users'],
      summary: 'People who match every given licence rule (person rules only)',
      body: usersQueryBody,
      response: {
        200: listResponse(
          z.object({
            id: z.uuid(),
            first_name: z.string().nullable(),
            last_name: z.string().nullable(),
            email: z.string().nullable(),
            birth_date: z.string().nullable(),
            national_ems_id: z.string().nullable(),
          }),
        ),
      },
    },
    handler: async (request) => {
      const body = request.body;
      const ids = [...new Set(body.licenseRuleIds)];
      const rows = await db
        .select()
        .from(licenseRules)
        .where(and(eq(licenseRules.enterprise_id, request.enterpriseId), inArray(licenseRules.id, ids)));
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing) throw badRequest({ licenseRuleIds: `There is no licence rule ${missing}.` });
      const notPeople = rows.find((r) => r.entity !== 'user');
      if (notPeople)
        throw badRequest({
          licenseRuleIds: `${notPeople.name} is a rule for ${notPeople.entity}s, not people.`,
        });
      const today = await enterpriseToday(db, request.enterpriseId);
      const rules = await loadRules(db, rows);
      let conditions: SQL[];
      try {
        conditions = rules.map((rule) => ruleCondition(rule, today));
      } catch (err) {
        if (err instanceof RuleError) throw badRequest({ licenseRuleIds: err.message });
        throw err;
      }
      const where = and(
        eq(users.enterprise_id, request.enterpriseId),
        isNull(users.deleted_at),
        ...conditions,
      );
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: users.id,
            first_name: users.first_name,
            last_name: users.last_name,
            email: users.email,
            birth_date: users.birth_date,
            national_ems_id: users.national_ems_id,
          })
          .from(users)
          .where(where)
          .orderBy(sql`${users.last_name} collate "C"`, sql`${users.first_name} collate "C"`, asc(users.id))
          .limit(body.numPerPage)
          .offset((body.currentPage - 1) * body.numPerPage),
        db.select({ n: countAll }).from(users).where(where),
      ]);
      return { items, total: count?.n ?? 0, currentPage: body.currentPage, numPerPage: body.numPerPage };
    },
  });
}
