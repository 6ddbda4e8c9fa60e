import { type PermissionKey, permissionKeys } from '@licensure/contracts';
import { createEnterprise, createSecurityTemplate, createUser, type Database } from '@licensure/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { hashPassword } from '../platform/auth/passwords';
import { openTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct-horse-battery-staple';

export interface Caller {
  userId: string;
  userName: string;
  cookie: string;
  csrf: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  enterpriseId: string;
  /** Staff with every permission. */
  admin: Caller;
  /** Staff with lookups.read and a few read permissions, no writes. */
  reviewer: Caller;
  /** A portal user (the portal template: lookups.read). */
  applicant: Caller;
  /** Staff holding no permission at all. */
  nobody: Caller;
  /** Calls the API as a caller (cookie and CSRF header), or anonymously. */
  call(caller: Caller | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  signIn(userName: string, password?: string, isPortal?: boolean): Promise<Caller>;
  createCaller(
    permissions: readonly PermissionKey[],
    options?: { isStaff?: boolean; isPortal?: boolean },
  ): Promise<Caller>;
  close(): Promise<void>;
}

const passwordHash = hashPassword(TEST_PASSWORD);

/** A server on a fresh database with one enterprise, its standard lists and four kinds of caller. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });
  const enterprise = await database.db.transaction((tx) =>
    createEnterprise(tx, { name: 'Test State EMS', abbreviation: 'TX' }),
  );
  await createSecurityTemplate(database.db, enterprise.id, ['lookups.read'], {
    label: 'Portal applicant',
    is_portal_default: true,
  });
  // The job queue starts on first use (a job sent, or jobs.start()), so most test files never pay for it.
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();

  const call = (caller: Caller | null, options: InjectOptions) =>
    app.inject({
      ...options,
      headers: {
        ...(caller ? { cookie: caller.cookie, 'x-csrf-token': caller.csrf } : {}),
        ...options.headers,
      },
    });

  async function signIn(userName: string, password = TEST_PASSWORD, isPortal = false): Promise<Caller> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: userName, password, isPortal },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${userName} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const body = res.json() as { user_id: string; csrfToken: string };
    return { userId: body.user_id, userName, cookie, csrf: body.csrfToken };
  }

  async function createCaller(
    permissions: readonly PermissionKey[],
    options: { isStaff?: boolean; isPortal?: boolean } = {},
  ) {
    const isStaff = options.isStaff ?? true;
    const template = await createSecurityTemplate(database.db, enterprise.id, permissions);
    const user = await createUser(database.db, enterprise.id, {
      is_staff: isStaff,
      password_hash: await passwordHash,
      templateIds: [template.id],
    });
    return signIn(user.user_name ?? '', TEST_PASSWORD, options.isPortal ?? !isStaff);
  }

  const [admin, reviewer, applicant, nobody] = await Promise.all([
    createCaller(permissionKeys),
    createCaller(['lookups.read', 'users.read', 'enterprise.read']),
    createCaller([], { isStaff: false, isPortal: true }),
    createCaller([]),
  ]);

  return {
    app,
    database,
    enterpriseId: enterprise.id,
    admin: admin!,
    reviewer: reviewer!,
    applicant: applicant!,
    nobody: nobody!,
    call,
    signIn,
    createCaller,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
