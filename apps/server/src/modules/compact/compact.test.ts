import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  certification_levels,
  certifications,
  compactFeedFiles,
  complaints,
  createUser,
  dataChangeLog,
  investigations,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherEnterprise } from '../../test/other-enterprise';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext } from '../clinicians/test-helpers';
import { runCompactFeed } from './feed-job';

/** A local stand-in of the data system's upload address: records each POST, answers `answer`. */
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let answer = 202;
let receiver: Server;
let t: TestContext;
let staff: Caller;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res
        .writeHead(answer, { 'content-type': 'text/plain' })
        .end(answer < 300 ? 'accepted' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  t = await createFilesTestContext({
    COMPACT_FEED_URL: `http://127.0.0.1:${port}/nemscd/upload`,
    COMPACT_FEED_TOKEN: 'state-token-123',
  });
  staff = await t.createCaller(['compactFeed.read', 'compactFeed.send']);
  const db = t.database.db;
  const [emt] = await db
    .insert(certification_levels)
    .values({ enterprise_id: t.enterpriseId, label: 'EMT', code: 'EMT', abbreviation: 'EMT', rank: 1 })
    .returning();
  const good = await createUser(db, t.enterpriseId, {
    first_name: 'Gail',
    last_name: 'Good',
    national_ems_id: 'E1',
    birth_date: '1990-05-01',
  });
  const bad = await createUser(db, t.enterpriseId, { first_name: 'Sam', last_name: '=Suspended' });
  const [, suspended] = await db
    .insert(certifications)
    .values([
      {
        enterprise_id: t.enterpriseId,
        user_id: good.id,
        certification_level_id: emt?.id ?? null,
        number: 'EMT-001',
        status: 'active',
        issue_date: '2024-01-01',
        expiration_date: '2099-01-31',
      },
      {
        enterprise_id: t.enterpriseId,
        user_id: bad.id,
        certification_level_id: emt?.id ?? null,
        number: 'EMT-002',
        status: 'suspended',
        issue_date: '2023-01-01',
        expiration_date: '2099-01-31',
      },
    ])
    .returning();
  const [complaint] = await db
    .insert(complaints)
    .values({
      enterprise_id: t.enterpriseId,
      description: 'Patient care',
      user_id: bad.id,
      certification_id: suspended?.id,
    })
    .returning();
  await db.insert(investigations).values({
    enterprise_id: t.enterpriseId,
    complaint_id: complaint!.id,
    outcome: 'suspension',
    outcome_date: '2026-06-01',
    outcome_public: true,
    certification_id: suspended?.id,
  });
});
afterAll(async () => {
  await t?.close();
  receiver?.close();
});

