import { randomUUID } from 'node:crypto';
import { Events, resourceEvent, type TriggerLogOutput } from '@licensure/contracts';
import {
  alerts,
  certifications,
  dataChangeLog,
  licenseRequests,
  licenses,
  referenceTables,
  triggerLogs,
  triggers,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events/record-event';
import { createTestContext, type TestContext } from '../../test/test-app';
import { runFiring } from './run-firing';

let t: TestContext;
let alertType: string;
let approvedStatus: string;
let requestId: string;
let configId: string;
const e = () => t.enterpriseId;

async function row<T>(p: Promise<T[]>): Promise<T> {
  const [r] = await p;
  if (!r) throw new Error('no row');
  return r;
}

async function settled(linkOrObject: { link?: string; object?: string }): Promise<TriggerLogOutput[]> {
  for (let i = 0; i < 150; i++) {
    const res = await t.call(t.admin, {
      method: 'GET',
      url: linkOrObject.link
        ? `/api/triggerconfigurationtriggers/getlogs?id=${linkOrObject.link}`
        : `/api/triggerconfigurationtriggers/getbyobject?object_id=${linkOrObject.object}`,
    });
    const logs = res.json() as TriggerLogOutput[];
    if (logs.length > 0 && logs.every((l) => l.status === 'done' || l.status === 'failed')) return logs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('firings did not finish');
}

const saveLink = (link: Record<string, unknown>) =>
  t.call(t.admin, {
    method: 'POST',
    url: '/api/triggerconfigurationtriggers/save',
    payload: { trigger_configuration_trigger: link },
  });
const triggerId = async (code: string) =>
  (
    await row(
      t.database.db
        .select()
        .from(triggers)
        .where(and(eq(triggers.enterprise_id, e()), eq(triggers.code, code))),
    )
  ).id;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  alertType = (
    await row(
      db
        .insert(referenceTables.alert_types)
        .values({ enterprise_id: e(), label: 'Needs review' })
        .returning(),
    )
  ).id;
  const lic = await row(
    db.insert(licenses).values({ enterprise_id: e(), name: 'EMT', entity: 'user' }).returning(),
  );
  approvedStatus = (
    await row(
      db
        .insert(referenceTables.license_request_statuses)
        .values({ enterprise_id: e(), label: 'Under review', license_id: lic.id })
        .returning(),
    )
  ).id;
  requestId = (
    await row(
      db
        .insert(licenseRequests)
        .values({ enterprise_id: e(), license_id: lic.id, user_id: t.applicant.userId, progress: 2 })
        .returning(),
    )
  ).id;
  await db.insert(triggers).values([
    { enterprise_id: e(), code: 'manual.a', name: 'Loop A', entity: 'license_requests', kind: 'manual' },
    { enterprise_id: e(), code: 'manual.b', name: 'Loop B', entity: 'license_requests', kind: 'manual' },
    { enterprise_id: e(), code: 'manual.policy', name: 'Policy', entity: 'license_requests', kind: 'manual' },
  ]);
});
afterAll(() => t?.close());

