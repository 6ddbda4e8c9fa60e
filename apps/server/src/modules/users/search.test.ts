import { randomBytes } from 'node:crypto';
import { certification_levels, certifications, enterprises } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({ SSN_KEY: randomBytes(32).toString('base64') });
  const people = [
    {
      key: 'smith',
      first_name: 'Alex',
      last_name: 'Smith',
      ssn: '111-22-3333',
      city: 'Austin',
      state: 'TX',
      birth_date: '1980-02-03',
      national_ems_id: 'E100200',
      phone: '(512) 555-0101',
      street: '12 Oak Lane',
    },
    {
      key: 'smithers',
      first_name: 'Blair',
      last_name: 'Smithers',
      ssn: '444-55-3333',
      city: 'Houston',
      state: 'TX',
      email: 'blair@example.org',
    },
    {
      key: 'goldsmith',
      first_name: 'Casey',
      last_name: 'Goldsmith',
      city: 'Austin',
      state: 'TX',
      account_identifier: 'ACC-77',
    },
  ];
  for (const { key, ...user } of people) {
    const res = await t.call(t.admin, { method: 'POST', url: '/api/users', payload: { user } });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
  }
  const [level] = await t.database.db
    .insert(certification_levels)
    .values({ enterprise_id: t.enterpriseId, label: 'Paramedic Level X' })
    .returning();
  await t.database.db.insert(certifications).values([
    {
      enterprise_id: t.enterpriseId,
      user_id: ids.smith!,
      number: 'P-5001',
      certification_level_id: level!.id,
      expiration_date: '2030-06-30',
    },
    { enterprise_id: t.enterpriseId, user_id: ids.goldsmith!, number: 'E-9001', status: 'expired' },
  ]);
});
afterAll(async () => t?.close());

const search = (body: object, caller = t.admin, url = '/api/users/search') =>
  t.call(caller, { method: 'POST', url, payload: body });
const names = (res: { json(): unknown }) =>
  (res.json() as { last_name: string }[]).map((u) => u.last_name).sort();