describe('EMS Compact feed', () => {
  it('writes the licence and adverse-action file, delivers it by HTTPS POST, downloads and resends it', async () => {
    const made = await t.call(staff, { method: 'POST', url: '/api/CompactFeed/files' });
    expect(made.statusCode, made.body).toBe(201);
    const file = made.json();
    expect(file).toMatchObject({ licence_count: 2, adverse_action_count: 1, made_by: 'staff' });
    expect(file.deliveries).toMatchObject([
      { status: 'delivered', transport: 'https-post', response_status: 202 },
    ]);

    const upload = received.at(-1)!;
    expect(upload.headers.authorization).toBe('Bearer state-token-123');
    expect(upload.headers['x-file-name']).toBe(file.file_name);
    expect(upload.headers['x-content-sha256']).toBe(file.content_sha256);
    const lines = upload.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'record_type,state,national_ems_id,last_name,first_name,middle_name,birth_date,license_number,license_level,license_status,issue_date,expiration_date,privilege_to_practice,action_type,action_date,action_public',
    );
    expect(lines.slice(1)).toEqual([
      'L,TX,E1,Good,Gail,,1990-05-01,EMT-001,EMT,Active,2024-01-01,2099-01-31,Y,,,',
      "L,TX,,'=Suspended,Sam,,,EMT-002,EMT,Suspended,2023-01-01,2099-01-31,N,,,",
      "A,TX,,'=Suspended,Sam,,,EMT-002,EMT,Suspended,2023-01-01,2099-01-31,N,Suspension,2026-06-01,Y",
    ]);

    const download = await t.call(staff, {
      method: 'GET',
      url: `/api/CompactFeed/files/${file.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(file.file_name);
    expect(download.body).toBe(upload.body);

    // The receiver refuses: the resend is logged as failed with its answer; then it goes through.
    answer = 503;
    const failed = await t.call(staff, { method: 'POST', url: `/api/CompactFeed/files/${file.id}/resend` });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().deliveries.at(-1)).toMatchObject({
      status: 'failed',
      response_status: 503,
      detail: 'receiver down',
    });
    answer = 202;
    const resent = await t.call(staff, { method: 'POST', url: `/api/CompactFeed/files/${file.id}/resend` });
    expect(resent.json().deliveries.map((d: { status: string }) => d.status)).toEqual([
      'delivered',
      'failed',
      'delivered',
    ]);
    expect(received.at(-1)?.body).toBe(upload.body);

    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.entity, 'compact_feed_deliveries'));
    expect(logged).toHaveLength(3);
    const list = await t.call(staff, { method: 'GET', url: '/api/CompactFeed/files' });
    expect(list.json().items[0].id).toBe(file.id);
  });

  it('the daily job writes one file a day however often it runs, and delivers it once', async () => {
    const before = received.length;
    const now = new Date('2030-02-03T01:45:00Z');
    await runCompactFeed(t.app, now);
    await runCompactFeed(t.app, now);
    const daily = await t.database.db
      .select()
      .from(compactFeedFiles)
      .where(eq(compactFeedFiles.file_date, '2030-02-03'));
    expect(daily.filter((f) => f.enterprise_id === t.enterpriseId)).toHaveLength(1);
    expect(received.length - before).toBeGreaterThanOrEqual(1);
    const mine = received.slice(before).filter((r) => r.body.includes('EMT-001'));
    expect(mine).toHaveLength(1);
  });

  it('answers 401, 403, 400 and 404, and another enterprise never sees the files', async () => {
    const [file] = await t.database.db
      .select()
      .from(compactFeedFiles)
      .where(eq(compactFeedFiles.enterprise_id, t.enterpriseId));
    const url = `/api/CompactFeed/files/${file!.id}/download`;
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url })).statusCode).toBe(403);
    const reader = await t.createCaller(['compactFeed.read']);
    expect((await t.call(reader, { method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await t.call(reader, { method: 'POST', url: `/api/CompactFeed/files/${file!.id}/resend` })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(staff, { method: 'GET', url: '/api/CompactFeed/files/not-an-id/download' })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(staff, {
          method: 'GET',
          url: '/api/CompactFeed/files/00000000-0000-4000-8000-000000000009/download',
        })
      ).statusCode,
    ).toBe(404);
    const other = await createOtherEnterprise(t);
    const [foreign] = await t.database.db
      .insert(compactFeedFiles)
      .values({
        enterprise_id: other.enterpriseId,
        file_date: '2026-01-01',
        file_name: 'x.csv',
        content: 'secret',
        content_sha256: 'x',
        licence_count: 0,
        adverse_action_count: 0,
        made_by: 'staff',
      })
      .returning();
    for (const [method, suffix] of [
      ['GET', '/download'],
      ['GET', ''],
      ['POST', '/resend'],
    ] as const)
      expect(
        (await t.call(staff, { method, url: `/api/CompactFeed/files/${foreign!.id}${suffix}` })).statusCode,
      ).toBe(404);
    const list = await t.call(staff, { method: 'GET', url: '/api/CompactFeed/files?numPerPage=100' });
    expect(list.json().items.some((f: { id: string }) => f.id === foreign!.id)).toBe(false);
  });
});

describe('EMS Compact feed without an upload address', () => {
  it('drops the file into the folder the transfer agent sends on', async () => {
    const local = await createFilesTestContext();
    try {
      const res = await local.call(local.admin, { method: 'POST', url: '/api/CompactFeed/files' });
      expect(res.statusCode, res.body).toBe(201);
      const [delivery] = res.json().deliveries;
      expect(delivery).toMatchObject({ status: 'delivered', transport: 'file-drop' });
      expect(path.basename(delivery.destination)).toBe(res.json().file_name);
      expect(await readFile(delivery.destination, 'utf8')).toMatch(/^record_type,state,/);
    } finally {
      await local.close();
    }
  });
});
