import { randomBytes } from 'node:crypto';
import {
  accessLog,
  alerts,
  certifications,
  createSecurityTemplate,
  createUser,
  dataChangeLog,
  enterprises,
  servicePersonnel,
  services,
  userQualifications,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

const SSN_KEY = randomBytes(32).toString('base64');
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SSN_KEY });
});
afterAll(async () => t?.close());

const person = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Dana',
  last_name: 'Whitfield',
  email: 'dana@example.org',
  ssn: '123-45-6789',
  city: 'Austin',
  state: 'TX',
  ...extra,
});

/** Portal sessions carry the portal templates' permissions: give the portal users.read for these tests. */
let portalReads: Promise<unknown> | undefined;
async function portalCaller() {
  portalReads ??= createSecurityTemplate(t.database.db, t.enterpriseId, ['users.read'], {
    is_portal_default: true,
  });
  await portalReads;
  return t.createCaller([], { isStaff: false, isPortal: true });
}

async function create(extra: Record<string, unknown> = {}) {
  const res = await t.call(t.admin, {
    method: 'POST',
    url: '/api/users',
    payload: { user: person(extra), enterpriseID: t.enterpriseId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; ssn: string; updated_at: string };
}

describe('POST/GET/PUT/DELETE users', () => {
  it('creates a person with the SSN encrypted at rest and masked in the answer', async () => {
    const created = await create();
    expect(created.ssn).toBe('***-**-6789');
    expect(created).not.toHaveProperty('password_hash');
    expect(created).not.toHaveProperty('ssn_encrypted');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.ssn_last4).toBe('6789');
    expect(row!.ssn_encrypted).toMatch(/^v1:/);
    expect(row!.ssn_encrypted).not.toContain('123456789');
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, created.id), eq(dataChangeLog.action, 'create')));
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0]!.after)).not.toContain('123-45-6789');
  });

  it('shows the full SSN only when asked, to users.ssn holders only, and logs that read', async () => {
    const created = await create();
    const plain = await t.call(t.admin, { method: 'GET', url: `/api/users/${created.id}` });
    expect(plain.json().ssn).toBe('***-**-6789');
    const full = await t.call(t.admin, { method: 'GET', url: `/api/users/${created.id}?showSsn=true` });
    expect(full.statusCode).toBe(200);
    expect(full.json().ssn).toBe('123-45-6789');
    const reads = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.user_id, created.id), eq(accessLog.field, 'ssn')));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.viewer_id).toBe(t.admin.userId);
    const masked = await t.call(t.reviewer, { method: 'GET', url: `/api/users/getobject?id=${created.id}` });
    expect(masked.statusCode).toBe(200);
    expect(masked.json().ssn).toBe('***-**-6789');
    const denied = await t.call(t.reviewer, {
      method: 'GET',
      url: `/api/users/getobject?id=${created.id}&showSsn=true`,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      await t.database.db.select().from(accessLog).where(eq(accessLog.user_id, created.id)),
    ).toHaveLength(1);
  });

  it('answers 400 per field, 401, 403 and 404', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users',
      payload: { user: { first_name: '', last_name: 'X', ssn: '12', state: 'texas' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('ssn');
    expect((await t.call(null, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect(
      (await t.call(t.reviewer, { method: 'POST', url: '/api/users', payload: { user: person() } }))
        .statusCode,
    ).toBe(403);
    const missing = await t.call(t.admin, {
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000001',
    });
    expect(missing.statusCode).toBe(404);
    const otherEnterprise = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users',
      payload: { user: person(), enterpriseID: '00000000-0000-4000-8000-000000000002' },
    });
    expect(otherEnterprise.statusCode).toBe(403);
  });

  it('refuses a duplicate user name with 409 and a stale update with 409', async () => {
    await create({ user_name: 'dup.name' });
    const again = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users',
      payload: { user: person({ user_name: 'DUP.name' }) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('user_name');
    const p = await create();
    const ok = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/users/${p.id}`,
      payload: { user: person({ city: 'Dallas', updated_at: p.updated_at }) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().city).toBe('Dallas');
    const stale = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/users/${p.id}`,
      payload: { user: person({ updated_at: p.updated_at }) },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('lets only security.admin holders assign security templates', async () => {
    const writer = await t.createCaller(['users.read', 'users.write']);
    const p = await create();
    const tpl = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: { security_template: { label: 'People editors', permissions: ['users.read'] } },
    });
    const body = { user: person({ security_template_ids: [tpl.json().id] }) };
    expect(
      (await t.call(writer, { method: 'PUT', url: `/api/users/${p.id}`, payload: body })).statusCode,
    ).toBe(403);
    const res = await t.call(t.admin, { method: 'PUT', url: `/api/users/${p.id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().security_template_ids).toEqual([tpl.json().id]);
  });

  it('soft-deletes: the record stays, marked deleted, and is no longer found', async () => {
    const p = await create();
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/users/${p.id}` })).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(row!.deleted_at).not.toBeNull();
    expect((await t.call(t.admin, { method: 'GET', url: `/api/users/${p.id}` })).statusCode).toBe(404);
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/users/${p.id}` })).statusCode).toBe(404);
  });

  it('lists with filters and paging', async () => {
    await create({ last_name: 'Zephyrine', first_name: 'Ann' });
    await create({ last_name: 'Zephyrine', first_name: 'Bob' });
    const res = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/users?last_name=zeph&numPerPage=1&sortBy=first_name&reverse=true',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items).toHaveLength(1);
    expect(body.items[0].first_name).toBe('Bob');
    expect(body.items[0].ssn).toBe('***-**-6789');
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/users?numPerPage=9999' })).statusCode).toBe(
      400,
    );
  });

  it('gives a new-person template, public fields and the address', async () => {
    const blank = await t.call(t.admin, { method: 'GET', url: '/api/users/getnew' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ id: null, is_staff: false, enterprise_id: t.enterpriseId });
    const p = await create({ street: '1 Main St' });
    const pub = await t.call(t.reviewer, { method: 'GET', url: `/api/users/getPublicSearchUser?id=${p.id}` });
    expect(pub.statusCode).toBe(200);
    expect(Object.keys(pub.json()).sort()).toEqual(
      ['city', 'first_name', 'id', 'last_name', 'middle_name', 'state', 'suffix'].sort(),
    );
    const address = await t.call(t.reviewer, { method: 'GET', url: `/api/User/AddressInfo/${p.id}` });
    expect(address.json()).toMatchObject({ street: '1 Main St', city: 'Austin' });
    expect(
      (await t.call(t.reviewer, { method: 'GET', url: '/api/users/getobject?id=nope' })).statusCode,
    ).toBe(400);
  });

  it('shows public fields as the public licence lookup would to staff, all to readers of people, self only in the portal', async () => {
    const p = await create({ first_name: 'Quiet', city: 'Austin' });
    const pub = (caller: typeof t.admin, id: string) =>
      t.call(caller, { method: 'GET', url: `/api/users/getPublicSearchUser?id=${id}` });
    // No credential: nobody but staff who read people (and the person) learn the name.
    expect((await pub(t.nobody, p.id)).statusCode).toBe(404);
    expect((await pub(t.applicant, p.id)).statusCode).toBe(404);
    expect((await pub(t.applicant, t.admin.userId)).statusCode).toBe(404);
    expect((await pub(t.applicant, t.applicant.userId)).statusCode).toBe(200);
    expect((await pub(t.reviewer, p.id)).json()).toMatchObject({ first_name: 'Quiet' });

    await t.database.db
      .insert(certifications)
      .values({ enterprise_id: t.enterpriseId, user_id: p.id, number: `PUB-${p.id.slice(0, 6)}` });
    // Staff without users.read see what the public lookup shows; portal users see only themselves.
    expect((await pub(t.nobody, p.id)).json()).toMatchObject({ first_name: 'Quiet', city: 'Austin' });
    expect((await pub(t.applicant, p.id)).statusCode).toBe(404);
    await t.database.db
      .update(enterprises)
      .set({ public_lookup_enabled: false })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      expect((await pub(t.nobody, p.id)).statusCode).toBe(404);
      expect((await pub(t.reviewer, p.id)).statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ public_lookup_enabled: true })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('lets a portal user read their own record only', async () => {
    const portal = await portalCaller();
    const other = await create();
    const own = await t.call(portal, { method: 'GET', url: `/api/users/${portal.userId}` });
    expect(own.statusCode).toBe(200);
    expect((await t.call(portal, { method: 'GET', url: `/api/users/${other.id}` })).statusCode).toBe(404);
    const list = await t.call(portal, { method: 'GET', url: '/api/users' });
    expect(list.json().items.map((u: { id: string }) => u.id)).toEqual([portal.userId]);
  });
});

describe("a person's records", () => {
  it('lists alerts, certifications and qualifications of each kind', async () => {
    const p = await create();
    const db = t.database.db;
    await db.insert(alerts).values([
      { enterprise_id: t.enterpriseId, user_id: p.id, value: 'Certification expires soon' },
      { enterprise_id: t.enterpriseId, user_id: p.id, value: 'Old', retired_at: new Date() },
    ]);
    await db.insert(certifications).values({
      enterprise_id: t.enterpriseId,
      user_id: p.id,
      number: 'EMT-1001',
      expiration_date: '2030-01-01',
    });
    await db.insert(userQualifications).values([
      { enterprise_id: t.enterpriseId, user_id: p.id, kind: 'ems_level', label: 'Paramedic' },
      { enterprise_id: t.enterpriseId, user_id: p.id, kind: 'endorsement', label: 'Critical care' },
      { enterprise_id: t.enterpriseId, user_id: p.id, kind: 'instructor_level', label: 'Instructor I' },
      { enterprise_id: t.enterpriseId, user_id: p.id, kind: 'evaluator_level', label: 'Skills evaluator' },
      { enterprise_id: t.enterpriseId, user_id: p.id, kind: 'instructing_topic', label: 'Airway' },
    ]);
    const get = (path: string) => t.call(t.reviewer, { method: 'GET', url: `/api/users/${p.id}/${path}` });
    expect((await get('alerts')).json().map((a: { value: string }) => a.value)).toEqual([
      'Certification expires soon',
    ]);
    expect((await get('certifications')).json()[0]).toMatchObject({ number: 'EMT-1001', status: 'active' });
    const expected = {
      emslevels: 'Paramedic',
      endorsements: 'Critical care',
      instructorlevels: 'Instructor I',
      evaluatorlevels: 'Skills evaluator',
      instructingtopics: 'Airway',
    };
    for (const [path, label] of Object.entries(expected)) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((q: { label: string }) => q.label)).toEqual([label]);
    }
    const none = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000009/alerts',
    });
    expect(none.statusCode).toBe(404);
    expect((await t.call(t.nobody, { method: 'GET', url: `/api/users/${p.id}/alerts` })).statusCode).toBe(
      403,
    );
  });

  it("lists a service's roster, with an empty reimbursement list for now", async () => {
    const db = t.database.db;
    const [service] = await db
      .insert(services)
      .values({ enterprise_id: t.enterpriseId, name: 'Travis County EMS' })
      .returning();
    const current = await createUser(db, t.enterpriseId, { last_name: 'Current' });
    const former = await createUser(db, t.enterpriseId, { last_name: 'Former' });
    await db.insert(servicePersonnel).values([
      { enterprise_id: t.enterpriseId, service_id: service!.id, user_id: current.id },
      { enterprise_id: t.enterpriseId, service_id: service!.id, user_id: former.id, end_date: '2020-01-01' },
    ]);
    const roster = await t.call(t.reviewer, {
      method: 'GET',
      url: `/api/users/getUsersByServicePersonnelID?service_id=${service!.id}`,
    });
    expect(roster.statusCode).toBe(200);
    expect(roster.json().map((e: { user: { id: string } }) => e.user.id)).toEqual([current.id]);
    const reimbursement = await t.call(t.reviewer, {
      method: 'GET',
      url: `/api/users/serviceUsersReimbursement?service_id=${service!.id}`,
    });
    expect(reimbursement.json()[0].reimbursements).toEqual([]);
    const unknown = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/users/getUsersByServicePersonnelID?service_id=00000000-0000-4000-8000-000000000003',
    });
    expect(unknown.statusCode).toBe(404);
    const portal = await portalCaller();
    expect(
      (
        await t.call(portal, {
          method: 'GET',
          url: `/api/users/getUsersByServicePersonnelID?service_id=${service!.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST NationalRegistryIntegrationData', () => {
  it('stores the payload, links it by number or id, and sets the number on the person', async () => {
    const p = await create({ national_ems_id: 'E1234567' });
    const byNumber = await t.call(t.admin, {
      method: 'POST',
      url: '/api/NationalRegistryIntegrationData',
      payload: {
        national_registry_integration_data: { national_ems_id: 'e1234567', payload: { level: 'EMT' } },
      },
    });
    expect(byNumber.statusCode, byNumber.body).toBe(201);
    expect(byNumber.json().user_id).toBe(p.id);
    const other = await create();
    const byId = await t.call(t.admin, {
      method: 'POST',
      url: '/api/NationalRegistryIntegrationData',
      payload: { national_registry_integration_data: { user_id: other.id, national_ems_id: 'P7654321' } },
    });
    expect(byId.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.national_ems_id).toBe('P7654321');
    const empty = await t.call(t.admin, {
      method: 'POST',
      url: '/api/NationalRegistryIntegrationData',
      payload: { national_registry_integration_data: { payload: {} } },
    });
    expect(empty.statusCode).toBe(400);
    const denied = await t.call(t.reviewer, {
      method: 'POST',
      url: '/api/NationalRegistryIntegrationData',
      payload: { national_registry_integration_data: { national_ems_id: 'X' } },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('own record', () => {
  it('a portal user reads their own record and changes only their contact details', async () => {
    const me = await t.call(t.applicant, { method: 'GET', url: `/api/users/${t.applicant.userId}` });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().id).toBe(t.applicant.userId);
    const phone = await t.call(t.applicant, {
      method: 'PUT',
      url: `/api/users/${t.applicant.userId}`,
      payload: { user: { ...me.json(), phone: '512-555-0100', city: 'Austin' } },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().phone).toBe('512-555-0100');
    const name = await t.call(t.applicant, {
      method: 'PUT',
      url: `/api/users/${t.applicant.userId}`,
      payload: { user: { ...me.json(), first_name: 'Someone else' } },
    });
    expect(name.statusCode).toBe(403);
    expect(name.json().error.message).toContain('first_name');
    const certs = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/users/${t.applicant.userId}/certifications`,
    });
    expect(certs.statusCode).toBe(200);
  });

  it("keeps other people's records from those without users.read", async () => {
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/users/${t.admin.userId}` })).statusCode,
    ).toBe(404);
    expect((await t.call(t.nobody, { method: 'GET', url: `/api/users/${t.admin.userId}` })).statusCode).toBe(
      403,
    );
    expect((await t.call(t.nobody, { method: 'GET', url: `/api/users/${t.nobody.userId}` })).statusCode).toBe(
      200,
    );
    const other = await t.call(t.nobody, {
      method: 'PUT',
      url: `/api/users/${t.admin.userId}`,
      payload: { user: { first_name: 'A', last_name: 'B', phone: '512-555-0199' } },
    });
    expect(other.statusCode).toBe(403);
  });
});