describe('users/search and elite/userlookup', () => {
  it('answers [] when no search text or field is given', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await search({ search: '   ' })).json()).toEqual([]);
  });

  it('finds people by name prefix, "last, first", and each lookup field', async () => {
    expect(names(await search({ last_name: 'smi' }))).toEqual(['Smith', 'Smithers']);
    expect(names(await search({ last_name: 'SMITH', first_name: 'b' }))).toEqual(['Smithers']);
    expect(names(await search({ search: 'smith, alex' }))).toEqual(['Smith']);
    // Free text matches name prefixes (so an index serves it in result order), not inner pieces.
    expect(names(await search({ search: 'smith' }))).toEqual(['Smith', 'Smithers']);
    // ...and first names, emails, national EMS ids and account identifiers, each by prefix.
    expect(names(await search({ search: 'ALE' }))).toEqual(['Smith']);
    expect(names(await search({ search: 'blair@ex' }))).toEqual(['Smithers']);
    expect(names(await search({ search: 'e1002' }))).toEqual(['Smith']);
    expect(names(await search({ search: 'Acc-7' }))).toEqual(['Goldsmith']);
    expect(names(await search({ search: 'smiths' }))).toEqual([]);
    expect(names(await search({ birth_date: '1980-02-03' }))).toEqual(['Smith']);
    expect(names(await search({ national_ems_id: 'e100' }))).toEqual(['Smith']);
    expect(names(await search({ account_identifier: 'acc-7' }))).toEqual(['Goldsmith']);
    expect(names(await search({ email: 'BLAIR@' }))).toEqual(['Smithers']);
    expect(names(await search({ phone: '555-0101' }))).toEqual(['Smith']);
    expect(names(await search({ street: 'oak' }))).toEqual(['Smith']);
    expect(names(await search({ city: 'austin', state: 'tx' }))).toEqual(['Goldsmith', 'Smith']);
    expect(names(await search({ last_name: 'smi' }, t.admin, '/api/elite/userlookup'))).toEqual([
      'Smith',
      'Smithers',
    ]);
    expect(names(await search({ last_name: '%' }))).toEqual([]);
    expect(names(await search({ license_number: 'p-50' }))).toEqual(['Smith']);
  });

  it('answers free text by first names in name order, a page at a time, across every first name of the prefix', async () => {
    // Five people whose first names start with "wil" under three first names, and one whose last name
    // does: the walk reads each first name's own page and merges them in (last, first) order.
    const made: [string, string][] = [
      ['Wilma', 'Young'],
      ['William', 'Abbot'],
      ['Willie', 'Abbot'],
      ['William', 'Zane'],
      ['Wilma', 'Baker'],
      ['Quinn', 'Wilder'],
    ];
    for (const [first_name, last_name] of made) {
      const res = await t.call(t.admin, {
        method: 'POST',
        url: '/api/users',
        payload: { user: { first_name, last_name } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const inOrder = (res: { json(): unknown }) =>
      (res.json() as { first_name: string; last_name: string }[]).map(
        (u) => `${u.last_name}, ${u.first_name}`,
      );
    const all = [
      'Abbot, William',
      'Abbot, Willie',
      'Baker, Wilma',
      'Wilder, Quinn',
      'Young, Wilma',
      'Zane, William',
    ];
    expect(inOrder(await search({ search: 'WIL' }))).toEqual(all);
    expect(inOrder(await search({ search: 'wil', numPerPage: 2, currentPage: 2 }))).toEqual(all.slice(2, 4));
    expect(inOrder(await search({ search: 'wil', numPerPage: 2, currentPage: 3 }))).toEqual(all.slice(4, 6));
    expect(inOrder(await search({ search: 'willi' }))).toEqual([
      'Abbot, William',
      'Abbot, Willie',
      'Zane, William',
    ]);
  });

  it('lists summaries: enough to tell people apart, not the whole record', async () => {
    const [smith] = (await search({ last_name: 'smith', first_name: 'alex' })).json() as Record<
      string,
      unknown
    >[];
    expect(Object.keys(smith!).sort()).toEqual(
      [
        'account_identifier',
        'birth_date',
        'city',
        'email',
        'first_name',
        'id',
        'is_staff',
        'last_name',
        'middle_name',
        'national_ems_id',
        'phone',
        'ssn',
        'state',
        'suffix',
        'user_name',
        'user_status_id',
      ].sort(),
    );
    expect(smith).toMatchObject({
      id: ids.smith,
      birth_date: '1980-02-03',
      ssn: '***-**-3333',
      is_staff: false,
    });
  });

  it('masks the SSN and matches it by last 4 or in full for users.ssn holders only', async () => {
    const byLast4 = await search({ ssn: '3333' });
    expect(names(byLast4)).toEqual(['Smith', 'Smithers']);
    expect((byLast4.json() as { ssn: string }[]).every((u) => u.ssn === '***-**-3333')).toBe(true);
    expect(names(await search({ ssn: '444-55-3333' }))).toEqual(['Smithers']);
    expect(names(await search({ ssn: '444553333', last_name: 'smith' }))).toEqual(['Smithers']);
    expect((await search({ ssn: '3333' }, t.reviewer)).statusCode).toBe(403);
    expect((await search({ ssn: '33' })).statusCode).toBe(400);
  });

  it('answers 401 and 403, and 400 for a bad field', async () => {
    expect((await search({ last_name: 'smi' }, null as never)).statusCode).toBe(401);
    expect((await search({ last_name: 'smi' }, t.nobody)).statusCode).toBe(403);
    expect((await search({ birth_date: 'yesterday' })).statusCode).toBe(400);
  });

  it('writes name searches so the platform indexes can serve them', async () => {
    // Planner check on the statement shape the search uses (seqscan off so a usable index is chosen).
    const db = t.database.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from users where lower(last_name) like 'smi%'`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toMatch(/users_last_name_(prefix|trgm)_idx/);
    const contains = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from users where lower(last_name) like '%mit%'`);
    });
    expect(JSON.stringify((contains as unknown as { rows: unknown[] }).rows)).toMatch(
      /users_last_name_trgm_idx/,
    );
  });

  it('bounds prefixes by ranges, which a plan made once for every value still reads by index', async () => {
    const db = t.database.db;
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(
        sql.raw(`prepare by_name(uuid, text, text) as select id from users
        where enterprise_id = $1 and deleted_at is null
          and lower(last_name) collate "C" >= $2 and lower(last_name) collate "C" < $3
        order by lower(last_name) collate "C", lower(first_name) collate "C", id limit 50`),
      );
      await tx.execute(
        sql.raw(`prepare by_email(text, text) as select id from users
        where deleted_at is null and lower(email) ~>=~ $1 and lower(email) ~<~ $2 limit 50`),
      );
      const name = await tx.execute(sql.raw(`explain execute by_name('${t.enterpriseId}', 'smi', 'smj')`));
      const email = await tx.execute(sql.raw(`explain execute by_email('blair@', 'blair@')`));
      await tx.execute(sql.raw('deallocate by_name'));
      await tx.execute(sql.raw('deallocate by_email'));
      return [name, email].map((p) => JSON.stringify((p as unknown as { rows: unknown[] }).rows));
    });
    // On a PostgreSQL server the searches' own pool keeps one plan a statement.
    if (t.database.kind === 'postgres') {
      const mode = await t.database.planned.execute(sql`show plan_cache_mode`);
      expect(JSON.stringify((mode as unknown as { rows: unknown[] }).rows)).toContain('force_generic_plan');
    } else expect(t.database.planned).toBe(t.database.db);
    expect(plans[0]).toMatch(/users_name_order_idx/);
    expect(plans[0]).toMatch(/\$2/);
    expect(plans[1]).toMatch(/users_email_cover_idx/);
  });
});

