import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let second: FastifyInstance;
let url: string;

beforeAll(async () => {
  t = await createTestContext();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws');
  // A second server process on the same database, as behind a load balancer.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  second = await buildApp({ config, database: t.database, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

function connect(cookie?: string, origin?: string): Promise<{ socket: WebSocket; frames: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}/api/messageHub`, {
      headers: cookie ? { cookie } : {},
      ...(origin ? { origin } : {}),
    });
    const frames: unknown[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
    socket.on('open', () => resolve({ socket, frames }));
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('messageHub', () => {
  it('delivers ReceiveMessage to the user only, including messages published by another server process', async () => {
    const mine = await connect(t.reviewer.cookie);
    const theirs = await connect(t.admin.cookie);
    await until(() => mine.frames.length > 0);
    await second.deps.hub.publish(t.reviewer.userId, { subject: 'Your request was approved' });
    await until(() => mine.frames.length > 1);
    expect(mine.frames[1]).toEqual({
      type: 'ReceiveMessage',
      message: { subject: 'Your request was approved' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames).toEqual([{ type: 'Connected' }]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('refuses a connection without a session', async () => {
    await expect(connect()).rejects.toThrow('HTTP 401');
  });

  it('refuses a page of another site, and accepts pages of its own origin', async () => {
    await expect(connect(t.reviewer.cookie, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(connect(t.reviewer.cookie, 'null')).rejects.toThrow('HTTP 403');
    const own = await connect(t.reviewer.cookie, url.replace('ws', 'http'));
    await until(() => own.frames.length > 0);
    expect(own.frames[0]).toEqual({ type: 'Connected' });
    own.socket.close();
    // Outside production, the Vite dev server on another port of this machine proxies the socket.
    const dev = await connect(t.reviewer.cookie, 'http://localhost:5173');
    dev.socket.close();
  });
});
