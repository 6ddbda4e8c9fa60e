import { seedDatabase } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openTestDatabase } from '../../../test/test-database';
import { SSN_KEY } from './test-fixtures';

// A fresh start (`npm start` on a new database): the demo office publishes a signing key before anyone
// downloads a card, so the demo cards' QR codes are signed and a verifier can fetch the key at once.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SSN_KEY });
  app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('demo signing keys', () => {
  it('publishes the demo office’s key on start', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: { kid: string; crv: string }[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ crv: 'Ed25519' });
  });
});
