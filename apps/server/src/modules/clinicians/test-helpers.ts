import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servicePersonnel, services } from '@licensure/db';
import ExcelJS from 'exceljs';
import type { Caller, TestContext } from '../../test/test-app';
import { createTestContext } from '../../test/test-app';

/** A test server whose files go to a temporary DATA_DIR, removed on close. */
export async function createFilesTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dir = await mkdtemp(path.join(tmpdir(), 'licensure-files-'));
  const t = await createTestContext({ DATA_DIR: dir, ...env });
  const close = t.close;
  return {
    ...t,
    async close() {
      await close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body built by hand: fields first, then the `file` part. */
export function multipartBody(
  file: { name: string; content: Buffer; type?: string; field?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----licensure${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestContext,
  caller: Caller | null,
  file: { name: string; content: Buffer; type?: string; field?: string },
  fields: Record<string, string> = {},
) {
  return t.call(caller, { method: 'POST', url: '/api/Documents/upload', ...multipartBody(file, fields) });
}

export const HEADER = [
  'Last name',
  'First name',
  'Email',
  'Date of birth',
  'National EMS ID',
  'Position',
  'Start date',
  'Designated',
];

/** A real xlsx file of the rows (the first row is the header). */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Roster');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const csvOf = (rows: string[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n')}\r\n`,
  );

export async function createService(t: TestContext, name = 'Lakeside Ambulance') {
  const [s] = await t.database.db
    .insert(services)
    .values({ enterprise_id: t.enterpriseId, name })
    .returning();
  if (!s) throw new Error('service not created');
  return s;
}

/** A portal user who administers the service. */
export async function createServiceAdministrator(t: TestContext, serviceId: string): Promise<Caller> {
  const caller = await t.createCaller([], { isStaff: false, isPortal: true });
  await t.database.db.insert(servicePersonnel).values({
    enterprise_id: t.enterpriseId,
    service_id: serviceId,
    user_id: caller.userId,
    is_administrator: true,
  });
  return caller;
}
