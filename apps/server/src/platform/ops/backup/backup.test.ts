import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, pgliteExtensions } from '@licensure/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDbKind } from '../../../test/test-database';
import { requestBackup, startOpsSocket } from './ops-socket';
import { restoreBackup } from './restore-backup';

// Issue 28 item 4: a backup of the running embedded database, taken during a stream of writes, restores
// into a new folder with every write acknowledged before it began, and the uploaded files.

const work = mkdtempSync(path.join(tmpdir(), 'licensure-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const silent = { info() {}, error() {} };

describe.skipIf(testDbKind !== 'pglite')('npm run backup on the embedded database', () => {
  it('backs up while writes go on; the restore has every acknowledged write and the files', async () => {
    const dataDir = path.join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    // The server's database: a migrated copy in a real data folder.
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pgdata'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      extensions: pgliteExtensions,
    });
    const database = fromPglite(pglite);
    await pglite.exec('create table backup_probe (n int primary key, note text not null)');
    await mkdir(path.join(dataDir, 'files', 'a1'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', 'a1', 'a1b2'), 'an uploaded licence scan');
    await writeFile(path.join(dataDir, 'ssn.key'), 'key-of-this-folder\n');
    const server = await startOpsSocket(database, dataDir, silent);

    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 1; writing; n++) {
        // Half the writes in a transaction of two statements, so the dump may fall between them.
        if (n % 2)
          await database.db.transaction(async (tx) => {
            await tx.execute(`insert into backup_probe values (${n}, 'pending')`);
            await tx.execute(`update backup_probe set note = 'committed' where n = ${n}`);
          });
        else await pglite.query('insert into backup_probe values ($1, $2)', [n, 'committed']);
        acknowledged.push(n);
        // Writes arrive as requests do, from the event loop: PGlite answers in microtasks, so a loop of
        // awaits alone never lets the backup's socket (or a timer) run, and the test hung.
        await new Promise((r) => setImmediate(r));
      }
    })();
    while (acknowledged.length < 50) await new Promise((r) => setTimeout(r, 10));
    const beforeBackup = [...acknowledged];
    const file = path.join(work, 'backup.licbak');
    await requestBackup(dataDir, file);
    writing = false;
    await writer;
    await new Promise<void>((r) => server.close(() => r()));
    await pglite.close();

    const restored = path.join(work, 'restored');
    await restoreBackup(file, restored);
    const copy = await PGlite.create({
      dataDir: path.join(restored, 'pgdata'),
      extensions: pgliteExtensions,
    });
    const rows = (await copy.query<{ n: number; note: string }>('select n, note from backup_probe')).rows;
    const found = new Set(rows.map((r) => r.n));
    expect(beforeBackup.filter((n) => !found.has(n))).toEqual([]);
    // Only whole transactions: no row is left half-written.
    expect(rows.filter((r) => r.note !== 'committed')).toEqual([]);
    // The database is complete, not only the probe: the migrated schema and its reference data.
    const migrations = await copy.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]!.n).toBeGreaterThan(40);
    await copy.close();
    expect(readFileSync(path.join(restored, 'files', 'a1', 'a1b2'), 'utf8')).toBe('an uploaded licence scan');
    expect(readFileSync(path.join(restored, 'ssn.key'), 'utf8')).toBe('key-of-this-folder\n');
  }, 240_000);

  it('tells the operator when no server runs on the folder', async () => {
    await expect(requestBackup(path.join(work, 'nothing-here'), path.join(work, 'x.licbak'))).rejects.toThrow(
      /No server is running/,
    );
  });
});
