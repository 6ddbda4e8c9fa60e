import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { allowedUploadTypes, documentRecord, documentUploadFields } from '@licensure/contracts';
import { documents, users } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromStream } from 'file-type';
import { actorOf, recordChange } from '../audit/record-change';
import { AppError, badRequest, forbidden } from '../http/errors';
import { presentDocument } from './documents';
import { type FileStorage, FileTooLargeError } from './storage';

type AllowedType = keyof typeof allowedUploadTypes;

/** The content's type from its bytes, or undefined when it is not one the platform accepts. */
export async function sniffType(
  files: FileStorage,
  key: string,
  name: string,
): Promise<AllowedType | undefined> {
  const found = await fileTypeFromStream(Readable.toWeb(await files.get(key)) as ReadableStream<Uint8Array>);
  if (found) return found.mime in allowedUploadTypes ? (found.mime as AllowedType) : undefined;
  if (name.toLowerCase().endsWith('.csv') && (await isUtf8Text(files, key))) return 'text/csv';
  return undefined;
}

async function isUtf8Text(files: FileStorage, key: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of await files.get(key)) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (hasControlCharacters(text)) return false;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Control characters other than tab, line feed, form feed and carriage return mean binary content. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return true;
  }
  return false;
}

const cleanName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255) || 'upload';

/**
 * POST /api/Documents/upload: one multipart `file` part (after optional fields description,
 * document_type_id, candidate_id). Stores the bytes under a random name, checks the type from the
 * content, and answers the document record. The documents module of the forms issue extends this.
 */
export async function registerDocumentUpload(app: FastifyInstance): Promise<void> {
  const maxBytes = app.deps.config.UPLOAD_MAX_BYTES;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 12 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const files = app.deps.files;

    r.post('/api/Documents/upload', {
      config: { access: 'authenticated' },
      schema: {
        tags: ['documents'],
        summary: 'Upload a file (multipart/form-data, part "file"); answers the document',
        consumes: ['multipart/form-data'],
        response: { 200: documentRecord },
      },
      handler: async (request) => {
        const auth = request.auth;
        if (!auth) throw forbidden();
        if (!request.isMultipart()) throw badRequest({ file: 'Send the file as multipart/form-data.' });
        const part = await request.file();
        if (part?.fieldname !== 'file') throw badRequest({ file: 'A file part named "file" is required.' });
        const raw = Object.fromEntries(
          Object.entries(part.fields).flatMap(([k, v]) =>
            v && !Array.isArray(v) && v.type === 'field' ? [[k, String(v.value)]] : [],
          ),
        );
        const parsed = documentUploadFields.safeParse(raw);
        if (!parsed.success) {
          part.file.resume();
          const issue = parsed.error.issues[0];
          throw badRequest({ [String(issue?.path[0] ?? '_')]: issue?.message ?? 'Invalid value' });
        }
        const candidateId = parsed.data.candidate_id ?? auth.userId;
        if (candidateId !== auth.userId) {
          const [person] = auth.isStaff
            ? await db
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.id, candidateId), eq(users.enterprise_id, request.enterpriseId)))
            : [];
          if (!person) {
            part.file.resume();
            if (!auth.isStaff) throw forbidden();
            throw badRequest({ candidate_id: 'There is no such person.' });
          }
        }

        let stored: Awaited<ReturnType<FileStorage['put']>>;
        try {
          stored = await files.put(part.file, { maxBytes });
          if (part.file.truncated) {
            await files.delete(stored.key);
            throw new FileTooLargeError(maxBytes);
          }
        } catch (err) {
          if (err instanceof FileTooLargeError || (err as { statusCode?: number }).statusCode === 413)
            throw new AppError(
              'payload_too_large',
              `The file is larger than the limit of ${maxBytes} bytes.`,
            );
          throw err;
        }
        const name = cleanName(part.filename);
        const mime = stored.sizeBytes === 0 ? undefined : await sniffType(files, stored.key, name);
        if (!mime) {
          await files.delete(stored.key);
          throw badRequest({
            file:
              stored.sizeBytes === 0
                ? 'The file is empty.'
                : 'This type of file is not accepted (PDF, images, Word, Excel or CSV).',
          });
        }
        try {
          const doc = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(documents)
              .values({
                enterprise_id: request.enterpriseId,
                name,
                description: parsed.data.description ?? null,
                document_type_id: parsed.data.document_type_id ?? null,
                user_id: candidateId,
                storage_key: stored.key,
                mime_type: mime,
                size_bytes: stored.sizeBytes,
                sha256: stored.sha256,
                uploaded_by: auth.userId,
              })
              .returning();
            if (!row) throw new Error('document insert returned nothing');
            await recordChange(tx, actorOf(request), {
              entity: 'documents',
              objectId: row.id,
              action: 'create',
              after: presentDocument(row),
            });
            return row;
          });
          return presentDocument(doc);
        } catch (err) {
          await files.delete(stored.key);
          throw err;
        }
      },
    });
  });
}