describe('PublicLookupUser and getuserlookupcount', () => {
  const lookup = (body: object, url = '/api/PublicLookupUser') =>
    t.call(null, { method: 'POST', url, payload: body });

  it('finds licences by name or number with public fields only', async () => {
    const res = await lookup({ last_name: 'smith' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        user_id: ids.smith,
        first_name: 'Alex',
        middle_name: null,
        last_name: 'Smith',
        suffix: null,
        city: 'Austin',
        state: 'TX',
        license_number: 'P-5001',
        level: 'Paramedic Level X',
        status: 'active',
        expiration_date: '2030-06-30',
        credential: {
          number: 'P-5001',
          license_name: null,
          title: 'Paramedic Level X',
          level_label: 'Paramedic Level X',
          holder_name: 'Alex Smith',
          status: 'active',
          status_label: 'Active',
          issue_date: null,
          expiration_date: '2030-06-30',
        },
      },
    ]);
    expect((await lookup({ license_number: 'e-90' })).json()[0]).toMatchObject({
      last_name: 'Goldsmith',
      status: 'expired',
    });
    expect((await lookup({ last_name: 'smith' }, '/api/getuserlookupcount')).json()).toEqual({ count: 1 });
    expect((await lookup({ city: 'austin' }, '/api/getuserlookupcount')).json()).toEqual({ count: 2 });
  });

  it('does not search by private fields, and answers nothing without criteria', async () => {
    expect((await lookup({})).json()).toEqual([]);
    expect((await lookup({ birth_date: '1980-02-03' })).json()).toEqual([]);
    expect((await lookup({ ssn: '3333' })).json()).toEqual([]);
    expect((await lookup({}, '/api/getuserlookupcount')).json()).toEqual({ count: 0 });
    expect((await lookup({ birth_date: 'x' })).statusCode).toBe(400);
  });

  it('answers 404 when the enterprise turned the public lookup off', async () => {
    await t.database.db
      .update(enterprises)
      .set({ public_lookup_enabled: false })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      expect((await lookup({ last_name: 'smith' })).statusCode).toBe(404);
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ public_lookup_enabled: true })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('is rate limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 35; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/getuserlookupcount',
          payload: { last_name: 'x' },
          remoteAddress: '10.9.9.9',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
