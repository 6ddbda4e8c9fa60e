import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { domainEvents, openPglite, openPostgres } from '@licensure/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'restart-fixture.ts');
// Node itself with tsx's loader, not the tsx command: that one runs the script in a child process of
// its own, which a SIGKILL of the command would leave running (holding its jobs, its transaction, and
// on PGlite the data folder).
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../../node_modules/tsx/dist/loader.mjs')).href;

/** Runs the fixture; resolves with the process once a stdout line matches `until` (all lines kept). */
function run(args: string[], until: (lines: string[]) => boolean) {
  const child = spawn(process.execPath, ['--import', tsxLoader, fixture, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const ready = new Promise<{ child: ChildProcess; lines: string[] }>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += String(d);
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
      if (until(lines)) resolve({ child, lines });
    });
    child.on('exit', (code) => {
      if (!until(lines)) reject(new Error(`fixture exited ${code}: ${lines.join('\n')}\n${stderr}`));
    });
  });
  return ready;
}

const exited = (child: ChildProcess) => new Promise((r) => child.once('exit', r));

async function crashAndResume(target: string): Promise<string[]> {
  const crash = await run([target, 'crash'], (l) => l.filter((x) => x.startsWith('hanging')).length === 2);
  const ids = crash.lines.filter((l) => l.startsWith('sent ')).map((l) => l.slice(5));
  expect(ids).toHaveLength(2);
  crash.child.kill('SIGKILL');
  await exited(crash.child);
  const resume = await run([target, 'resume', '--', ...ids], (l) => l.includes('completed'));
  await exited(resume.child);
  return [...crash.lines, ...resume.lines];
}

describe('jobs survive a kill -9', () => {
  it('on PGlite in a data folder: both jobs run again after restart and do their work once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'licensure-restart-'));
    try {
      const lines = await crashAndResume(path.join(dir, 'pgdata'));
      expect(lines).toContain('run after-commit 1');
      expect(lines).toContain('run in-transaction 1');
      const database = await openPglite(path.join(dir, 'pgdata'));
      const work = await database.db.select().from(domainEvents).where(eq(domainEvents.name, 'restart.work'));
      await database.close();
      expect(work.map((w) => w.object_id).sort()).toEqual(['after-commit', 'in-transaction']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: the same',
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = `licensure_restart_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      try {
        const lines = await crashAndResume(target.toString());
        expect(lines).toContain('run after-commit 1');
        const database = openPostgres(target.toString(), 1);
        const work = await database.db
          .select()
          .from(domainEvents)
          .where(eq(domainEvents.name, 'restart.work'));
        await database.close();
        expect(work.map((w) => w.object_id).sort()).toEqual(['after-commit', 'in-transaction']);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    // Two processes start, each migrating a fresh PostgreSQL database: slow when CI runs both projects.
    120_000,
  );
});
