import type { FastifyInstance } from 'fastify';
import { documentReadRoutes } from './read-routes';
import { registerDocumentUpload } from './upload-route';
import { documentWriteRoutes } from './write-routes';

/** Documents: uploads, metadata, locking, downloads with an access log, zips, attachments to records. */
export async function documentsModule(app: FastifyInstance): Promise<void> {
  await registerDocumentUpload(app);
  await documentReadRoutes(app);
  await documentWriteRoutes(app);
}
