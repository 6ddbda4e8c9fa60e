import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEnterprise, createUser, type Database, users } from '@licensure/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { encryptSsn } from '../../crypto/ssn';
import { exportData } from './export-data';

// Issue 28 item 6: every table as CSV with a header, the uploaded files, and a manifest with row
// counts and checksums; SSNs only when asked, with the key.

const KEY = Buffer.alloc(32, 3).toString('base64');
let database: Database;
let work: string;
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  database = await openTestDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'licensure-export-'));
  const enterprise = await database.db.transaction((tx) =>
    createEnterprise(tx, { name: 'Export EMS', abbreviation: 'EX' }),
  );
  await createUser(database.db, enterprise.id, {
    first_name: 'Zoë, "the medic"',
    last_name: 'Line\nBreak',
    ssn_encrypted: encryptSsn(KEY, '123456789'),
    ssn_last4: '6789',
  });
  await mkdir(path.join(work, 'files', 'ab'), { recursive: true });
  await writeFile(path.join(work, 'files', 'ab', 'ab01'), 'scanned licence');
  await writeFile(path.join(work, 'files', 'ab', 'ab02.part'), 'half an upload');
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** Splits CSV text into records of fields (quotes, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): (string | null)[][] {
  const records: (string | null)[][] = [];
  let record: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    record.push(field === '' && !wasQuoted ? null : field);
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      records.push(record);
      record = [];
    } else if (c !== '\r') field += c;
  }
  return records;
}

describe('npm run export', () => {
  it('writes every table with its header and rows, the files, and a manifest that checks out', async () => {
    const dir = path.join(work, 'out');
    const manifest = await exportData(database, { dir, filesDir: path.join(work, 'files'), batchSize: 1000 });
    const names = manifest.tables.map((t) => t.table);
    for (const table of ['users', 'enterprises', 'mail_log', 'domain_events', 'certifications', 'documents'])
      expect(names).toContain(table);
    for (const t of manifest.tables) {
      const file = path.join(dir, t.file);
      expect(sha(file), t.file).toBe(t.sha256);
      const records = parseCsv(readFileSync(file, 'utf8'));
      expect(records[0], t.file).toEqual(t.columns);
      expect(records.length - 1, t.file).toBe(t.rows);
    }
    const [people] = await database.db.select({ n: count() }).from(users);
    const usersEntry = manifest.tables.find((t) => t.table === 'users')!;
    expect(usersEntry.rows).toBe(people!.n);
    // No SSN column at all unless asked; the last four digits (what staff see) stay.
    expect(usersEntry.columns).not.toContain('ssn_encrypted');
    expect(usersEntry.columns).not.toContain('ssn');
    expect(usersEntry.columns).toContain('ssn_last4');
    const text = readFileSync(path.join(dir, usersEntry.file), 'utf8');
    expect(text).not.toContain('123456789');
    const rows = parseCsv(text);
    const zoe = rows.find((r) => r[usersEntry.columns.indexOf('first_name')] === 'Zoë, "the medic"');
    expect(zoe?.[usersEntry.columns.indexOf('last_name')]).toBe('Line\nBreak');

    expect(manifest.files).toEqual([
      { path: 'ab/ab01', bytes: 15, sha256: createHash('sha256').update('scanned licence').digest('hex') },
    ]);
    expect(readFileSync(path.join(dir, 'files', 'ab', 'ab01'), 'utf8')).toBe('scanned licence');
    const written = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(written).toMatchObject({ format: 'licensure-export-1', ssn: 'omitted' });
    expect(written.tables).toEqual(manifest.tables);
  }, 180_000);

  it('writes SSNs in clear only when asked, with the key', async () => {
    const dir = path.join(work, 'with-ssn');
    const manifest = await exportData(database, { dir, ssnKey: KEY });
    expect(manifest.ssn).toBe('included');
    const usersEntry = manifest.tables.find((t) => t.table === 'users')!;
    const ssnAt = usersEntry.columns.indexOf('ssn');
    expect(ssnAt).toBeGreaterThan(-1);
    const rows = parseCsv(readFileSync(path.join(dir, usersEntry.file), 'utf8'));
    expect(rows.map((r) => r[ssnAt])).toContain('123456789');
    await expect(
      exportData(database, {
        dir: path.join(work, 'wrong-key'),
        ssnKey: Buffer.alloc(32, 9).toString('base64'),
      }),
    ).rejects.toThrow();
  }, 180_000);
});
