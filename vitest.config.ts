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
    // A worker runs its test files one after another in one module graph instead of importing the
    // whole app again for each (imports were 40% of the time: server-pg 9 -> 4 min). Every file builds
    // its own app and database, and no test mocks a module. VITEST_ISOLATE=1 isolates each file again,
    // as .ci/run's second pass does, so a test that leans on another file's leftovers still fails there.
    isolate: process.env.VITEST_ISOLATE === '1',
    env,
  },
});

// API tests run on PGlite (the embedded default) unless TEST_DATABASE_URL is set, then on that
// PostgreSQL server. CI sets it and runs the PGlite project separately on Node 24 (.ci/run), so every
// API test runs on both databases without running the longest project twice. TEST_PGLITE=1 keeps the
// PGlite project when a server is set.
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);
const databases = [];
if (!usePostgres || process.env.TEST_PGLITE === '1')
  databases.push(server('server', { TEST_DB_KIND: 'pglite' }));
if (usePostgres) databases.push(server('server-pg', { TEST_DB_KIND: 'postgres' }));

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
