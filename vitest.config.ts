import { defineConfig } from 'vitest/config';

const server = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    environment: 'node',
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    env,
  },
});

// API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databases = [server('server', { TEST_DB_KIND: 'pglite' })];
if (process.env.TEST_DATABASE_URL) databases.push(server('server-pg', { TEST_DB_KIND: 'postgres' }));

export default defineConfig({
  test: {
    projects: [
      ...databases,
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
