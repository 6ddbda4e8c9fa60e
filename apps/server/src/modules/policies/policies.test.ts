import { randomUUID } from 'node:crypto';
import { policyMessages } from '@licensure/contracts';
import { dataChangeLog, documents, policy_classifications } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let writer: Caller;
let reader: Caller;
let clinical: string;
let administrative: string;

beforeAll(async () => {
  t = await createTestContext();
  [writer, reader] = await Promise.all([
    t.createCaller(['policies.read', 'policies.write']),
    t.createCaller(['policies.read']),
  ]);
  const classes = await t.database.db
    .select()
    .from(policy_classifications)
    .where(eq(policy_classifications.enterprise_id, t.enterpriseId));
  clinical = String(classes.find((c) => c.type === 'Protocol')?.id);
  administrative = String(classes.find((c) => c.type === 'Policy')?.id);
}, 60_000);
afterAll(async () => t?.close());

type Policy = Record<string, unknown> & { id: string };

async function create(input: Record<string, unknown>, caller = writer): Promise<Policy> {
  const res = await t.call(caller, { method: 'POST', url: '/api/policies', payload: { policy: input } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Policy;
}

const get = (url: string, caller: Caller | null = reader) => t.call(caller, { method: 'GET', url });

describe('policies CRUD', () => {
  it('creates a protocol with sanitised content, reads, updates, lists and deletes it with a reason', async () => {
    const p = await create({
      title: 'Airway management',
      number: 'PRO-1',
      policy_classification_id: clinical,
      summary: 'Adult airway',
      content: '<h2>Steps</h2><p onclick="steal()">Open the airway<script>alert(1)</script></p>',
      effective_date: '2026-01-01',
      end_date: '2027-12-31',
    });
    expect(p).toMatchObject({
      title: 'Airway management',
      kind: 'Protocol',
      classification: 'Clinical',
      published: false,
      published_at: null,
      acknowledgement_count: 0,
    });
    expect(p.content).toBe('<h2>Steps</h2><p>Open the airway</p>');

    const one = await get(`/api/policies/${p.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().title).toBe('Airway management');

    const put = await t.call(writer, {
      method: 'PUT',
      url: `/api/policies/${p.id}`,
      payload: {
        policy: {
          title: 'Airway management (adult)',
          policy_classification_id: clinical,
          effective_date: '2026-01-01',
          published: true,
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Airway management (adult)', published: true });
    expect(put.json().published_at).not.toBeNull();

    const protocols = await get('/api/policies?kind=Protocol&search=airway');
    expect(protocols.statusCode).toBe(200);
    expect(protocols.json().items.map((i: Policy) => i.id)).toContain(p.id);
    const onlyPolicies = await get('/api/policies?kind=Policy&search=airway');
    expect(onlyPolicies.json().items.map((i: Policy) => i.id)).not.toContain(p.id);
    const count = await t.call(reader, {
      method: 'POST',
      url: '/api/policies/getCount',
      payload: { published: true, search: 'airway' },
    });
    expect(count.json().count).toBe(1);

    const noReason = await t.call(writer, { method: 'DELETE', url: `/api/policies/${p.id}` });
    expect(noReason.statusCode).toBe(400);
    const del = await t.call(writer, { method: 'DELETE', url: `/api/policies/${p.id}?reason=Replaced` });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/policies/${p.id}`)).statusCode).toBe(404);
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'policies'), eq(dataChangeLog.object_id, p.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad input naming the field', async () => {
    const post = (policy: Record<string, unknown>) =>
      t.call(writer, { method: 'POST', url: '/api/policies', payload: { policy } });
    const noTitle = await post({ title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.fields).toHaveProperty('title');
    const backwards = await post({
      title: 'Backwards',
      effective_date: '2026-05-01',
      end_date: '2026-04-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.end_date).toBe(policyMessages.endBeforeEffective);
    const undated = await post({ title: 'Undated', published: true });
    expect(undated.json().error.fields.effective_date).toBe(policyMessages.publishNeedsEffective);
    const badRef = await post({ title: 'Bad ref', policy_type_id: randomUUID() });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json().error.fields).toHaveProperty('policy_type_id');
    const badKind = await get('/api/policies?kind=Rule');
    expect(badKind.statusCode).toBe(400);
    // SQL metacharacters are data, never SQL.
    const sqlish = await get(`/api/policies?search=${encodeURIComponent("'; drop table policies; --")}`);
    expect(sqlish.statusCode).toBe(200);
    expect(sqlish.json().items).toEqual([]);
  });

  it('answers 401, 403 and 404 as it should', async () => {
    expect((await get('/api/policies', null)).statusCode).toBe(401);
    expect((await get('/api/policies', t.nobody)).statusCode).toBe(403);
    expect((await get('/api/policies', t.applicant)).statusCode).toBe(403);
    const readOnly = await t.call(reader, {
      method: 'POST',
      url: '/api/policies',
      payload: { policy: { title: 'x' } },
    });
    expect(readOnly.statusCode).toBe(403);
    expect((await get(`/api/policies/${randomUUID()}`)).statusCode).toBe(404);
    const ack = await t.call(reader, { method: 'POST', url: `/api/policies/${randomUUID()}/acknowledge` });
    expect(ack.statusCode).toBe(404);
  });
});

describe('acknowledgements', () => {
  it('staff acknowledge a published policy once and see who has', async () => {
    const draft = await create({ title: 'Draft rule', policy_classification_id: administrative });
    const early = await t.call(reader, { method: 'POST', url: `/api/policies/${draft.id}/acknowledge` });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.id).toBe(policyMessages.notPublished);

    const p = await create({
      title: 'Uniform policy',
      policy_classification_id: administrative,
      effective_date: '2026-02-01',
      published: true,
    });
    const first = await t.call(reader, { method: 'POST', url: `/api/policies/${p.id}/acknowledge` });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.call(reader, { method: 'POST', url: `/api/policies/${p.id}/acknowledge` });
    expect(again.json().acknowledged_at).toBe(first.json().acknowledged_at);
    await t.call(writer, { method: 'POST', url: `/api/policies/${p.id}/acknowledge` });

    const who = await get(`/api/policies/${p.id}/acknowledgements`);
    expect(who.statusCode).toBe(200);
    expect(who.json().map((a: { user_id: string }) => a.user_id)).toEqual([reader.userId, writer.userId]);
    expect((await get(`/api/policies/${p.id}`)).json().acknowledgement_count).toBe(2);
    expect((await get(`/api/policies/${p.id}/acknowledgements`, t.nobody)).statusCode).toBe(403);
    expect(
      (await t.call(t.applicant, { method: 'POST', url: `/api/policies/${p.id}/acknowledge` })).statusCode,
    ).toBe(403);
  });
});

describe('documents and the public site', () => {
  const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n').toString('base64')}`;

  it('lists published, current policies to anyone, with their document', async () => {
    const published = await create({
      title: 'Public records requests',
      policy_classification_id: administrative,
      summary: 'How to ask for records',
      content: '<p>Write to the office.</p>',
      effective_date: '2026-01-01',
      published: true,
    });
    const draft = await create({ title: 'Unpublished draft', effective_date: '2026-01-01' });
    const ended = await create({
      title: 'Ended policy',
      effective_date: '2020-01-01',
      end_date: '2021-01-01',
      published: true,
    });

    const doc = await t.call(writer, {
      method: 'PUT',
      url: `/api/policies/${published.id}/document`,
      payload: { name: 'records.pdf', value: pdf },
    });
    expect(doc.statusCode, doc.body).toBe(200);
    const replaced = await t.call(writer, {
      method: 'PUT',
      url: `/api/policies/${published.id}/document`,
      payload: { name: 'records-2026.pdf', value: pdf },
    });
    expect(replaced.statusCode).toBe(200);
    const [old] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, doc.json().document_id));
    expect(old?.deleted_at).not.toBeNull();
    const notAFile = await t.call(writer, {
      method: 'PUT',
      url: `/api/policies/${published.id}/document`,
      payload: {
        name: 'x.exe',
        value: `data:application/octet-stream;base64,${Buffer.from('MZ\x90\x00binary').toString('base64')}`,
      },
    });
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json().error.fields).toHaveProperty('value');

    const list = await get('/api/public/policies', null);
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((p: Policy) => p.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(ended.id);
    const shown = list.json().find((p: Policy) => p.id === published.id);
    expect(shown).toMatchObject({
      kind: 'Policy',
      document_name: 'records-2026.pdf',
      content: '<p>Write to the office.</p>',
    });
    expect(shown).not.toHaveProperty('created_by');
    expect(
      (await get('/api/public/policies?kind=Protocol', null)).json().map((p: Policy) => p.id),
    ).not.toContain(published.id);
    expect((await get('/api/public/policies?kind=Rule', null)).statusCode).toBe(400);

    expect(shown.in_force).toBe(true);

    // One published to start later is listed apart, not as in force today.
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const upcoming = await create({
      title: 'Spinal care (revised)',
      number: 'PRO-220',
      policy_classification_id: clinical,
      effective_date: later,
      published: true,
    });
    const now = (await get('/api/public/policies', null)).json() as Policy[];
    expect(now.find((p) => p.id === upcoming.id)).toMatchObject({ in_force: false, effective_date: later });
    expect(now.filter((p) => p.in_force).map((p) => p.id)).not.toContain(upcoming.id);

    expect((await get(`/api/public/policies/${published.id}`, null)).statusCode).toBe(200);
    expect((await get(`/api/public/policies/${draft.id}`, null)).statusCode).toBe(404);
    const file = await get(`/api/public/policies/${published.id}/document`, null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('records-2026.pdf');
    expect((await get(`/api/public/policies/${draft.id}/document`, null)).statusCode).toBe(404);
    expect((await get(`/api/policies/${draft.id}/document`)).statusCode).toBe(404);
    expect((await get(`/api/policies/${published.id}/document`)).statusCode).toBe(200);
    expect((await get(`/api/policies/${published.id}/document`, null)).statusCode).toBe(401);
  });
});
