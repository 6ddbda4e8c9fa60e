import { certifications, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { enterpriseToday } from './rule-routes';
import { addMonthsClamped, formatDate } from './rules/relative-date';

let t: TestContext;
let today: string;
const yearsAgo = (n: number, days = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const field = (table_name: string, field_name: string, format: string, entity = 'user') => ({
  name: `${table_name}.${field_name}`,
  table_name,
  field_name,
  format,
  entity,
});
const adultRule = {
  name: 'Adults in Nebraska',
  license_rule_field_values: [
    { sort_order: 1, operator: '>=', value: '18', license_rule_field: field('users', 'birth_date', 'age') },
    {
      sort_order: 2,
      and_flag: true,
      operator: '=',
      value: 'NE',
      license_rule_field: field('users', 'state', 'string'),
    },
  ],
};

async function person(last_name: string, birth_date: string | null, state: string | null) {
  const [u] = await t.database.db
    .insert(users)
    .values({ enterprise_id: t.enterpriseId, first_name: 'Rule', last_name, birth_date, state, email: null })
    .returning();
  return u!;
}

beforeAll(async () => {
  t = await createTestContext();
  const d = await enterpriseToday(t.database.db, t.enterpriseId);
  today = formatDate(d);
});
afterAll(() => t?.close());

describe('licenserules', () => {
  it('creates, reads, lists, replaces and deletes a rule with its clauses', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserules',
      payload: { license_rule: adultRule },
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule.license_rule_field_values).toHaveLength(2);
    expect(rule.license_rule_field_values[0].license_rule_field).toMatchObject({
      table_name: 'users',
      format: 'age',
    });

    const one = await t.call(t.reviewer, { method: 'GET', url: `/api/licenserules/${rule.id}` });
    expect(one.statusCode).toBe(403); // the reviewer template has no licensing.read
    expect((await t.call(t.admin, { method: 'GET', url: `/api/licenserules/${rule.id}` })).json().name).toBe(
      'Adults in Nebraska',
    );
    const list = await t.call(t.admin, { method: 'GET', url: '/api/licenserules?search=adults' });
    expect(list.json().items.map((r: { id: string }) => r.id)).toContain(rule.id);

    // Reusing a rule field by id.
    const fieldId = rule.license_rule_field_values[1].license_rule_field_id;
    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/licenserules/${rule.id}`,
      payload: {
        license_rule: {
          name: 'Nebraskans',
          license_rule_field_values: [{ operator: '=', value: 'NE', license_rule_field_id: fieldId }],
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().license_rule_field_values).toHaveLength(1);

    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/licenserules/${rule.id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/licenserules/${rule.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses rules that cannot be compiled, naming the clause', async () => {
    const post = (license_rule: unknown) =>
      t.call(t.admin, { method: 'POST', url: '/api/licenserules', payload: { license_rule } });
    const notWhitelisted = await post({
      name: 'x',
      license_rule_field_values: [
        { operator: '=', value: 'x', license_rule_field: field('users', 'password_hash', 'string') },
      ],
    });
    expect(notWhitelisted.statusCode).toBe(400);
    expect(notWhitelisted.json().error.fields).toHaveProperty([
      'license_rule_field_values.0.license_rule_field',
    ]);
    const badDate = await post({
      name: 'x',
      license_rule_field_values: [
        { operator: '<', value: 'tomorrow', license_rule_field: field('users', 'birth_date', 'date') },
      ],
    });
    expect(badDate.json().error.fields).toHaveProperty(['license_rule_field_values.0.value']);
    const unbalanced = await post({
      name: 'x',
      license_rule_field_values: [
        {
          operator: '=',
          value: 'NE',
          left_parenthesis: '(',
          license_rule_field: field('users', 'state', 'string'),
        },
      ],
    });
    expect(unbalanced.json().error.fields).toHaveProperty(['license_rule_field_values']);
    expect((await post({ name: 'x', license_rule_field_values: [] })).statusCode).toBe(400);
    const badOperator = await post({
      name: 'x',
      license_rule_field_values: [
        { operator: 'drop', value: 'x', license_rule_field: field('users', 'state', 'string') },
      ],
    });
    expect(badOperator.json().error.fields).toHaveProperty(['license_rule_field_values.0.operator']);
    // Nothing half-written: no rule named x exists.
    const list = await t.call(t.admin, { method: 'GET', url: '/api/licenserules?search=x&numPerPage=100' });
    expect(list.json().items.filter((r: { name: string }) => r.name === 'x')).toHaveLength(0);
  });

  it('answers 401, 403 and 404', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/licenserules' })).statusCode).toBe(401);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/licenserules',
          payload: { license_rule: adultRule },
        })
      ).statusCode,
    ).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000001';
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/licenserules/${missing}`,
          payload: { license_rule: adultRule },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/licenserules/${missing}` })).statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/licenserules/not-an-id' })).statusCode).toBe(
      400,
    );
  });
});

describe('POST users/query', () => {
  it('returns the people matching every rule, evaluated in the database', async () => {
    const adult = await person('Queryadult', yearsAgo(30), 'NE');
    const justEighteen = await person('Queryeighteen', yearsAgo(18), 'NE');
    const almost = await person('Queryalmost', yearsAgo(18, 1), 'NE');
    await person('Queryiowan', yearsAgo(40), 'IA');
    await person('Querynobirth', null, 'NE');

    const rule = (
      await t.call(t.admin, {
        method: 'POST',
        url: '/api/licenserules',
        payload: { license_rule: adultRule },
      })
    ).json();
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users/query',
      payload: { licenseRuleIds: [rule.id], numPerPage: 100 },
    });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .items.map((u: { last_name: string }) => u.last_name)
      .filter((n: string) => n.startsWith('Query'));
    expect(names.sort()).toEqual(['Queryadult', 'Queryeighteen']);
    expect(names).not.toContain(almost.last_name);
    expect(res.json().total).toBeGreaterThanOrEqual(2);

    // A second rule: a credential expiring within 6 months (exists over certifications).
    await t.database.db.insert(certifications).values({
      enterprise_id: t.enterpriseId,
      user_id: justEighteen.id,
      number: 'Q-1',
      expiration_date: formatDate(addMonthsClamped(await enterpriseToday(t.database.db, t.enterpriseId), 2)),
    });
    await t.database.db.insert(certifications).values({
      enterprise_id: t.enterpriseId,
      user_id: adult.id,
      number: 'Q-2',
      expiration_date: yearsAgo(-3),
    });
    const expiring = (
      await t.call(t.admin, {
        method: 'POST',
        url: '/api/licenserules',
        payload: {
          license_rule: {
            name: 'Expiring soon',
            license_rule_field_values: [
              {
                operator: '<=',
                value: '6 months',
                license_rule_field: field('certifications', 'expiration_date', 'date'),
              },
            ],
          },
        },
      })
    ).json();
    const both = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users/query',
      payload: { licenseRuleIds: [rule.id, expiring.id] },
    });
    expect(both.json().items.map((u: { id: string }) => u.id)).toEqual([justEighteen.id]);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, justEighteen.id));
    expect(stored?.last_name).toBe('Queryeighteen');
  });

  it('answers 400 naming licenseRuleIds, 401 and 403', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users/query',
      payload: { licenseRuleIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['licenseRuleIds']);
    const unknown = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users/query',
      payload: { licenseRuleIds: ['00000000-0000-4000-8000-000000000002'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.licenseRuleIds).toMatch(/no licence rule/);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/users/query', payload: { licenseRuleIds: [] } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/users/query',
          payload: { licenseRuleIds: ['00000000-0000-4000-8000-000000000002'] },
        })
      ).statusCode,
    ).toBe(403);
  });
});
