import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fbForms, fbGroups, fbPages, fbQuestions, fbResponses } from '@licensure/db';
import type { Caller, TestContext } from '../../test/test-app';
import { upload } from '../clinicians/test-helpers';

export {
  createFilesTestContext,
  createService,
  createServiceAdministrator,
  upload,
} from '../clinicians/test-helpers';

/** Real files of allowed types: a 1x1 PNG and a minimal PDF. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let formCounter = 0;

/** A form with one page, group and file question (whose files get `documentTypeId`), and a response to it. */
export async function createResponse(
  t: TestContext,
  options: { userId: string | null; submitted?: boolean; documentTypeId?: string | null },
) {
  const db = t.database.db;
  const enterprise_id = t.enterpriseId;
  const [form] = await db
    .insert(fbForms)
    .values({ enterprise_id, name: `Form ${++formCounter} ${Date.now()}` })
    .returning();
  if (!form) throw new Error('form not created');
  const [page] = await db
    .insert(fbPages)
    .values({ enterprise_id, form_id: form.id, title: 'Page 1' })
    .returning();
  const [group] = await db
    .insert(fbGroups)
    .values({ enterprise_id, form_id: form.id, page_id: page!.id, title: 'Files' })
    .returning();
  const [question] = await db
    .insert(fbQuestions)
    .values({
      enterprise_id,
      form_id: form.id,
      group_id: group!.id,
      kind: 'file',
      label: 'Your certificate',
      document_type_id: options.documentTypeId ?? null,
    })
    .returning();
  const [response] = await db
    .insert(fbResponses)
    .values({
      enterprise_id,
      form_id: form.id,
      form_version: 1,
      user_id: options.userId,
      created_by: options.userId,
      progress: options.submitted ? 2 : 1,
      completed_on: options.submitted ? new Date() : null,
    })
    .returning();
  return { form, question: question!, response: response! };
}

/** Uploads a file as the caller and answers the new document's id. */
export async function uploadFile(
  t: TestContext,
  caller: Caller,
  file: { name: string; content: Buffer } = { name: 'card.png', content: PNG },
  fields: Record<string, string> = {},
): Promise<string> {
  const res = await upload(t, caller, file, fields);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** The names and contents of a zip, read back by the system's `unzip`. */
export async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const run = promisify(execFile);
  const dir = await mkdtemp(path.join(tmpdir(), 'licensure-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    await writeFile(file, zip);
    await run('unzip', ['-t', '-qq', file]);
    const { stdout } = await run('unzip', ['-Z1', file]);
    const entries = new Map<string, Buffer>();
    for (const name of stdout.split('\n').filter(Boolean)) {
      const { stdout: content } = await run('unzip', ['-p', file, name], { encoding: 'buffer' });
      entries.set(name, content as unknown as Buffer);
    }
    return entries;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
