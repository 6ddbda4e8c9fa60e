import { listResponse, usersQueryBody } from '@licensure/contracts';
import { licenseRules, users } from '@licensure/db';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { countAll } from '../../platform/resources/list-query';
import { registerResource } from '../../platform/resources/register';
import { licenseRuleResource } from './rule.resources';
import { RuleError } from './rules/compile';

// What other modules import of rules lives in rule-store.ts; kept here for their imports.
export { enterpriseToday, loadRules, ruleCondition, writeRuleClauses } from './rule-store';

import { enterpriseToday, loadRules, ruleCondition } from './rule-store';

/** licenserules (on the resource engine) and users/query. */
export async function ruleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, licenseRuleResource);

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