describe('trigger configurations', () => {
  it('create, list, get, update and soft delete; 400, 401, 403, 404', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggerconfigurations',
      payload: { trigger_configuration: { name: 'On submit', description: 'Alert the reviewers' } },
    });
    expect(created.statusCode).toBe(201);
    configId = created.json().id;
    const viaTg = await t.call(t.admin, { method: 'GET', url: `/api/TGTriggerConfigurations/${configId}` });
    expect(viaTg.json()).toMatchObject({ name: 'On submit', active: true });
    const list = await t.call(t.admin, { method: 'GET', url: '/api/triggerconfigurations?search=submit' });
    expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([configId]);
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/TGTriggerConfigurations',
      payload: { trigger_configuration: { name: '' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('name');
    expect((await t.call(null, { method: 'GET', url: '/api/triggerconfigurations' })).statusCode).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/triggerconfigurations' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/triggerconfigurations',
          payload: { trigger_configuration: { name: 'x' } },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/triggerconfigurations/${randomUUID()}` }))
        .statusCode,
    ).toBe(404);

    const gone = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggerconfigurations',
      payload: { trigger_configuration: { name: 'Short lived' } },
    });
    const del = await t.call(t.admin, {
      method: 'DELETE',
      url: `/api/triggerconfigurations/${gone.json().id}`,
    });
    expect(del.statusCode).toBeLessThan(300);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/triggerconfigurations/${gone.json().id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('lists the platform events as triggers; staff rename one (TGTriggers)', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/triggers?kind=event&numPerPage=50' });
    expect(res.statusCode).toBe(200);
    const codes = res.json().items.map((x: { code: string }) => x.code);
    for (const code of [
      'licenseRequest.created',
      'licenseRequest.submitted',
      'licenseRequest.statusChanged',
      'licenseRequest.processChanged',
      'request.approved',
      'certification.issued',
      'certification.statusChanged',
      'certification.expiring',
      'formResponse.completed',
      'document.uploaded',
    ])
      expect(codes).toContain(code);
    const id = await triggerId('document.uploaded');
    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/TGTriggers/${id}`,
      payload: { trigger: { name: 'A document arrived', active: true } },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/TGTriggers/${id}` })).json().name).toBe(
      'A document arrived',
    );
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/TGTriggers/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});

describe('configuration triggers, firing and logs', () => {
  let linkId: string;

  it('save without an id answers null; with one it stores the ordered actions; bad actions are 400', async () => {
    const submitted = await triggerId('licenseRequest.submitted');
    const skipped = await saveLink({
      trigger_configuration_id: configId,
      trigger_id: submitted,
      actions: [],
    });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toBeNull();
    linkId = randomUUID();
    const saved = await saveLink({
      id: linkId,
      trigger_configuration_id: configId,
      trigger_id: submitted,
      actions: [
        { kind: 'createAlert', alert_type_id: alertType, value: 'Request submitted: review it' },
        { kind: 'applicationStatus', license_request_status_id: approvedStatus },
        { kind: 'triggerFunction', function_code: 'countRequestTrigger' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: linkId,
      trigger_code: 'licenseRequest.submitted',
      infiniteFound: false,
    });
    expect(saved.json().actions.map((a: { kind: string }) => a.kind)).toEqual([
      'createAlert',
      'applicationStatus',
      'triggerFunction',
    ]);
    const bad = await saveLink({
      id: randomUUID(),
      trigger_configuration_id: configId,
      trigger_id: submitted,
      actions: [{ kind: 'explode' }],
    });
    expect(bad.statusCode).toBe(400);
    const noConfig = await saveLink({
      id: randomUUID(),
      trigger_configuration_id: randomUUID(),
      trigger_id: submitted,
    });
    expect(noConfig.statusCode).toBe(400);
    expect(noConfig.json().error.fields).toHaveProperty('trigger_configuration_id');
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/triggerconfigurationtriggers/save',
          payload: {
            trigger_configuration_trigger: {
              id: linkId,
              trigger_configuration_id: configId,
              trigger_id: submitted,
            },
          },
        })
      ).statusCode,
    ).toBe(403);
    const byTrigger = await t.call(t.admin, {
      method: 'GET',
      url: `/api/triggerconfigurationtriggers/getbytriggerid?trigger_id=${submitted}`,
    });
    expect(byTrigger.json().map((l: { id: string }) => l.id)).toEqual([linkId]);
    const groups = await t.call(t.admin, {
      method: 'GET',
      url: `/api/TGTriggerGroups?code=licenseRequest.submitted&configID=${configId}`,
    });
    expect(groups.json()).toHaveLength(1);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/triggerconfigurationtriggers/${randomUUID()}` }))
        .statusCode,
    ).toBe(404);
  });

  it('the submitted event runs the actions as a job: alert, status, function; logged and pushed to the person', async () => {
    const frames: string[] = [];
    const detach = await t.app.deps.hub.attach(t.applicant.userId, { send: (f) => frames.push(f) });
    await t.app.deps.jobs.start();
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        enterpriseId: e(),
        name: Events.licenseRequestSubmitted,
        entity: 'license_requests',
        objectId: requestId,
        actorId: t.applicant.userId,
        payload: { kind: 'submitted' },
      }),
    );
    await t.app.deps.events.dispatchPending();
    const [log] = await settled({ link: linkId });
    expect(log).toMatchObject({
      status: 'done',
      infiniteFound: false,
      object_id: requestId,
      configuration_name: 'On submit',
    });
    expect(log!.event_id).not.toBeNull();
    expect(log!.actions.map((s) => s.outcome)).toEqual(['done', 'done', 'done']);
    const open = await t.database.db.select().from(alerts).where(eq(alerts.license_request_id, requestId));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      user_id: t.applicant.userId,
      value: 'Request submitted: review it',
      source: 'trigger',
    });
    const req = await row(
      t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, requestId)),
    );
    expect(req.status_id).toBe(approvedStatus);
    expect(req.current_trigger_count).toBe(1);
    const changes = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.object_id, requestId));
    expect(changes.map((c) => c.entity)).toContain('license_requests');
    for (let i = 0; i < 50 && frames.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    detach();
    expect(frames.map((f) => JSON.parse(f).message.kind)).toEqual([
      'createAlert',
      'applicationStatus',
      'triggerFunction',
    ]);
    expect(JSON.parse(frames[0]!).type).toBe('ReceiveMessage');

    // Delivered again (at least once): no second firing for the same event.
    await t.app.deps.events.dispatchPending();
    expect(await settled({ link: linkId })).toHaveLength(1);
  });

  it('a retried firing does nothing twice: the done-markers skip what already ran', async () => {
    const [log] = await settled({ link: linkId });
    await t.database.db
      .update(triggerLogs)
      .set({ status: 'running', actions: log!.actions.map((s) => ({ ...s, outcome: 'pending' })) })
      .where(eq(triggerLogs.id, log!.id));
    await runFiring(t.app, log!.id, 1);
    const open = await t.database.db.select().from(alerts).where(eq(alerts.license_request_id, requestId));
    expect(open).toHaveLength(1);
    const req = await row(
      t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, requestId)),
    );
    expect(req.current_trigger_count).toBe(1);
  });

  // A status of the enterprise's own list: an action naming a made-up one is refused when saved.
  const policyStatus = async () =>
    (
      await row(
        t.database.db
          .insert(referenceTables.policy_statuses)
          .values({ enterprise_id: e(), label: 'Adopted' })
          .returning(),
      )
    ).id as string;

  it('fires by hand; actions of modules not built yet are refused as not available', async () => {
    const policy = await triggerId('manual.policy');
    const link = randomUUID();
    await saveLink({
      id: link,
      trigger_configuration_id: configId,
      trigger_id: policy,
      actions: [{ kind: 'policyStatus', policy_status_id: await policyStatus() }],
    });
    const fired = await t.call(t.admin, {
      method: 'POST',
      url: '/api/TGTriggers/fire',
      payload: { code: 'manual.policy', object_id: requestId },
    });
    expect(fired.statusCode).toBe(200);
    expect(fired.json().logs).toHaveLength(1);
    const [log] = await settled({ link });
    expect(log!.actions[0]).toMatchObject({ outcome: 'not available' });
    expect(log!.actions[0]!.message).toMatch(/not available/);
    const unknown = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggers/fire',
      payload: { code: 'nope', object_id: requestId },
    });
    expect(unknown.statusCode).toBe(404);
    const noObject = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggers/fire',
      payload: { code: 'manual.policy', object_id: randomUUID() },
    });
    expect(noObject.statusCode).toBe(404);
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggers/fire',
      payload: { code: 'manual.policy', object_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/triggers/fire',
          payload: { code: 'manual.policy', object_id: requestId },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(null, {
          method: 'POST',
          url: '/api/triggers/fire',
          payload: { code: 'manual.policy', object_id: requestId },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a loop between two triggers is found: infiniteFound, no actions run, nothing loops', async () => {
    const [a, b] = [await triggerId('manual.a'), await triggerId('manual.b')];
    const [la, lb] = [randomUUID(), randomUUID()];
    await saveLink({
      id: la,
      trigger_configuration_id: configId,
      trigger_id: a,
      actions: [{ kind: 'triggerFunction', function_code: 'countRequestTrigger', next_trigger_id: b }],
    });
    const second = await saveLink({
      id: lb,
      trigger_configuration_id: configId,
      trigger_id: b,
      actions: [{ kind: 'triggerFunction', function_code: 'countRequestTrigger', next_trigger_id: a }],
    });
    expect(second.json().infiniteFound).toBe(true);
    const fired = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggers/fire',
      payload: { code: 'manual.a', object_id: requestId },
    });
    expect(fired.json().logs).toEqual([
      expect.objectContaining({ infiniteFound: true, actions: [], status: 'done' }),
    ]);
    const req = await row(
      t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, requestId)),
    );
    expect(req.current_trigger_count).toBe(1);

    // Removing one side breaks the loop: actions cleared, kept flagged as removed.
    const removed = await t.call(t.admin, {
      method: 'POST',
      url: '/api/triggerconfigurationtriggers/remove',
      payload: { trigger_configuration_trigger: { id: lb } },
    });
    expect(removed.json()).toMatchObject({ id: lb, removed: true, actions: [] });
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/triggerconfigurationtriggers/${la}` })).json()
        .infiniteFound,
    ).toBe(false);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/triggerconfigurationtriggers/remove',
          payload: { trigger_configuration_trigger: { id: randomUUID() } },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a process change fires the manual trigger it names', async () => {
    const before = (await settled({ object: requestId })).length;
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        enterpriseId: e(),
        name: Events.licenseRequestProcessChanged,
        entity: 'license_requests',
        objectId: requestId,
        payload: { kind: 'process', manual_trigger: 'Policy', link_trigger: null },
      }),
    );
    await t.app.deps.events.dispatchPending();
    const logs = await settled({ object: requestId });
    expect(logs.length).toBe(before + 1);
    expect(logs[0]).toMatchObject({ trigger_code: 'manual.policy' });
  });

  it('a credential saved with another status fires certification.statusChanged (from its change log)', async () => {
    const db = t.database.db;
    const cert = await row(
      db
        .insert(certifications)
        .values({ enterprise_id: e(), user_id: t.applicant.userId, number: 'EMT-9' })
        .returning(),
    );
    const changed = await triggerId('certification.statusChanged');
    await saveLink({
      id: randomUUID(),
      trigger_configuration_id: configId,
      trigger_id: changed,
      actions: [{ kind: 'createAlert', alert_type_id: alertType, value: 'Credential status changed' }],
    });
    await db.transaction(async (tx) => {
      await tx.insert(dataChangeLog).values({
        enterprise_id: e(),
        entity: 'certifications',
        object_id: cert.id,
        action: 'update',
        before: { status: 'active' },
        after: { status: 'suspended' },
      });
      await recordEvent(tx, {
        enterpriseId: e(),
        name: resourceEvent('certifications', 'updated'),
        entity: 'certifications',
        objectId: cert.id,
      });
    });
    await t.app.deps.events.dispatchPending();
    const [log] = await settled({ object: cert.id });
    expect(log).toMatchObject({ trigger_code: 'certification.statusChanged', status: 'done' });
    const made = await db.select().from(alerts).where(eq(alerts.certification_id, cert.id));
    expect(made.map((a) => a.value)).toEqual(['Credential status changed']);
  });

  it('getbyobject and getlogs: 400 on a bad id, 403 without the permission', async () => {
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: '/api/triggerconfigurationtriggers/getbyobject?object_id=nope',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/triggerconfigurationtriggers/getbyobject?object_id=${requestId}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/triggerconfigurationtriggers/getlogs?id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    const all = await t.call(t.admin, {
      method: 'GET',
      url: `/api/triggerconfigurationtriggers?trigger_configuration_id=${configId}`,
    });
    expect(all.json().length).toBeGreaterThanOrEqual(4);
  });
});

describe('trigger functions and form conditions', () => {
  it('lists functions by entity', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/TGTriggerFunctions?entity=licensing' });
    expect(res.json().map((f: { code: string }) => f.code)).toEqual([
      'countRequestTrigger',
      'expireLapsedCredentials',
    ]);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/TGTriggerFunctions?entity=inspections' })).json(),
    ).toEqual([]);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/TGTriggerFunctions?entity=bogus' })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(t.nobody, { method: 'GET', url: '/api/TGTriggerFunctions?entity=licensing' })).statusCode,
    ).toBe(403);
  });

  it('getForFormCondition: the form must exist', async () => {
    const res = await t.call(t.admin, {
      method: 'GET',
      url: `/api/triggers/getForFormCondition?form_id=${randomUUID()}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
