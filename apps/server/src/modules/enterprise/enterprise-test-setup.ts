// Shared setup of the enterprise tests: each test file builds its own app, database and reCAPTCHA
// stand-in through it.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEnterprise } from '@licensure/db';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

export const RECAPTCHA_SECRET = 'test-recaptcha-secret';

/** A stand-in for Google's siteverify: token 'good' passes for the action 'login'; 'broken' fails the service. */
export let verifier: Server;
export const verifications: URLSearchParams[] = [];

export let t: TestContext;
/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupEnterpriseTests(): void {
  beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        verifications.push(form);
        if (
          req.method !== 'POST' ||
          !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ) {
          res.writeHead(405).end();
          return;
        }
        if (form.get('response') === 'broken') {
          res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Service unavailable</html>');
          return;
        }
        const ok = form.get('secret') === RECAPTCHA_SECRET && form.get('response') === 'good';
        const answer = ok
          ? {
              success: true,
              score: 0.9,
              action: 'login',
              challenge_ts: new Date().toISOString(),
              hostname: 'localhost',
            }
          : { success: false, 'error-codes': ['invalid-input-response'] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const { port } = verifier.address() as AddressInfo;
    t = await createTestContext({
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await t?.close();
    verifier?.closeAllConnections();
    await new Promise((resolve) => verifier?.close(resolve));
  });
}

export type EnterpriseBody = Record<string, unknown> & {
  id: string;
  entities: {
    id: string;
    label: string;
    code: string | null;
    is_user: boolean;
    is_service: boolean;
    is_vehicle: boolean;
    categories: {
      name: string;
      label: string;
      fields: { id: string; name: string; label: string; field_type: string; required: boolean }[];
    }[];
  }[];
};

export const get = (url: string, caller = t.admin) => t.call(caller, { method: 'GET', url });

export async function putEnterprise(
  settings: Record<string, unknown>,
  caller = t.admin,
  id = t.enterpriseId,
) {
  return t.call(caller, { method: 'PUT', url: `/api/enterprise/${id}`, payload: { enterprise: settings } });
}

export async function setSettings(settings: Record<string, unknown>) {
  const res = await putEnterprise(settings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EnterpriseBody;
}

export async function otherEnterprise() {
  return t.database.db.transaction((tx) =>
    createEnterprise(
      tx,
      { name: `Other state ${randomUUID().slice(0, 6)}`, abbreviation: 'OK' },
      { referenceData: false },
    ),
  );
}
