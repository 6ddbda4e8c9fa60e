import { createUser } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

/** Without SMTP_URL (the default of npm start) every mail is held, recorded as sent, and readable. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const list = (query = '', caller = t.admin) => t.call(caller, { method: 'GET', url: `/api/mail${query}` });

async function resetMailOf(userName: string, email: string) {
  const res = await t.call(null, {
    method: 'POST',
    url: '/api/users/forgotpassword',
    payload: { user_name: userName },
  });
  expect(res.statusCode).toBe(200);
  const found = await list(`?to=${encodeURIComponent(email)}`);
  expect(found.statusCode, found.body).toBe(200);
  return found.json().items as { id: string; subject: string; status: string }[];
}

describe('the mail log', () => {
  it('holds a password reset without SMTP and shows it to staff with mail.read, link included', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'held.reset@example.org' });
    const [item] = await resetMailOf(u.user_name!, 'held.reset@example.org');
    expect(item).toMatchObject({ subject: 'Reset your password', status: 'held' });
    const one = await t.call(t.admin, { method: 'GET', url: `/api/mail/${item!.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      to_address: 'held.reset@example.org',
      from_address: 'Licensure <no-reply@localhost>',
      status: 'held',
      attempts: 0,
      retryable: false,
      correspondence_id: null,
    });
    expect(one.json().text_body).toMatch(/\/reset-password\?token=[\w-]+/);
  });

  it('is closed to staff without mail.read and to the portal', async () => {
    for (const caller of [t.reviewer, t.nobody, t.applicant])
      expect((await list('', caller)).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/mail' })).statusCode).toBe(401);
    const reader = await t.createCaller(['mail.read']);
    expect((await list('', reader)).statusCode).toBe(200);
  });

  it('lists newest first, filtered by recipient and state, and pages', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'twice@example.org' });
    await resetMailOf(u.user_name!, 'twice@example.org');
    await t.call(null, {
      method: 'POST',
      url: '/api/users/lookupUsername',
      payload: { email: 'twice@example.org' },
    });
    const both = await list('?to=TWICE@example&status=held');
    expect(both.json()).toMatchObject({ total: 2, currentPage: 1 });
    expect(both.json().items.map((m: { subject: string }) => m.subject)).toEqual([
      'Your user name',
      'Reset your password',
    ]);
    expect((await list('?to=twice@example.org&numPerPage=1&currentPage=2')).json().items).toHaveLength(1);
    expect((await list('?to=twice@example.org&status=sent')).json().total).toBe(0);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });

  it("tells the old address when a person's email address is changed", async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'old.address@example.org' });
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/users/saveemail',
      payload: { user_id: u.id, email: 'new.address@example.org' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = (await list('?to=old.address@example.org')).json().items;
    expect(notice).toMatchObject({ subject: 'Your email address was changed', status: 'held' });
    const one = (await t.call(t.admin, { method: 'GET', url: `/api/mail/${notice.id}` })).json();
    expect(one.text_body).toContain('was changed to new.address@example.org');
  });

  it('refuses to send held mail again while no mail server is configured', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'no.server@example.org' });
    const [item] = await resetMailOf(u.user_name!, 'no.server@example.org');
    const retry = await t.call(t.admin, { method: 'POST', url: `/api/mail/${item!.id}/retry` });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().error.message).toBe(
      'No mail server is configured (SMTP_URL): held mail cannot be sent yet.',
    );
  });

  it('records a letter merged for its one recipient: the send, its message and the mail', async () => {
    await t.app.deps.jobs.start();
    const ann = await createUser(t.database.db, t.enterpriseId, {
      first_name: 'Ann',
      email: 'ann.letter@example.org',
    });
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Correspondences',
      payload: {
        to: [ann.id],
        subject: 'Welcome to {{enterprise.name}}, {{person.first_name}}',
        message: '<p>Dear {{person.first_name}},</p><p>welcome.</p>',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const send = await t.call(t.admin, { method: 'GET', url: `/api/Correspondences/${res.json().id}` });
    expect(send.json().subject).toBe('Welcome to Test State EMS, Ann');
    expect(send.json().html_body).toContain('Dear Ann,');
    await expect
      .poll(async () => (await list('?to=ann.letter@example.org')).json().items[0]?.subject, {
        timeout: 10_000,
      })
      .toBe('Welcome to Test State EMS, Ann');
    const [mail] = (await list('?to=ann.letter@example.org')).json().items;
    const one = (await t.call(t.admin, { method: 'GET', url: `/api/mail/${mail.id}` })).json();
    expect(one).toMatchObject({ correspondence_id: res.json().id, retryable: false });
    expect(one.html_body).toContain('Dear Ann,');
  });
});

describe('the dev mail viewer and the mail status', () => {
  it('shows held mail to a browser on this computer, its links clickable', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'viewer@example.org' });
    const [item] = await resetMailOf(u.user_name!, 'viewer@example.org');
    const index = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.body).toContain(`/dev/mail/${item!.id}`);
    const one = await t.app.inject({ method: 'GET', url: `/dev/mail/${item!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toMatch(/<a href="http:\/\/localhost:\d+\/reset-password\?token=[\w-]+">/);
    const status = await t.call(null, { method: 'GET', url: '/api/mail/status' });
    expect(status.json()).toEqual({ banner: null, dev_viewer: '/dev/mail' });
  });

  it('refuses a request from another computer, through a proxy, or for a foreign host name', async () => {
    const refused = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.0.0.5' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
      { headers: { host: 'attacker.example' } },
      { headers: { host: 'localhost.attacker.example' } },
    ];
    for (const options of refused) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mail', ...options });
      expect(res.statusCode, JSON.stringify(options)).toBe(404);
      expect(res.body).not.toContain('reset');
      const status = await t.app.inject({ method: 'GET', url: '/api/mail/status', ...options });
      expect(status.json().dev_viewer, JSON.stringify(options)).toBeNull();
    }
    const other = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/00000000-0000-4000-8000-000000000000',
      remoteAddress: '203.0.113.7',
    });
    expect(other.statusCode).toBe(404);
  });

  it('shows no banner outside production', async () => {
    const status = await t.call(t.admin, { method: 'GET', url: '/api/mail/status' });
    expect(status.json().banner).toBeNull();
  });
});
