import { Readable } from 'node:stream';
import type { RosterImportProgress } from '@licensure/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { unpackZip } from '../../platform/files/archive-limits';
import type { TestContext } from '../../test/test-app';
import { createFilesTestContext, createService, HEADER, upload, xlsxOf } from './test-helpers';

let t: TestContext;
let service: { id: string };
beforeAll(async () => {
  t = await createFilesTestContext();
  service = await createService(t);
});
afterAll(async () => t?.close());

/**
 * A real workbook whose shared strings are `megabytes` MB of one repeated string: a few hundred KB
 * on disk, far more unpacked (what exhausted the heap in the security finding).
 */
async function sharedStringsBomb(megabytes: number): Promise<Buffer> {
  const entries = await unpackZip(
    await xlsxOf([HEADER, ['Bomb', 'Shared', 'b@example.org', '', '', 'EMT', '', '']]),
  );
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    if (e.name !== 'xl/sharedStrings.xml') {
      zip.addBuffer(e.content, e.name);
      continue;
    }
    const item = '<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>';
    const chunk = item.repeat(Math.floor((1024 * 1024) / item.length));
    const count = megabytes * Math.floor((1024 * 1024) / item.length);
    async function* xml() {
      yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`;
      for (let i = 0; i < megabytes; i++) yield chunk;
      yield '</sst>';
    }
    zip.addReadStream(Readable.from(xml()), e.name);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('roster import of a hostile spreadsheet', () => {
  it('refuses a shared-strings zip bomb with a clear 400, in bounded memory, and keeps serving', async () => {
    const bomb = await sharedStringsBomb(200);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const doc = await upload(t, t.admin, { name: 'bomb.xlsx', content: bomb });
    expect(doc.statusCode, doc.body).toBe(200);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}`,
    });
    const grown = process.memoryUsage().rss - before;
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.documentId).toMatch(/refused: .*(zip bomb|more than 20 MB)/);
    expect(grown).toBeLessThan(150 * 1024 * 1024);
    // The server is still there.
    const alive = await t.call(t.admin, { method: 'GET', url: '/api/auth/session' });
    expect(alive.statusCode).toBeLessThan(500);
  });

  it('as a job: the job reports the refusal through the hub and the queue goes on', async () => {
    const events: RosterImportProgress[] = [];
    const detach = await t.app.deps.hub.attach(t.admin.userId, {
      send(frame: string) {
        const { message } = JSON.parse(frame) as { message: RosterImportProgress };
        if (message?.type === 'rosterImport') events.push(message);
      },
    });
    const doc = await upload(t, t.admin, { name: 'bomb.xlsx', content: await sharedStringsBomb(60) });
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/clinicians/importClinicians/${doc.json().id}/${service.id}?async=true`,
    });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();
    let last: RosterImportProgress | undefined;
    for (let i = 0; i < 300 && !last; i++) {
      last = events.find((e) => e.jobId === jobId && e.done);
      await new Promise((r) => setTimeout(r, 50));
    }
    detach();
    expect(last?.error?.code).toBe('validation_failed');
    expect(last?.error?.message).toMatch(/refused: .*(zip bomb|more than 20 MB)/);
    expect((await t.app.deps.jobs.find('roster-import', jobId))?.state).toBe('completed');
  });
});
